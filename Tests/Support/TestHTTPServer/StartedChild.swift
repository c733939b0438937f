import Foundation
import ProcessSpawn
import Synchronization

// The tests start their programs (wpnews, helper servers, openssl, php) with ProcessSpawn's
// ChildProcess, never Foundation's `Process`: its `run()` reads /proc/self/fd past the end of
// a buffer in Swift 6.3.1's corelibs, and crashed test runs with SIGSEGV now and then.

extension ChildProcess {
    /// `executable` with `arguments`, started through `/bin/sh` so that it can run in
    /// `directory` and send its stdout and stderr to the files named (created or emptied;
    /// "/dev/null" drops them): ChildProcess itself has no working directory, and sends output
    /// only to a pipe or to the tests' own descriptors. nil leaves each as ChildProcess has it.
    ///
    /// The shell `exec`s the program, so the child's pid is the program's and signals sent to
    /// it reach the program. The shell adds nothing to `environment`: the PWD and OLDPWD it
    /// sets itself are taken out again unless `environment` has PWD (then PWD is `directory`).
    public static func redirecting(_ executable: String, _ arguments: [String] = [], output: String? = nil, errors: String? = nil,
                                   in directory: String? = nil, environment: [String: String]) -> ChildProcess {
        let unset = environment["PWD"] == nil ? "unset OLDPWD PWD" : "unset OLDPWD"
        let script = """
            cd "$1" || exit
            [ -z "$2" ] || exec >"$2"
            [ -z "$3" ] || exec 2>"$3"
            \(unset)
            shift 3
            exec "$@"
            """
        return .shell(script, arguments: [directory ?? ".", output ?? "", errors ?? "", executable] + arguments, environment: environment)
    }

    /// `run` on a thread of its own: the blocking wait would otherwise hold one of the few
    /// threads the tests share, which in-process servers and tests running beside need.
    public func finish(input: Input = .inherited, output: Destination = .inherited, errors: Destination = .inherited) async throws -> Finished {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try run(input: input, output: output, errors: errors) }) }.start()
        }
    }
}

/// A program a test started and left running (a server, or wpnews to be interrupted), with
/// `/dev/null` for stdin. It is waited for once only, here, which keeps how it ended for
/// every later question; after that its pid may be another process's, so `signal` sends
/// nothing more.
public final class StartedChild: Sendable {
    public let pid: pid_t
    private let running: ChildProcess.Running
    private let outcome = Mutex<ChildProcess.Exit?>(nil)

    public init(_ child: ChildProcess) throws(ChildProcess.NotStarted) {
        running = try child.start(input: .nothing)
        pid = running.pid
    }

    /// How it ended, or nil while it runs.
    public var exit: ChildProcess.Exit? {
        outcome.withLock { exit in
            if exit == nil { exit = running.exitIfEnded() }
            return exit
        }
    }

    /// Sends it `signal` while it runs.
    public func signal(_ signal: Int32) {
        // Until it is waited for, its pid stays its own, even once it has ended; the lock
        // keeps it from being waited for before the signal is sent.
        outcome.withLock { exit in
            if exit == nil { kill(pid, signal) }
        }
    }

    /// Waits for its end, checking every few milliseconds without holding a thread.
    public func ended() async -> ChildProcess.Exit {
        while true {
            if let exit { return exit }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Ends it with SIGTERM and waits for that: for programs that end at once on it (the
    /// default handling, which every child gets).
    @discardableResult
    public func stop() -> ChildProcess.Exit {
        signal(SIGTERM)
        return outcome.withLock { exit in
            if exit == nil { exit = running.waitForExit() }
            return exit!
        }
    }
}
