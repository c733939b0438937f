import Glibc
import Synchronization
import TerminalRender

/// The terminal in raw mode in the alternate screen, reporting the mouse (unless told not
/// to), and back.
final class RawTerminal: Sendable {
    private let original: termios
    private let resumptions = Atomic(0)
    /// `[app] mouse`: off, the terminal keeps its clicks (selecting text without Shift).
    private let reportsMouse: Bool

    init(reportsMouse: Bool = true) throws {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { throw SetupError.noTerminal }
        original = settings
        self.reportsMouse = reportsMouse
    }

    func enter() {
        var raw = original
        cfmakeraw(&raw)
        // Keep output processing, so "\n" still returns the carriage.
        raw.c_oflag |= tcflag_t(OPOST)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        // The wheel comes as keys, rather than as arrow keys some terminals make of it or not at all.
        let mouse: [ScreenPiece] = reportsMouse ? [.control(.enableMouse)] : []
        write(ANSIEncoder(styles: .none).terminalText([.control(.enterAlternateScreen), .control(.enableBracketedPaste)] + mouse))
    }

    func leave() {
        // Left on, mouse reporting would type the shell's input full of wheel turns and clicks.
        write(ANSIEncoder(styles: .none).terminalText([
            .control(.disableMouse), .control(.disableBracketedPaste), .control(.leaveAlternateScreen), .control(.showCursor),
        ]))
        var settings = original
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }

    /// Ctrl-Z: give the terminal back and stop the whole job, as the terminal's own Ctrl-Z
    /// would (raw mode reads it as a key), so the shell gets its prompt back even when a
    /// script started wpnews; returns when resumed (`fg`).
    ///
    /// SIGSTOP, not SIGTSTP: the signal watch's dispatch source reads SIGTSTP through a
    /// signalfd and could take it before it stops anything, leaving wpnews running. SIGSTOP
    /// cannot be caught, so it is sent only under job control (wpnews in a process group of
    /// its own, not its session leader's), where a shell can resume it; otherwise Ctrl-Z
    /// does nothing.
    func suspend() {
        guard getpgrp() != getsid(0) else { return }
        let resumptionsBefore = resumptions.load(ordering: .acquiring)
        leave()
        guard kill(0, SIGSTOP) == 0 else { return }
        // The stop may reach another of wpnews's threads first and this one only later:
        // wait here for the SIGCONT of `fg`, so nothing is drawn before it.
        while resumptions.load(ordering: .acquiring) == resumptionsBefore {
            usleep(2_000)
        }
    }

    /// SIGCONT arrived (the signal watch calls this).
    func noteResumed() {
        resumptions.add(1, ordering: .releasing)
    }

    func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    func write(_ text: TerminalText) {
        Output.process.write(text)
    }
}
