import Glibc
import TerminalRender

/// Long output on a terminal goes through `$PAGER` (default `less -R`, with `LESS=FRX` when
/// `LESS` is unset, so a short article prints and exits); anywhere else it is printed.
struct Pager {
    let terminal: Terminal
    /// Off when the screen will be redrawn right after (live search): a short article must
    /// wait for the reader, not flash by.
    var quitIfOneScreen = true

    func show(_ text: TerminalText, enabled: Bool) {
        guard enabled, terminal.stdoutIsTerminal else { return Output.write(text) }
        if let failure = Interrupts.whilePagerShows({ run(text) }) {
            Output.note("wpnews: the pager (\(command)) \(failure): printing instead")
            Output.write(text)
        }
    }

    private var command: String {
        terminal.environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -R"
    }

    /// Nil when the pager showed the text; else how it failed, and the text still gets
    /// printed. A pager that exits with an error status (`PAGER=false`, a pager that is not
    /// installed) has shown nothing the reader could read.
    ///
    /// Spawned directly rather than through Foundation's `Process`, which starts the child
    /// in a session of its own: a pager there has no terminal to read keys from.
    private func run(_ text: TerminalText) -> String? {
        var environment = terminal.environment
        if environment["LESS"] == nil { environment["LESS"] = quitIfOneScreen ? "FRX" : "RX" }

        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return "could not be started" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The pager gets the default signal handling, whatever wpnews ignores, and no
        // blocked signals: the thread spawning it may be a dispatch worker, which blocks
        // most of them, and a pager that cannot see Ctrl-C or a hangup outlives its reader.
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

        let words: [String] = ["/bin/sh", "-c", command]
        let arguments = words.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + variables).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, variables)
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(pipeEnds[1])
            return "could not be started"
        }
        // Ctrl-C in the pager is the pager's; quitting it early closes the pipe, not an error.
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        Output.write(bytes: text.string, to: pipeEnds[1])
        close(pipeEnds[1])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        signal(SIGINT, previousInterrupt)
        signal(SIGPIPE, previousPipe)
        let exitCode = (status >> 8) & 0xFF
        guard status & 0x7F == 0, exitCode != 0 else { return nil }
        // 126/127: the shell could not find or run it.
        return exitCode == 126 || exitCode == 127 ? "could not be run" : "failed (exit status \(exitCode))"
    }
}
