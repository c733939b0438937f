import Glibc

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

    /// `--width`, else the terminal's width, else 80.
    func width(override: Int?) -> Int {
        override ?? columns ?? 80
    }
}

/// Writes whole strings to a file descriptor.
enum Output {
    /// A result that cannot be written (a full disk) fails the command: a script must not
    /// take a cut-off answer for a whole one.
    static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
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

    /// A notice, warning or error: stderr, one line.
    static func note(_ text: String) {
        write(text + "\n", to: STDERR_FILENO)
    }
}
