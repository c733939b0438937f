import Foundation

/// Search as you type. Each edit schedules a search after a short pause; a newer edit
/// cancels the older one's search, removing its transfer, and an answer that arrives for
/// anything but the current text is dropped, so the screen never shows results for words
/// the user has already typed past.
public actor LiveSearch {
    public struct State: Sendable, Hashable {
        public enum Phase: Sendable, Hashable {
            /// Nothing typed yet.
            case idle
            /// Waiting for the pause to end, or for the site.
            case searching
            case results(SearchResults)
            case failed(String)
        }

        public let query: String
        public let phase: Phase

        public init(query: String, phase: Phase) {
            self.query = query
            self.phase = phase
        }

        /// What the results show: none while waiting, after a failure or before any typing.
        public var hits: [SearchResults.Hit] {
            if case .results(let results) = phase { results.hits } else { [] }
        }
    }

    public typealias Search = @Sendable (String) async throws -> SearchResults

    private let search: Search
    private let debounce: Duration
    private let clock: any Clock<Duration>
    private let publish: @Sendable (State) -> Void
    private var query = ""
    private var pending: Task<Void, Never>?

    /// `publish` gets every state, in order; it must not block. `clock` times the typing
    /// pause: a test passes one that moves only when told, not when a loaded machine allows.
    public init(
        debounce: Duration = .milliseconds(150), clock: any Clock<Duration> = ContinuousClock(),
        search: @escaping Search, publish: @escaping @Sendable (State) -> Void
    ) {
        self.debounce = debounce
        self.clock = clock
        self.search = search
        self.publish = publish
    }

    public func update(_ text: String) {
        guard text != query else { return }
        query = text
        pending?.cancel()
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            pending = nil
            publish(State(query: text, phase: .idle))
            return
        }
        publish(State(query: text, phase: .searching))
        pending = Task { [debounce, clock, search] in
            do {
                try await clock.sleep(for: debounce)
                let results = try await search(text)
                self.deliver(State(query: text, phase: .results(results)))
            } catch is CancellationError {
                // A newer edit took over.
            } catch {
                self.deliver(State(query: text, phase: .failed(String(describing: error))))
            }
        }
    }

    /// Stops the search in flight (leaving the screen).
    public func stop() {
        pending?.cancel()
        pending = nil
    }

    /// The one place results reach the screen: only for the text as it is now.
    private func deliver(_ state: State) {
        guard state.query == query, !Task.isCancelled else { return }
        publish(state)
    }
}
