import Glibc
import ProcessSpawn

/// Another program run on wpnews's terminal, waited for: the pager, the browser.
enum TerminalProgram {
    enum Outcome: Equatable {
        case exited(Int32)
        case killed
        case notStarted
    }

    /// Runs `command` with `/bin/sh -c`; `arguments` are its `$1`, `$2`... (never parsed by
    /// the shell, so an address cannot run anything); `input` is written to its stdin.
    static func run(_ command: String, arguments: [String] = [], environment: [String: String], input: String? = nil) -> Outcome {
        // Ctrl-C is the program's while it runs (the child gets the default handling back).
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, previousInterrupt) }
        let program = ChildProcess.shell(command, arguments: arguments, environment: environment)
        guard let finished = try? program.run(input: input.map { .text($0) } ?? .inherited) else { return .notStarted }
        switch finished.exit {
        case .exited(let status): return .exited(status)
        case .killed: return .killed
        }
    }
}
