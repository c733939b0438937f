import Foundation
import Glibc
import Synchronization

/// Signals delivered as calls on a queue instead of ending the process, so wpnews can cancel
/// its requests and give the terminal back first.
final class SignalWatch: Sendable {
    /// What a full screen hears: the window's size, job control, and the ways to end it.
    enum FullScreenSignal: Sendable {
        case resized, suspend, resumed
        /// 128 + the signal. Ctrl-C typed in the app is a key (raw mode), not SIGINT.
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
            default: deliver(.quit(status: 128 + signal))
            }
        }
    }

    private let signals: [Int32]
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]

    /// libdispatch's own handler of each signal a watch has stopped watching. libdispatch
    /// installs it only the first time the signal gets a source, so a later watch (the full
    /// screen after the one-shot's) must put it back: left ignored, the signal would be lost.
    private static let dispatchHandlers = Mutex<[Int32: sigaction]>([:])

    init(_ signals: [Int32], _ handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        sources = signals.map { number in
            if var dispatchHandler = Self.dispatchHandlers.withLock({ $0[number] }) {
                sigaction(number, &dispatchHandler, nil)
            } else {
                // Until libdispatch's handler is in, the default action would end wpnews.
                signal(number, SIG_IGN)
            }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func stop() {
        for source in sources { source.cancel() }
        for number in signals {
            var current = sigaction()
            sigaction(number, nil, &current)
            // Neither SIG_DFL (0) nor SIG_IGN (1): libdispatch's, kept for the next watch.
            if unsafeBitCast(current.__sigaction_handler, to: Int.self) > 1 {
                Self.dispatchHandlers.withLock { $0[number] = $0[number] ?? current }
            }
            signal(number, SIG_DFL)
        }
    }
}
