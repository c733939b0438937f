import Glibc
import TerminalRender

/// Long output on a terminal goes through `$PAGER` (default `less -R`, with `LESS=FRX` when
/// `LESS` is unset, so a short article prints and exits); anywhere else it is printed.
struct Pager {
    let terminal: Terminal
    let output: Output

    /// Whether `show` will go through the pager.
    func pages(enabled: Bool) -> Bool {
        enabled && terminal.stdoutIsTerminal
    }

    func show(_ text: TerminalText, enabled: Bool) {
        guard pages(enabled: enabled) else { return output.write(text) }
        if let failure = Interrupts.whilePagerShows({ run(text) }) {
            output.note("wpnews: the pager (\(command)) \(failure): printing instead")
            output.write(text)
        }
    }

    private var command: String {
        terminal.environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -R"
    }

    /// Nil when the pager showed the text; else how it failed, and the text still gets
    /// printed. A pager that exits with an error status (`PAGER=false`, a pager that is not
    /// installed) has shown nothing the reader could read.
    private func run(_ text: TerminalText) -> String? {
        var environment = terminal.environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        switch TerminalProgram.run(command, environment: environment, input: text.string) {
        case .exited(0), .killed: return nil
        case .notStarted: return "could not be started"
        // 126/127: the shell could not find or run it.
        case .exited(126), .exited(127): return "could not be run"
        case .exited(let status): return "failed (exit status \(status))"
        }
    }
}
