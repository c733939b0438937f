import Glibc

/// Another program run on wpnews's terminal, waited for: the pager, the browser.
///
/// Spawned directly rather than through Foundation's `Process`, which starts the child in a
/// session of its own: a program there has no terminal to read keys from.
enum TerminalProgram {
    enum Outcome: Equatable {
        case exited(Int32)
        case killed
        case notStarted
    }

    /// Runs `command` with `/bin/sh -c`; `arguments` are its `$1`, `$2`... (never parsed by
    /// the shell, so an address cannot run anything); `input` is written to its stdin.
    static func run(_ command: String, arguments: [String] = [], environment: [String: String], input: String? = nil) -> Outcome {
        var pipeEnds: [Int32] = [0, 0]
        if input != nil { guard pipe(&pipeEnds) == 0 else { return .notStarted } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        }
        defer { posix_spawn_file_actions_destroy(&actions) }
        let spawned = ShellSpawn.start(command, arguments: arguments, environment: environment, actions: &actions)
        if input != nil { close(pipeEnds[0]) }
        guard let child = spawned else {
            if input != nil { close(pipeEnds[1]) }
            return .notStarted
        }
        // Ctrl-C is the program's while it runs; one that quits early closes the pipe, not an error.
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        if let input {
            Output.write(bytes: input, to: pipeEnds[1])
            close(pipeEnds[1])
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        signal(SIGINT, previousInterrupt)
        signal(SIGPIPE, previousPipe)
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .killed
    }
}
