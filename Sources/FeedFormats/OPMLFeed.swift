/// A feed as a subscription list (OPML) names it: what newsboat, Feedly, Inoreader and
/// others export, and what `wpnews sites export` writes.
public struct OPMLFeed: Sendable, Hashable {
    /// The feed's address (`xmlUrl`).
    public var feedURL: String
    /// The site's home page (`htmlUrl`), when the list gives one.
    public var homeURL: String?
    /// `title`, else `text`: nil when the list gives neither (newsboat writes `title=""` for
    /// a feed it never fetched).
    public var title: String?

    public init(feedURL: String, homeURL: String? = nil, title: String? = nil) {
        self.feedURL = feedURL
        self.homeURL = homeURL
        self.title = title
    }
}

/// Why a file could not be read as OPML: one line for a person, without the file's name,
/// which the caller knows.
public enum OPMLError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(limit: Int)
    /// Not well-formed XML (truncated, an encoding it does not have, HTML): libxml2's reason.
    case malformed(line: Int, reason: String)
    /// OPML never declares entities: a file that does is refused before any is expanded
    /// (billion laughs, external entities reading local files).
    case declaresEntities
    /// Well-formed XML whose root element is not `<opml>`.
    case notOPML(rootElement: String)

    public var description: String {
        switch self {
        case .tooLarge(let limit):
            "it is larger than the \(limit / 1_048_576) MiB a subscription list can take"
        case .malformed(let line, let reason):
            "it is not well-formed XML (line \(line): \(reason))"
        case .declaresEntities:
            "it declares XML entities, which OPML never needs and wpnews refuses"
        case .notOPML(let root):
            "it is XML but not OPML (its root element is <\(root)>, not <opml>)"
        }
    }
}
