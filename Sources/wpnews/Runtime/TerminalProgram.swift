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
        // The program gets the default signal handling, whatever wpnews ignores, and no
        // blocked signals: the thread spawning it may be a dispatch worker, which blocks
        // most of them, and a program that cannot see Ctrl-C or a hangup outlives wpnews.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGQUIT, SIGTSTP, SIGWINCH, SIGTERM, SIGCONT] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        defer { posix_spawnattr_destroy(&attributes) }

        let words = ["/bin/sh", "-c", command, "sh"] + arguments
        let argv = words.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + variables).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, variables)
        if input != nil { close(pipeEnds[0]) }
        guard spawned == 0 else {
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
