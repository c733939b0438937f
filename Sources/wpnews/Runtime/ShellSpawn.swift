import Glibc

/// How wpnews starts another program: `/bin/sh -c COMMAND` with `arguments` as `$1`, `$2`...
/// (never parsed by the shell, so no text from a site can run anything), the environment
/// given and nothing else, the default signal handling and no blocked signals.
enum ShellSpawn {
    /// The child's pid, or nil when it could not be started.
    static func start(
        _ command: String, arguments: [String], environment: [String: String], actions: inout posix_spawn_file_actions_t
    ) -> pid_t? {
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
        return posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, variables) == 0 ? child : nil
    }
}

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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        guard let child = ShellSpawn.start(command, arguments: arguments, environment: environment, actions: &actions) else {
            return .notStarted
        }
        // Polled rather than waited for, so no thread is held and the limit can be kept.
        let deadline = ContinuousClock.now + limit
        var status: Int32 = 0
        while true {
            let done = waitpid(child, &status, WNOHANG)
            if done == child { break }
            if done < 0 && errno != EINTR { return .exited(-1) }
            if ContinuousClock.now >= deadline {
                kill(child, SIGKILL)
                while waitpid(child, &status, 0) < 0 && errno == EINTR {}
                return .timedOut(seconds: Int(limit.components.seconds))
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .killed(status & 0x7F)
    }
}
