/// Where a search as you type stands (`LiveQuery` in NewsCore publishes each one): the
/// Search tab's stories and pages, or the Tags tab's tags by name.
public struct LiveQueryState<Answer: Sendable & Hashable>: Sendable, Hashable {
    public enum Phase: Sendable, Hashable {
        /// Nothing typed yet.
        case idle
        /// Waiting for the pause to end, or for the site.
        case searching
        case results(Answer)
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

}

/// The Search tab's live search.
public typealias LiveSearchState = LiveQueryState<SearchResults>

extension LiveQueryState where Answer == SearchResults {
    /// What the results show: none while waiting, after a failure or before any typing.
    public var hits: [SearchResults.Hit] {
        if case .results(let results) = phase { results.hits } else { [] }
    }
}

/// The tags of a site whose names hold `query`, the most used first.
public struct TagMatches: Sendable, Hashable {
    public let query: String
    public let tags: [Tag]

    public init(query: String, tags: [Tag]) {
        self.query = query
        self.tags = tags
    }
}

/// The Tags tab's search of the site's tags by name.
public typealias LiveTagSearchState = LiveQueryState<TagMatches>
