import ProcessSpawn

/// A program run beside wpnews for a while, never on its output: `watch --exec` and
/// `--notify`. Its stdin is /dev/null and its stdout goes to wpnews's stderr (stdout may carry
/// JSON Lines); it is killed when it runs over `limit`.
enum SideCommand {
    enum Outcome: Equatable, CustomStringConvertible {
        case exited(Int32)
        case killed(Int32)
        case timedOut(seconds: Int)
        case notStarted

        var description: String {
            switch self {
            case .exited(let status): "it exited with status \(status)"
            case .killed(let signal): "it was killed by signal \(signal)"
            case .timedOut(let seconds): "it ran over \(seconds) s and was stopped"
            case .notStarted: "/bin/sh could not be started"
            }
        }
    }

    static func run(_ command: String, arguments: [String] = [], environment: [String: String], limit: Duration) async -> Outcome {
        let child: ChildProcess.Running
        do {
            child = try ChildProcess.shell(command, arguments: arguments, environment: environment).start(input: .nothing, output: .standardError)
        } catch {
            return .notStarted
        }
        // Polled rather than waited for, so no thread is held and the limit can be kept.
        let deadline = ContinuousClock.now + limit
        while true {
            switch child.exitIfEnded() {
            case .exited(let status)?: return .exited(status)
            case .killed(let signal)?: return .killed(signal)
            case nil: break
            }
            if ContinuousClock.now >= deadline {
                _ = child.kill()
                return .timedOut(seconds: Int(limit.components.seconds))
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
