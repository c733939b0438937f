/// What a search found: stories (and pages, when asked for), most relevant first.
public struct SearchResults: Sendable, Hashable {
    public enum Hit: Sendable, Hashable {
        case story(Story)
        case page(id: Int, title: String, link: String)
    }

    public let query: String
    public let hits: [Hit]
    /// The page the hits start with.
    public let page: Int
    /// The last page among the hits: later than `page` once more were added (`appending`).
    public let lastPage: Int
    public let perPage: Int
    public let total: Int?
    public let totalPages: Int?
    public let origin: Origin
    /// How many stories these pages found were left out because the user hid them.
    public let hiddenCount: Int

    public init(
        query: String, hits: [Hit], page: Int, lastPage: Int? = nil, perPage: Int, total: Int?, totalPages: Int?, origin: Origin, hiddenCount: Int = 0
    ) {
        self.query = query
        self.hits = hits
        self.page = page
        self.lastPage = lastPage ?? page
        self.perPage = perPage
        self.total = total
        self.totalPages = totalPages
        self.origin = origin
        self.hiddenCount = hiddenCount
    }

    /// The site has pages after the last one here.
    public var hasMorePages: Bool { lastPage < (totalPages ?? lastPage) }

    /// These hits with the next page's under them (a hit already here is not repeated: the
    /// site's pages may shift while they are read); the totals are the later page's.
    public func appending(_ next: SearchResults) -> SearchResults {
        let known = Set(hits)
        return SearchResults(
            query: query, hits: hits + next.hits.filter { !known.contains($0) }, page: page, lastPage: next.lastPage, perPage: perPage,
            total: next.total, totalPages: next.totalPages, origin: next.origin, hiddenCount: hiddenCount + next.hiddenCount)
    }

    public enum Origin: Sendable, Hashable {
        /// The site's answer, or a cached copy of it for the same words.
        case list(StoryList.Origin)
        /// The site could not be reached (or `--offline`): the cache's own full-text search
        /// over `searched` stories; `reason` says why, when the site failed.
        case fullText(searched: Int, reason: String?)
        /// A web feed has no search of its own: the cache's full-text search over the
        /// `searched` items kept of it.
        case keptItems(searched: Int)
    }
}

extension SearchResults {
    /// The hits with the numbers they are printed with.
    public var numbered: [(number: Int, hit: Hit)] {
        hits.enumerated().map { ((page - 1) * perPage + 1 + $0.offset, $0.element) }
    }
}
