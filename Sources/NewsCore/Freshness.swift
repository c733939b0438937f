import Foundation

/// How long a cached copy is used without asking the site, per kind of content.
public struct Freshness: Sendable, Hashable {
    public var lists: TimeInterval
    public var content: TimeInterval
    /// Authors, categories and tags.
    public var terms: TimeInterval

    public init(lists: TimeInterval = 5 * 60, content: TimeInterval = 24 * 3_600, terms: TimeInterval = 24 * 3_600) {
        self.lists = lists
        self.content = content
        self.terms = terms
    }
}

/// Whether commands may use the network.
public enum FetchMode: Sendable, Hashable {
    /// The cache within its freshness window, else the site.
    case normal
    /// Always the site ("pull to refresh"); the cache only when the site cannot be reached.
    case refresh
    /// Never the site.
    case offline
}
