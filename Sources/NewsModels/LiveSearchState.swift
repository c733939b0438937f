/// Where a search as you type stands (`LiveSearch` in NewsCore publishes each one).
public struct LiveSearchState: Sendable, Hashable {
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
    /// Why the page after the results shown did not come; the results stay as they were.
    public let moreFailed: String?

    public init(query: String, phase: Phase, moreFailed: String? = nil) {
        self.query = query
        self.phase = phase
        self.moreFailed = moreFailed
    }

    /// What the results show: none while waiting, after a failure or before any typing.
    public var hits: [SearchResults.Hit] {
        if case .results(let results) = phase { results.hits } else { [] }
    }
}
