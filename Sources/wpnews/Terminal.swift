import Glibc
import TerminalImages
import TerminalRender

/// What the process knows about where its output goes.
struct Terminal: Sendable {
    let stdoutIsTerminal: Bool
    let stdinIsTerminal: Bool
    let columns: Int?
    let rows: Int?
    /// A character cell in pixels, when the terminal reports its size in pixels (many do not).
    let cellPixels: PixelSize?
    let environment: [String: String]

    static func current(environment: [String: String]) -> Terminal {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        var size = winsize()
        let sized = isTerminal && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
        return Terminal(
            stdoutIsTerminal: isTerminal, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            columns: sized ? Int(size.ws_col) : nil, rows: sized && size.ws_row > 0 ? Int(size.ws_row) : nil,
            cellPixels: sized ? cellPixels(size) : nil, environment: environment
        )
    }

    static func cellPixels(_ size: winsize) -> PixelSize? {
        guard size.ws_col > 0, size.ws_row > 0 else { return nil }
        let cell = PixelSize(width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
        // Some terminals fill in a few pixels, or none: less than a pixel a cell says nothing.
        return cell.width > 0 && cell.height > 0 ? cell : nil
    }

    /// Output that goes to no terminal: a command run inside the tests.
    static func none(environment: [String: String]) -> Terminal {
        Terminal(stdoutIsTerminal: false, stdinIsTerminal: false, columns: nil, rows: nil, cellPixels: nil, environment: environment)
    }

    /// Keys can be read and a screen drawn: what the app and live search need.
    var isInteractive: Bool { stdinIsTerminal && stdoutIsTerminal }

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
