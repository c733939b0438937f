import DisplayWidth
import NewsModels
import Foundation
import Glibc
import Synchronization
import TerminalRender

/// One line on stderr that says how long work is going: drawn in place (carriage return,
/// then the line, then erase to its end), only when stderr is a terminal, only once the work
/// has taken half a second, and erased when it ends. A command whose result goes through a
/// pipe as JSON shows none: a script is reading.
final class ProgressLine: Sendable {
    private struct State {
        var label = ""
        var shown = false
        var finished = false
    }

    private let enabled: Bool
    private let started = ContinuousClock.now
    private let state = Mutex(State())
    /// Only one progress line runs at a time; an interrupt erases it.
    private static let current = Mutex<ProgressLine?>(nil)

    init(enabled: Bool) {
        self.enabled = enabled
        guard enabled else { return }
        Self.current.withLock { $0 = self }
        Task.detached { [weak self] in
            while let self, !self.isFinished {
                try? await Task.sleep(for: .milliseconds(100))
                self.draw()
            }
        }
    }

    /// Stderr is a terminal, and the output is not JSON on its way to a program.
    static func enabled(json: Bool) -> Bool {
        isatty(STDERR_FILENO) == 1 && !(json && isatty(STDOUT_FILENO) != 1)
    }

    private var isFinished: Bool { state.withLock { $0.finished } }

    /// What is being done now ("page 12 of 100 · 1,200 stories").
    func update(_ label: String) {
        state.withLock { $0.label = label }
    }

    /// Writes other output to the terminal with the line out of its way: erased first, and
    /// not drawn again until the output is written (the next tick draws it below).
    func printing(_ write: () -> Void) {
        state.withLock { state in
            if state.shown { Self.erase() }
            state.shown = false
            write()
        }
    }

    func clear() {
        printing {}
    }

    func finish() {
        state.withLock { state in
            if state.shown { Self.erase() }
            state.shown = false
            state.finished = true
        }
        Self.current.withLock { if $0 === self { $0 = nil } }
    }

    /// Runs `work` with this line saying `label` and the time it has taken.
    func during<T>(_ label: String, _ work: () async throws -> T) async rethrows -> T {
        update(label)
        defer { finish() }
        return try await work()
    }

    /// Work below the command (many pages of terms) says how far it has got, on the line the
    /// command opened, if it opened one.
    static func report(_ label: String) {
        current.withLock { $0 }?.update(label)
    }

    static func eraseShown() {
        current.withLock { $0 }?.clear()
    }

    /// Output for the terminal while a progress line may be up: it is erased first.
    static func withShownLineErased(_ write: () -> Void) {
        if let line = current.withLock({ $0 }) { line.printing(write) } else { write() }
    }

    private func draw() {
        guard enabled else { return }
        let elapsed = ContinuousClock.now - started
        guard elapsed >= .milliseconds(500) else { return }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let width = Terminal.stderrColumns ?? 80
        state.withLock { state in
            guard !state.finished, !state.label.isEmpty else { return }
            let text = "\(state.label) · \(String(format: "%.1f", seconds)) s"
            let fitted = DisplayWidth.of(text) < width ? text : String(DisplayWidth.split(Substring(text), fitting: width - 1).head)
            Output.process.writeError(ANSIEncoder(styles: .none).terminalText([
                .control(.carriageReturn), .line(StyledLine([Span(fitted)])), .control(.clearToEndOfLine),
            ]))
            state.shown = true
        }
    }

    private static func erase() {
        Output.process.writeError(ANSIEncoder(styles: .none).terminalText([.control(.carriageReturn), .control(.clearToEndOfLine)]))
    }
}
