import Foundation
import Glibc

/// Signals delivered as calls on a queue instead of ending the process, so wpnews can cancel
/// its requests and give the terminal back first.
final class SignalWatch: Sendable {
    /// What a full screen hears: the window's size, job control, and the ways to end it.
    enum FullScreenSignal: Sendable {
        case resized, suspend, resumed
        /// 0 for SIGINT (Ctrl-C quits cleanly), 128 + the signal for SIGTERM and SIGHUP.
        case quit(status: Int32)
    }

    /// Takes the signals over from the one-shot watch for a full screen on `terminal`.
    static func fullScreen(on terminal: RawTerminal, _ deliver: @escaping @Sendable (FullScreenSignal) -> Void) -> SignalWatch {
        Interrupts.handOver()
        return SignalWatch([SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]) { signal in
            switch signal {
            case SIGWINCH: deliver(.resized)
            case SIGTSTP: deliver(.suspend)
            case SIGCONT:
                terminal.noteResumed()
                deliver(.resumed)
            case SIGINT: deliver(.quit(status: 0))
            default: deliver(.quit(status: 128 + signal))
            }
        }
    }

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
