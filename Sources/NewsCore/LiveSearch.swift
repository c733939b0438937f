import Foundation

/// An answer a query typed as you go gets: one page of it, or the next added under those.
public protocol PagedAnswer: Sendable, Hashable {
    var query: String { get }
    var hasMorePages: Bool { get }
    var lastPage: Int { get }
    func appending(_ next: Self) -> Self
}

extension SearchResults: PagedAnswer {}

/// Tags come in one page: the most used that hold the words.
extension TagMatches: PagedAnswer {
    public var hasMorePages: Bool { false }
    public var lastPage: Int { 1 }
    public func appending(_ next: TagMatches) -> TagMatches { self }
}

/// The Search tab's search as you type.
public typealias LiveSearch = LiveQuery<SearchResults>

/// Search as you type. Each edit schedules a search after a short pause; a newer edit
/// cancels the older one's search, removing its transfer, and an answer that arrives for
/// anything but the current text is dropped, so the screen never shows results for words
/// the user has already typed past.
public actor LiveQuery<Answer: PagedAnswer> {
    /// The words and the page of results wanted.
    public typealias Search = @Sendable (String, Int) async throws -> Answer

    private let search: Search
    private let debounce: Duration
    private let clock: any Clock<Duration>
    private let publish: @Sendable (LiveQueryState<Answer>) -> Void
    private var query = ""
    private var pending: Task<Void, Never>?
    /// The results on screen for `query`, while there are any.
    private var shown: Answer?
    /// The next page of `shown`, while it is on its way.
    private var nextPage: Task<Void, Never>?

    /// `publish` gets every state, in order; it must not block. `clock` times the typing
    /// pause: a test passes one that moves only when told, not when a loaded machine allows.
    public init(
        debounce: Duration = .milliseconds(150), clock: any Clock<Duration> = ContinuousClock(),
        search: @escaping Search, publish: @escaping @Sendable (LiveQueryState<Answer>) -> Void
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
        nextPage?.cancel()
        (shown, nextPage) = (nil, nil)
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            pending = nil
            publish(LiveQueryState(query: text, phase: .idle))
            return
        }
        publish(LiveQueryState(query: text, phase: .searching))
        pending = Task { [debounce, clock, search] in
            do {
                try await clock.sleep(for: debounce)
                let results = try await search(text, 1)
                self.deliver(LiveQueryState(query: text, phase: .results(results)))
            } catch is CancellationError {
                // A newer edit took over.
            } catch {
                self.deliver(LiveQueryState(query: text, phase: .failed(ErrorMessage.line(for: error))))
            }
        }
    }

    /// The page after the results shown, added under them, as a list loads more near its end.
    /// Asked once at a time; a failure publishes the results as they were with the reason,
    /// and the next ask tries again.
    public func loadMore() {
        guard nextPage == nil, let shown, shown.hasMorePages else { return }
        nextPage = Task { [search] in
            let state: LiveQueryState<Answer>
            do {
                let next = try await search(shown.query, shown.lastPage + 1)
                state = LiveQueryState(query: shown.query, phase: .results(shown.appending(next)))
            } catch {
                state = LiveQueryState(query: shown.query, phase: .results(shown), moreFailed: ErrorMessage.line(for: error))
            }
            // A newer edit took over (and may have asked for its own next page since).
            guard !Task.isCancelled else { return }
            self.nextPage = nil
            self.deliver(state)
        }
    }

    /// Stops the search in flight (leaving the screen).
    public func stop() {
        pending?.cancel()
        nextPage?.cancel()
        (pending, nextPage) = (nil, nil)
    }

    /// The one place results reach the screen: only for the text as it is now.
    private func deliver(_ state: LiveQueryState<Answer>) {
        guard state.query == query, !Task.isCancelled else { return }
        if case .results(let results) = state.phase { shown = results }
        publish(state)
    }
}
