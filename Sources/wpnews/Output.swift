import Glibc
import Synchronization
import TerminalRender
import TextSafety

/// Where one run of wpnews writes: the process's stdout and stderr, or, for a command run
/// inside the tests, two buffers. Everything wpnews writes goes through here. stdout takes
/// only `TerminalText` (made by the encoder, its text sanitized) or JSON; stderr lines are
/// sanitized here, whatever they hold, so a URL from a header or a server's error message
/// cannot drive the terminal.
final class Output: Sendable {
    /// The process's own streams, which `main` runs commands with.
    static let process = Output(captured: nil)

    /// Buffers instead of the process's streams, read back when the command is done;
    /// `input` stands for stdin (a password piped in).
    static func capturing(input: String? = nil) -> (Output, CapturedOutput) {
        let captured = CapturedOutput()
        return (Output(captured: captured, input: input), captured)
    }

    private let captured: CapturedOutput?
    private let input: String?
    private let statusLine = Mutex<(@Sendable (String) -> Void)?>(nil)

    private init(captured: CapturedOutput?, input: String? = nil) {
        self.captured = captured
        self.input = input
    }

    /// A secret's one line: typed at the terminal after `prompt` (on stderr) without echo, or
    /// read from stdin when it is not a terminal (a script pipes it in). Nil at end of input.
    func readSecret(prompt: String) -> String? {
        if captured != nil { return input?.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) }
        guard isatty(STDIN_FILENO) == 1 else { return readLine() }
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            write("\n", to: .stderr)
        }
        write(prompt, to: .stderr)
        return readLine()
    }

    /// True for the process's streams: only they can be a terminal.
    var isProcess: Bool { captured == nil }

    /// A result that cannot be written (a full disk) fails the command: a script must not
    /// take a cut-off answer for a whole one.
    func write(_ text: TerminalText) {
        ProgressLine.withShownLineErased { write(text.string, to: .stdout) }
    }

    /// The one JSON document of `--json`. JSON escapes C0 controls itself; C1 controls, DEL
    /// and bidi controls are escaped here too (`\u0085`), so the data stays whole and a
    /// terminal showing it is safe.
    func writeJSON(_ json: String) {
        write(json: json + "\n")
    }

    /// A piece of a JSON document written in parts.
    func write(json: String) {
        write(SafeJSON.escapingUnsafe(json), to: .stdout)
    }

    /// A notice, warning or error: stderr, one line, sanitized; while a full screen is up,
    /// its status line instead, never over the screen.
    func note(_ text: String) {
        let line = SafeText.oneLine(text)
        if let statusLine = statusLine.withLock({ $0 }) { return statusLine(line) }
        ProgressLine.withShownLineErased { write(line + "\n", to: .stderr) }
    }

    /// Sends notices to a full screen's status line while `body` runs.
    func routingNotices(toStatusLine statusLine: @escaping @Sendable (String) -> Void, during body: () async throws -> Void) async rethrows {
        self.statusLine.withLock { $0 = statusLine }
        defer { self.statusLine.withLock { $0 = nil } }
        try await body()
    }

    /// Full-screen and progress output on stderr.
    func writeError(_ text: TerminalText) {
        write(text.string, to: .stderr)
    }

    private enum Stream { case stdout, stderr }

    private func write(_ text: String, to stream: Stream) {
        if let captured { return captured.append(text, toStdout: stream == .stdout) }
        let descriptor = stream == .stdout ? STDOUT_FILENO : STDERR_FILENO
        guard Self.write(bytes: text, to: descriptor) || stream == .stderr else {
            note("wpnews: cannot write the output: \(String(cString: strerror(errno)))")
            WPNews.end(1)
        }
    }

    /// All of `text`, or false when the descriptor refuses it.
    @discardableResult
    static func write(bytes text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// What a command run inside the tests wrote.
final class CapturedOutput: Sendable {
    struct Streams {
        var stdout = ""
        var stderr = ""
    }

    private let streams = Mutex(Streams())

    var stdout: String { streams.withLock { $0.stdout } }
    var stderr: String { streams.withLock { $0.stderr } }

    fileprivate func append(_ text: String, toStdout: Bool) {
        streams.withLock { streams in
            if toStdout { streams.stdout += text } else { streams.stderr += text }
        }
    }
}
