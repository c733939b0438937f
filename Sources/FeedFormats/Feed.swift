import FoundationEssentials

/// The formats a feed comes in.
public enum FeedFormat: String, Sendable, Hashable {
    /// RSS 0.9x and 2.0.
    case rss
    /// RSS 1.0, RDF.
    case rdf
    /// Atom 1.0 and 0.3.
    case atom
    /// JSON Feed 1.0 and 1.1.
    case jsonFeed = "json-feed"
}

/// A news feed as plain values, its items in the document's order: a WordPress site read
/// through its feed, or any other site that has one.
public struct Feed: Sendable, Hashable {
    public var format: FeedFormat
    /// The feed's title, one line of safe text.
    public var title: String?
    /// The site's home page, as the feed names it (RSS channel `link`, Atom's alternate link,
    /// JSON Feed's `home_page_url`), absolute.
    public var home: String?
    /// `<generator>` (RSS) or the Atom generator's `uri` and text: WordPress writes
    /// `https://wordpress.org/?v=6.1.9`, or `WordPress` with `uri="https://wordpress.org/"`.
    public var generator: String?
    /// How long the feed asks readers to wait between polls (RSS `<ttl>`, `sy:updatePeriod`
    /// with `sy:updateFrequency`), in seconds; nil when it does not say.
    public var pollInterval: Int?
    public var items: [FeedItem]

    public init(
        format: FeedFormat = .rss, title: String? = nil, home: String? = nil, generator: String? = nil, pollInterval: Int? = nil,
        items: [FeedItem]
    ) {
        self.format = format
        self.title = title
        self.home = home
        self.generator = generator
        self.pollInterval = pollInterval
        self.items = items
    }

    /// Whether WordPress wrote it: other feeds are not followed.
    public var isWordPress: Bool {
        generator.map { $0.lowercased().contains("wordpress") } ?? false
    }
}

/// One story of a feed. Titles, names and addresses are one line of safe text; the summary
/// and content stay HTML, for the renderer, which makes their text safe.
public struct FeedItem: Sendable, Hashable {
    /// Names the item within its feed, the same on every fetch: its GUID (RSS `<guid>`,
    /// Atom `<id>`, JSON Feed `id`) when the feed gives one no other item repeats, else its
    /// link, else its title and date. The reader sets it.
    public var key: String
    /// RSS `<guid>` (RSS 1.0's `rdf:about`), Atom `<id>`, JSON Feed `id`.
    public var guid: String?
    /// WordPress's post id, when the GUID (or, failing that, the link) is its `?p=123` form.
    public var postID: Int?
    /// One line, but not yet plain: Atom's `type="html"` titles (WordPress's) and many RSS
    /// feeds carry entities and markup, so it is read as HTML, as WordPress's titles are.
    /// Titles that are plain text by their format (Atom `type="text"`, JSON Feed) come
    /// escaped, so that reading them as HTML gives back their text; empty when there is none.
    public var title: String
    /// Absolute when the feed's `xml:base` or address says against what.
    public var link: String?
    /// RSS `pubDate` (or `dc:date`), Atom `published` (else `updated`), JSON Feed
    /// `date_published` (else `date_modified`); nil when the feed gives no date it can read.
    public var published: Date?
    /// Atom `updated`, JSON Feed `date_modified`; RSS has no such date.
    public var updated: Date?
    /// `dc:creator` (WordPress's), RSS `author`, `itunes:author`, Atom `author/name` (else the
    /// feed's), JSON Feed `authors` names.
    public var author: String?
    /// RSS `category` elements, Atom `category` terms: WordPress lists categories and tags
    /// alike, by name.
    public var categories: [String]
    /// RSS `description` (else `itunes:summary`), Atom `summary` (else YouTube's
    /// `media:description`), JSON Feed `summary`: HTML.
    public var summary: String?
    /// `content:encoded`, Atom `content`, JSON Feed `content_html` (else `content_text`, with
    /// `image` before it): HTML; nil when the site publishes excerpts only. Its relative
    /// addresses are left as written: the renderer resolves them against `link`.
    public var content: String?
    /// RSS `<enclosure>`, Atom `link rel="enclosure"`, JSON Feed `attachments`: audio, video
    /// and other files, http and https only, absolute.
    public var enclosures: [FeedEnclosure]

    public init(
        key: String = "", guid: String? = nil, postID: Int? = nil, title: String = "", link: String? = nil, published: Date? = nil,
        updated: Date? = nil, author: String? = nil, categories: [String] = [], summary: String? = nil, content: String? = nil,
        enclosures: [FeedEnclosure] = []
    ) {
        self.key = key.isEmpty ? guid ?? link ?? title : key
        self.enclosures = enclosures
        self.guid = guid
        self.postID = postID
        self.title = title
        self.link = link
        self.published = published
        self.updated = updated
        self.author = author
        self.categories = categories
        self.summary = summary
        self.content = content
    }
}

/// A file an item carries (a podcast's episode, a video).
public struct FeedEnclosure: Sendable, Hashable {
    /// Absolute, http or https.
    public var url: String
    /// Its media type, as the feed says it (`audio/mpeg`).
    public var type: String?
    /// Its size in bytes, when the feed says it.
    public var length: Int?

    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}

/// Why bytes could not be read as a feed: one line for a person, without the feed's
/// address, which the caller knows.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(limit: Int)
    /// Not well-formed XML (truncated, an encoding it does not have, HTML): libxml2's reason.
    case malformed(line: Int, reason: String)
    /// Feeds never need to declare entities: one that does is refused before any is expanded.
    case declaresEntities
    /// Well-formed XML that is neither RSS nor Atom.
    case notAFeed(rootElement: String)
    /// A document that starts as JSON but is not JSON: the decoder's reason.
    case malformedJSON(reason: String)
    /// JSON, but neither a JSON Feed's `version` nor its `items`.
    case notAJSONFeed

    public var description: String {
        switch self {
        case .tooLarge(let limit):
            "it is larger than the \(limit / 1_048_576) MiB a feed can take"
        case .malformed(let line, let reason):
            "it is not well-formed XML (line \(line): \(reason))"
        case .declaresEntities:
            "it declares XML entities, which feeds never need and wpnews refuses"
        case .notAFeed(let root):
            "it is XML but not an RSS or Atom feed (its root element is <\(root)>)"
        case .malformedJSON(let reason):
            "it is not well-formed JSON (\(reason))"
        case .notAJSONFeed:
            "it is JSON but not a JSON Feed (it has neither a version nor items)"
        }
    }
}
