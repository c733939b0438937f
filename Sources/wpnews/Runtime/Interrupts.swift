import Glibc
import HTTPClient
import Synchronization

/// Ctrl-C and SIGTERM during a one-shot command: every transfer is cancelled at once (the
/// site is left no queue of abandoned requests), the progress line is erased, and wpnews
/// exits with 130 or 143. What was fully fetched is in the cache already: each page is its
/// own transaction. A full screen takes the signals over while it is up.
enum Interrupts {
    private static let state = Mutex(State())

    private struct State {
        var watch: SignalWatch?
        var clients: [HTTPClient] = []
        /// The pager reads Ctrl-C itself.
        var pagerShowing = false
    }

    /// Held while a write must be finished before exiting (`finishingWrite`).
    private static let writing = Mutex(())

    static func watchOneShot() {
        let watch = SignalWatch([SIGINT, SIGTERM]) { number in
            let (clients, paging) = state.withLock { ($0.clients, $0.pagerShowing) }
            if number == SIGINT && paging { return }
            writing.withLock { _ in
                for client in clients { client.cancelAll() }
                ProgressLine.eraseShown()
                WPNews.end(128 + number)
            }
        }
        state.withLock { $0.watch = watch }
    }

    /// For a full screen, which handles every signal itself.
    static func handOver() {
        state.withLock { state in
            state.watch?.stop()
            state.watch = nil
        }
    }

    /// Every client a command makes is cancelled on an interrupt, while wpnews watches for
    /// one: not for a command the tests run inside their own process.
    static func register(_ client: HTTPClient) {
        state.withLock { state in
            if state.watch != nil { state.clients.append(client) }
        }
    }

    /// Runs `body` whole before a signal ends wpnews: `watch` prints a story and remembers
    /// it as delivered together, so a restart neither repeats nor skips it.
    static func finishingWrite<T>(_ body: () throws -> T) rethrows -> T {
        try writing.withLock { _ in try body() }
    }

    static func whilePagerShows<T>(_ body: () -> T) -> T {
        state.withLock { $0.pagerShowing = true }
        defer { state.withLock { $0.pagerShowing = false } }
        return body()
    }
}
