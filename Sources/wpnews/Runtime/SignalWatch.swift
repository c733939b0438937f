import Foundation
import Glibc

/// Signals delivered as calls on a queue instead of ending the process, so wpnews can cancel
/// its requests and give the terminal back first.
final class SignalWatch: Sendable {
    /// What a full screen listens to: the terminal's size, job control, and the ways to end it.
    static let fullScreen = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]

    private let signals: [Int32]
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]

    init(_ signals: [Int32], _ handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func stop() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
