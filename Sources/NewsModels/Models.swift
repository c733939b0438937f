import FoundationEssentials

/// A post as wpnews shows it: every text field plain and safe to print.
public struct Story: Sendable, Hashable, Identifiable {
    public let id: Int
    public let slug: String
    /// Empty when the post has no title.
    public let title: String
    public let link: String
    public let date: Date
    public let modified: Date
    public let author: Author?
    public let categories: [Category]
    public let tags: [Tag]
    public let excerpt: String
    public let sticky: Bool
    /// The featured image's URL.
    public let featuredImage: String?
    /// The sizes the featured image comes in, the original among them, narrowest first; empty
    /// when none are known (the site named none, or the cache named the image before it kept sizes).
    public let featuredImageRenditions: [ImageRendition]
    /// What the user has done with it, from the cache.
    public let state: ReadingState

    public init(
        id: Int, slug: String, title: String, link: String, date: Date, modified: Date,
        author: Author?, categories: [Category], tags: [Tag], excerpt: String, sticky: Bool, featuredImage: String?,
        featuredImageRenditions: [ImageRendition] = [], state: ReadingState = ReadingState()
    ) {
        self.id = id
        self.slug = slug
        self.title = title
        self.link = link
        self.date = date
        self.modified = modified
        self.author = author
        self.categories = categories
        self.tags = tags
        self.excerpt = excerpt
        self.sticky = sticky
        self.featuredImage = featuredImage
        self.featuredImageRenditions = featuredImageRenditions
        self.state = state
    }
}

/// A picture at one of its sizes.
public struct ImageRendition: Sendable, Hashable {
    public let address: String
    /// In pixels.
    public let width: Int

    public init(address: String, width: Int) {
        self.address = address
        self.width = width
    }
}

/// New: never shown in a list before. Updated: its `modified` time moved since it was last
/// shown. Read: opened with `read`. Hidden: the user put it out of every list. Saved: the
/// user kept it, with its article, to read at any time.
public struct ReadingState: Sendable, Hashable {
    public var isNew: Bool
    public var isUpdated: Bool
    public var isRead: Bool
    public var isHidden: Bool
    public var isSaved: Bool

    public init(isNew: Bool = false, isUpdated: Bool = false, isRead: Bool = false, isHidden: Bool = false, isSaved: Bool = false) {
        self.isNew = isNew
        self.isUpdated = isUpdated
        self.isRead = isRead
        self.isHidden = isHidden
        self.isSaved = isSaved
    }
}

public struct Author: Sendable, Hashable, Identifiable {
    public let id: Int
    public let name: String
    public let slug: String

    public init(id: Int, name: String, slug: String) {
        self.id = id
        self.name = name
        self.slug = slug
    }
}

public struct Category: Sendable, Hashable, Identifiable {
    public let id: Int
    public let name: String
    public let slug: String
    /// The parent category's id; nil at the top of the tree.
    public let parent: Int?
    /// Published posts filed directly under it (WordPress does not count the children's).
    public let count: Int?

    public init(id: Int, name: String, slug: String, parent: Int?, count: Int? = nil) {
        self.id = id
        self.name = name
        self.slug = slug
        self.parent = parent
        self.count = count
    }
}

public struct Tag: Sendable, Hashable, Identifiable {
    public let id: Int
    public let name: String
    public let slug: String
    /// Published posts with the tag.
    public let count: Int?

    public init(id: Int, name: String, slug: String, count: Int? = nil) {
        self.id = id
        self.name = name
        self.slug = slug
        self.count = count
    }
}

/// One page of a story list, with what is needed to ask for the next.
public struct StoryList: Sendable, Hashable {
    public let stories: [Story]
    public let page: Int
    public let perPage: Int
    /// WordPress's `X-WP-Total` and `X-WP-TotalPages`, when it sent them; they count the
    /// stories the user hid too, since the site cannot know of them.
    public let total: Int?
    public let totalPages: Int?
    /// How many stories of this page were left out because the user hid them.
    public let hiddenCount: Int

    /// Where the list came from: the site just now, or the cache.
    public let origin: Origin

    public enum Origin: Sendable, Hashable {
        case network
        /// A cached copy within its freshness window, or asked for with `--offline`.
        case cache(fetchedAt: Date)
        /// A cached copy served because the site could not be reached.
        case staleCache(fetchedAt: Date, reason: String)
    }

    public init(stories: [Story], page: Int, perPage: Int, total: Int?, totalPages: Int?, origin: Origin = .network, hiddenCount: Int = 0) {
        self.stories = stories
        self.page = page
        self.perPage = perPage
        self.total = total
        self.totalPages = totalPages
        self.origin = origin
        self.hiddenCount = hiddenCount
    }

    public var hasNextPage: Bool { page < (totalPages ?? page) }
}

/// WordPress saves a post or a page without a title when asked to; a list still needs a
/// line to show for it.
public enum DisplayTitle {
    public static func of(_ title: String) -> String {
        title.isEmpty ? "(no title)" : title
    }
}

extension Story {
    public var displayTitle: String { DisplayTitle.of(title) }
}

extension Page {
    public var displayTitle: String { DisplayTitle.of(title) }
}

extension Tag {
    /// A tag imported without a name still has its slug.
    public var displayName: String { name.isEmpty ? slug : name }
}
