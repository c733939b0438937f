import Foundation

/// Long output on a terminal goes through `$PAGER` (default `less -R`, with `LESS=FRX` when
/// `LESS` is unset, so a short article prints and exits); anywhere else it is printed.
struct Pager {
    let terminal: Terminal

    func show(_ text: String, enabled: Bool) {
        guard enabled, terminal.stdoutIsTerminal, run(text) else {
            Output.write(text)
            return
        }
    }

    /// False when the pager could not be started or failed, so the text still gets printed.
    private func run(_ text: String) -> Bool {
        let command = terminal.environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -R"
        var environment = terminal.environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        // Quitting the pager early closes the pipe: that is not an error.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            return false
        }
        let writer = input.fileHandleForWriting
        try? writer.write(contentsOf: Data(text.utf8))
        try? writer.close()
        process.waitUntilExit()
        // 126/127: the shell could not find or run the pager.
        return ![126, 127].contains(process.terminationStatus)
    }
}
