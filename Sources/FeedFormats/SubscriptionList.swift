/// A feed as a subscription list names it: an OPML outline (what newsboat, Feedly, Inoreader
/// and others export, and what `wpnews sites export` writes) or a line of newsboat's `urls`.
public struct ListedFeed: Sendable, Hashable {
    /// The feed's address (`xmlUrl`, or the line's first word), as written.
    public var feedURL: String
    /// The site's home page (`htmlUrl`), when the list gives one.
    public var homeURL: String?
    /// `title`, else `text`, or newsboat's `"~Title"`: nil when the list gives neither
    /// (newsboat writes `title=""` for a feed it never fetched).
    public var title: String?
    /// The folders the feed is in (each one around it, however deep) or its newsboat tags,
    /// as written, sorted, each once.
    public var groups: [String]

    public init(feedURL: String, homeURL: String? = nil, title: String? = nil, groups: [String] = []) {
        self.feedURL = feedURL
        self.homeURL = homeURL
        self.title = title
        self.groups = groups
    }
}

/// A line of a newsboat `urls` file that names no feed to follow: newsboat runs or searches
/// something there, which an import never does.
public struct SkippedLine: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `query:Title:condition`: a search over newsboat's own cache.
        case query
        /// `exec:command`: a program whose output is the feed.
        case exec
        /// `filter:script:url`: a feed piped through a program.
        case filter
    }

    public var kind: Kind
    /// From 1.
    public var line: Int

    public init(kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }
}

/// What a subscription list holds: its feeds, each once, in the order first listed, and the
/// lines that name none.
public struct SubscriptionList: Sendable, Hashable {
    public enum Format: Sendable, Hashable {
        case opml
        case newsboatURLs
    }

    public var format: Format
    public var feeds: [ListedFeed]
    public var skipped: [SkippedLine]

    public init(format: Format, feeds: [ListedFeed], skipped: [SkippedLine] = []) {
        self.format = format
        self.feeds = feeds
        self.skipped = skipped
    }

    /// Thousands of feeds take a few MiB; anything past this is not a subscription list.
    public static let maximumBytes = 16 << 20

    /// The list in either format, told apart by its content: OPML is XML, so its first
    /// character (after a byte order mark and white space) is `<`, which no newsboat line
    /// starts with.
    public static func read(_ bytes: [UInt8]) throws(SubscriptionListError) -> SubscriptionList {
        guard bytes.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        if isXML(bytes) { return SubscriptionList(format: .opml, feeds: try OPMLReader.feeds(in: bytes)) }
        return try NewsboatURLs.list(in: bytes)
    }

    private static func isXML(_ bytes: [UInt8]) -> Bool {
        // UTF-16 and UTF-32 text is XML here: newsboat writes its files in UTF-8.
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return true }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return text.first { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0) } == UInt8(ascii: "<")
    }
}

/// Why a file could not be read as a subscription list: one line for a person, without the
/// file's name, which the caller knows.
public enum SubscriptionListError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(limit: Int)
    /// Not well-formed XML (truncated, an encoding it does not have, HTML): libxml2's reason.
    case malformed(line: Int, reason: String)
    /// OPML never declares entities: a file that does is refused before any is expanded
    /// (billion laughs, external entities reading local files).
    case declaresEntities
    /// Well-formed XML whose root element is not `<opml>`.
    case notOPML(rootElement: String)
    /// Neither XML nor lines of text (a NUL or another control byte at this line): a picture,
    /// an archive, a database.
    case notText(line: Int)

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
        case .notText(let line):
            "it is neither OPML nor a newsboat urls file (line \(line) holds control bytes, as binary files do)"
        }
    }
}
