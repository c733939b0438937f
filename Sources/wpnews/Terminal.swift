import Glibc
import Synchronization
import TerminalRender
import TextSafety

/// What the process knows about where its output goes.
struct Terminal: Sendable {
    let stdoutIsTerminal: Bool
    let columns: Int?
    let environment: [String: String]

    static func current(environment: [String: String]) -> Terminal {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        var size = winsize()
        let columns = isTerminal && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
            ? Int(size.ws_col) : nil
        return Terminal(stdoutIsTerminal: isTerminal, columns: columns, environment: environment)
    }

    /// Colour only on a terminal, and never with `NO_COLOR` (https://no-color.org), `--no-color` or `TERM=dumb`.
    func usesColor(noColorFlag: Bool) -> Bool {
        stdoutIsTerminal && !noColorFlag && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// The width of the terminal stderr writes to, for the progress line.
    static var stderrColumns: Int? {
        var size = winsize()
        return ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }

    /// `--width`, else the terminal's width, else 80.
    func width(override: Int?) -> Int {
        override ?? columns ?? 80
    }
}

/// Everything wpnews writes goes through here. stdout takes only `TerminalText` (made by
/// the encoder, its text sanitized) or JSON; stderr lines are sanitized here, whatever they
/// hold, so a URL from a header or a server's error message cannot drive the terminal.
enum Output {
    /// A result that cannot be written (a full disk) fails the command: a script must not
    /// take a cut-off answer for a whole one.
    static func write(_ text: TerminalText) {
        ProgressLine.outOfTheWay { write(bytes: text.string, to: STDOUT_FILENO) }
    }

    /// The one JSON document of `--json`. JSON escapes C0 controls itself; C1 controls, DEL
    /// and bidi controls are escaped here too (`\u0085`), so the data stays whole and a
    /// terminal showing it is safe.
    static func writeJSON(_ json: String) {
        write(json: json + "\n")
    }

    /// A piece of a JSON document written in parts.
    static func write(json: String) {
        write(bytes: SafeJSON.escapingUnsafe(json), to: STDOUT_FILENO)
    }

    /// A notice, warning or error: stderr, one line, sanitized; while a full screen is up,
    /// its status line instead, never over the screen.
    static func note(_ text: String) {
        let line = SafeText.sanitize(text).split(whereSeparator: \.isNewline).joined(separator: " ")
        if let statusLine = statusLine.withLock({ $0 }) { return statusLine(line) }
        ProgressLine.outOfTheWay { write(bytes: line + "\n", to: STDERR_FILENO) }
    }

    private static let statusLine = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Sends notices to a full screen's status line while `body` runs.
    static func notesGo(to statusLine: @escaping @Sendable (String) -> Void, during body: () async throws -> Void) async rethrows {
        self.statusLine.withLock { $0 = statusLine }
        defer { self.statusLine.withLock { $0 = nil } }
        try await body()
    }

    /// Full-screen and progress output on stderr.
    static func writeError(_ text: TerminalText) {
        write(bytes: text.string, to: STDERR_FILENO)
    }

    static func write(bytes text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    guard descriptor == STDOUT_FILENO else { return }
                    note("wpnews: cannot write the output: \(String(cString: strerror(errno)))")
                    exit(1)
                }
                offset += written
            }
        }
    }
}

/// JSON text with every scalar `SafeText` forbids written as a `\uXXXX` escape: the same
/// data for a parser, nothing for a terminal to act on.
enum SafeJSON {
    static func escapingUnsafe(_ json: String) -> String {
        var json = json
        guard json.withUTF8(SafeText.needsSanitizing) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if scalar != "\n", SafeText.isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
