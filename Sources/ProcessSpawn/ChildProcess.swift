import Glibc

/// Another program started by wpnews, with `posix_spawn`: the pager, the browser, the
/// commands of `watch --exec` and `--notify`, the keyring's `secret-tool`. This is the one
/// way wpnews starts one.
///
/// Not Foundation's `Process`, which starts the child in a session of its own, where a pager
/// has no terminal to read keys from. The child gets the default handling of the signals
/// wpnews catches or ignores, and no blocked signals: the thread spawning it may be a dispatch
/// worker, which blocks most of them, and a program that cannot see Ctrl-C or a hangup
/// outlives wpnews.
public struct ChildProcess: Sendable {
    public let executable: String
    /// The words after the program's name (its `argv[1...]`).
    public let arguments: [String]
    /// The child's whole environment: nothing else of wpnews's is passed on.
    public let environment: [String: String]

    public init(executable: String, arguments: [String] = [], environment: [String: String]) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }

    /// `/bin/sh -c command` with `arguments` as `$1`, `$2`...: the shell never parses them, so
    /// no text from a site can run anything.
    public static func shell(_ command: String, arguments: [String] = [], environment: [String: String]) -> ChildProcess {
        ChildProcess(executable: "/bin/sh", arguments: ["-c", command, "sh"] + arguments, environment: environment)
    }

    /// Where the child's stdin comes from.
    public enum Input: Sendable {
        /// wpnews's own stdin (a terminal, say).
        case inherited
        /// `/dev/null`: the child reads end of input at once.
        case nothing
        /// Written to it through a pipe, then end of input.
        case text(String)
    }

    /// Where the child's stdout or stderr goes.
    public enum Destination: Sendable {
        case inherited
        /// wpnews's stderr, so that wpnews's stdout carries only its own result.
        case standardError
        /// Read by wpnews: `Finished.output` and `Finished.errors`.
        case captured
    }

    public enum Exit: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case killed(signal: Int32)

        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .killed(let signal): "was killed by signal \(signal)"
            }
        }

        init(waitStatus status: Int32) {
            self = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: status & 0x7F)
        }
    }

    public struct Finished: Sendable {
        public let exit: Exit
        /// Its stdout when captured, else empty.
        public let output: String
        /// Its stderr when captured, else empty.
        public let errors: String
    }

    /// The child could not be started: `errno` says why.
    public struct NotStarted: Error, Sendable, Equatable, CustomStringConvertible {
        public let executable: String
        public let errno: Int32

        public var description: String { "\(executable) could not be started (\(String(cString: strerror(errno))))" }
    }

    /// Runs the program to its end. Its input is written and its captured output read as
    /// each side is ready, so neither waits for the other however much either holds; a child
    /// that stops reading its input early ends the writing, not wpnews.
    public func run(input: Input = .inherited, output: Destination = .inherited, errors: Destination = .inherited) throws(NotStarted) -> Finished {
        var pipes = Pipes()
        defer { pipes.closeAll() }
        let child = try spawn(input: input, output: output, errors: errors, pipes: &pipes)
        let feed: [UInt8] = if case .text(let text) = input { Array(text.utf8) } else { [] }
        let captured = pipes.exchange(feeding: feed)
        return Finished(exit: child.waitForExit(), output: String(decoding: captured.output, as: UTF8.self),
                        errors: String(decoding: captured.errors, as: UTF8.self))
    }

    /// Starts the program and returns at once, for a caller that polls it
    /// (`Running.exitIfEnded`). Nothing feeds its stdin or reads its output here: `input` may
    /// not be `.text`, nor `output` `.captured` (`run` does those).
    public func start(input: Input = .inherited, output: Destination = .inherited) throws(NotStarted) -> Running {
        if case .text = input { preconditionFailure("start feeds no input: use run") }
        precondition(output != .captured, "start reads no output: use run")
        var pipes = Pipes()
        defer { pipes.closeAll() }
        return try spawn(input: input, output: output, errors: .inherited, pipes: &pipes)
    }

    /// A started child, waited for at most once.
    public struct Running: Sendable {
        public let pid: pid_t

        /// How it ended, or nil while it runs.
        public func exitIfEnded() -> Exit? {
            var status: Int32 = 0
            while true {
                let done = waitpid(pid, &status, WNOHANG)
                if done == pid { return Exit(waitStatus: status) }
                if done < 0 && errno == EINTR { continue }
                // 0: still running; -1 (ECHILD): already waited for, nothing more to learn.
                return done == 0 ? nil : .exited(-1)
            }
        }

        /// Waits for it to end.
        public func waitForExit() -> Exit {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                if errno != EINTR { return .exited(-1) }
            }
            return Exit(waitStatus: status)
        }

        /// Stops it at once (SIGKILL) and waits for it.
        public func kill() -> Exit {
            Glibc.kill(pid, SIGKILL)
            return waitForExit()
        }
    }

    private func spawn(input: Input, output: Destination, errors: Destination, pipes: inout Pipes) throws(NotStarted) -> Running {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch input {
        case .inherited: break
        case .nothing: posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        case .text: posix_spawn_file_actions_adddup2(&actions, try pipes.open(.input, for: executable), STDIN_FILENO)
        }
        for (destination, target, end) in [(output, STDOUT_FILENO, Pipes.End.output), (errors, STDERR_FILENO, .errors)] {
            switch destination {
            case .inherited: break
            case .standardError: if target != STDERR_FILENO { posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, target) }
            case .captured: posix_spawn_file_actions_adddup2(&actions, try pipes.open(end, for: executable), target)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGQUIT, SIGTSTP, SIGWINCH, SIGTERM, SIGCONT, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + variables).forEach { free($0) } }
        var child: pid_t = 0
        let failure = posix_spawn(&child, executable, &actions, &attributes, argv, variables)
        pipes.closeChildEnds()
        guard failure == 0 else { throw NotStarted(executable: executable, errno: failure) }
        return Running(pid: child)
    }
}

/// The pipes between wpnews and one child: the child's ends close in wpnews once it is
/// started; wpnews's ends are non-blocking, served by `exchange`.
private struct Pipes {
    enum End: Int, CaseIterable {
        case input, output, errors
    }

    /// For each end in use: the descriptor wpnews keeps and the child's.
    private var descriptors: [End: (ours: Int32, child: Int32)] = [:]

    /// Opens the pipe for `end` and returns the child's descriptor. Both are close-on-exec:
    /// the child's end is duplicated onto its stdin, stdout or stderr, which is not.
    mutating func open(_ end: End, for executable: String) throws(ChildProcess.NotStarted) -> Int32 {
        var pair: [Int32] = [-1, -1]
        // Glibc's module has no pipe2: close-on-exec is set just after.
        guard pipe(&pair) == 0 else { throw ChildProcess.NotStarted(executable: executable, errno: errno) }
        let (reading, writing) = (pair[0], pair[1])
        for descriptor in pair { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let ours = end == .input ? writing : reading
        _ = fcntl(ours, F_SETFL, fcntl(ours, F_GETFL) | O_NONBLOCK)
        descriptors[end] = (ours, end == .input ? reading : writing)
        return descriptors[end]!.child
    }

    mutating func closeChildEnds() {
        for (end, pair) in descriptors where pair.child >= 0 {
            close(pair.child)
            descriptors[end]!.child = -1
        }
    }

    mutating func closeAll() {
        closeChildEnds()
        for (end, pair) in descriptors where pair.ours >= 0 {
            close(pair.ours)
            descriptors[end]!.ours = -1
        }
    }

    /// Writes `feed` to the child's stdin and reads its captured output until the input is
    /// all written (or refused) and the outputs are at their end.
    mutating func exchange(feeding feed: [UInt8]) -> (output: [UInt8], errors: [UInt8]) {
        var read: [End: [UInt8]] = [.output: [], .errors: []]
        var written = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // A child that quits without reading makes the write fail with EPIPE; the SIGPIPE that
        // comes with it is held on this thread and taken back, so it ends nothing of wpnews's.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 && sigismember(&previousMask, SIGPIPE) == 0 {
                var noWait = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &noWait)
            }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        if let input = descriptors[.input], feed.isEmpty { finish(.input, input.ours) }
        while true {
            let serving = End.allCases.compactMap { end in descriptors[end].flatMap { $0.ours >= 0 ? (end, $0.ours) : nil } }
            if serving.isEmpty { break }
            var polled = serving.map { end, descriptor in pollfd(fd: descriptor, events: Int16(end == .input ? POLLOUT : POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for ((end, descriptor), answer) in zip(serving, polled) where answer.revents != 0 {
                if end == .input {
                    let count = feed.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, feed.count - written) }
                    if count > 0 { written += count }
                    if written == feed.count || count < 0 && errno != EAGAIN && errno != EINTR { finish(end, descriptor) }
                } else {
                    let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                    if count > 0 {
                        read[end]!.append(contentsOf: chunk[..<count])
                    } else if count == 0 || errno != EAGAIN && errno != EINTR {
                        finish(end, descriptor)
                    }
                }
            }
        }
        return (read[.output]!, read[.errors]!)
    }

    private mutating func finish(_ end: End, _ descriptor: Int32) {
        close(descriptor)
        descriptors[end]!.ours = -1
    }
}
