import FoundationEssentials

/// A post with the fields lists show (`Endpoints.postListFields`); `content` only when one
/// post is read.
public struct WPPost: Decodable, Sendable, Hashable {
    public let id: Int
    public let slug: ServerText
    public let link: ServerText
    public let title: RenderedText
    public let excerpt: RenderedText?
    /// WordPress's `date_gmt`/`modified_gmt`: UTC without a zone designator.
    public let dateGMT: GMTDate
    public let modifiedGMT: GMTDate
    public let author: Int
    public let featuredMedia: Int
    public let sticky: Bool
    public let categories: [Int]
    public let tags: [Int]
    public let content: RenderedContent?

    enum CodingKeys: String, CodingKey {
        case id, slug, link, title, excerpt, author, sticky, categories, tags, content
        case dateGMT = "date_gmt"
        case modifiedGMT = "modified_gmt"
        case featuredMedia = "featured_media"
    }

    /// A post made from something other than the REST API's answer (a feed item).
    public init(
        id: Int, slug: ServerText, link: ServerText, title: RenderedText, excerpt: RenderedText?, dateGMT: GMTDate, modifiedGMT: GMTDate,
        author: Int, featuredMedia: Int = 0, sticky: Bool = false, categories: [Int], tags: [Int], content: RenderedContent?
    ) {
        self.id = id
        self.slug = slug
        self.link = link
        self.title = title
        self.excerpt = excerpt
        self.dateGMT = dateGMT
        self.modifiedGMT = modifiedGMT
        self.author = author
        self.featuredMedia = featuredMedia
        self.sticky = sticky
        self.categories = categories
        self.tags = tags
        self.content = content
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        slug = try container.decode(ServerText.self, forKey: .slug)
        link = try container.decode(ServerText.self, forKey: .link)
        title = try container.decode(RenderedText.self, forKey: .title)
        excerpt = try container.decodeIfPresent(RenderedText.self, forKey: .excerpt)
        dateGMT = try container.decode(GMTDate.self, forKey: .dateGMT)
        modifiedGMT = try container.decode(GMTDate.self, forKey: .modifiedGMT)
        // Posts of custom types or with plugins can lack these; defaults keep the list readable.
        author = try container.decodeIfPresent(Int.self, forKey: .author) ?? 0
        featuredMedia = try container.decodeIfPresent(Int.self, forKey: .featuredMedia) ?? 0
        sticky = try container.decodeIfPresent(Bool.self, forKey: .sticky) ?? false
        categories = try container.decodeIfPresent([Int].self, forKey: .categories) ?? []
        tags = try container.decodeIfPresent([Int].self, forKey: .tags) ?? []
        content = try container.decodeIfPresent(RenderedContent.self, forKey: .content)
    }

    /// A password guards the content (and the excerpt WordPress makes from it). Known only
    /// when the content was asked for.
    public var isProtected: Bool { content?.isProtected == true }
}

/// `content`: the article's HTML, kept as HTML for the renderer (which strips control
/// characters from its text), and whether a password hides it.
public struct RenderedContent: Decodable, Sendable, Hashable {
    public let html: String
    public let isProtected: Bool

    enum CodingKeys: String, CodingKey {
        case html = "rendered"
        case isProtected = "protected"
    }

    public init(html: String, isProtected: Bool = false) {
        self.html = html
        self.isProtected = isProtected
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        html = try container.decode(String.self, forKey: .html)
        isProtected = try container.decodeIfPresent(Bool.self, forKey: .isProtected) ?? false
    }
}

/// A WordPress page (About, Contact ...).
public struct WPPage: Decodable, Sendable, Hashable {
    public let id: Int
    public let slug: ServerText
    public let link: ServerText
    public let title: RenderedText
    public let parent: Int
    public let menuOrder: Int
    public let modifiedGMT: GMTDate
    public let content: RenderedContent?

    enum CodingKeys: String, CodingKey {
        case id, slug, link, title, parent, content
        case menuOrder = "menu_order"
        case modifiedGMT = "modified_gmt"
    }
}

/// A comment, threaded by `parent` (0 at the top).
public struct WPComment: Decodable, Sendable, Hashable {
    public let id: Int
    public let parent: Int
    public let authorName: RenderedText
    public let dateGMT: GMTDate
    public let content: RenderedContent

    enum CodingKeys: String, CodingKey {
        case id, parent, content
        case authorName = "author_name"
        case dateGMT = "date_gmt"
    }
}

/// A hit of `/wp/v2/search`: a post or a page, its title a plain string.
public struct WPSearchResult: Decodable, Sendable, Hashable {
    public let id: Int
    public let title: RenderedText
    public let url: ServerText
    /// "post" or "page".
    public let subtype: ServerText
}

/// Any object, for when only its id matters.
public struct WPID: Decodable, Sendable, Hashable {
    public let id: Int
}

/// A category or a tag.
public struct WPTerm: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: RenderedText
    public let slug: ServerText
    public let count: Int?
    public let parent: Int?
}

public struct WPUser: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: RenderedText
    public let slug: ServerText
}

/// The signed-in user (`/wp/v2/users/me`).
public struct WPCurrentUser: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: RenderedText
    public let capabilities: [String: Bool]

    /// Lists may ask for private posts: WordPress lets only roles that edit posts ask for a
    /// status other than `publish` (`rest_forbidden_status` otherwise), and shows others'
    /// private posts only to those that may read them.
    public var readsPrivatePosts: Bool {
        capabilities["edit_posts"] == true && capabilities["read_private_posts"] == true
    }
}

/// A `..._gmt` timestamp, `2026-11-22T09:51:22`, read as UTC.
public struct GMTDate: Decodable, Sendable, Hashable {
    public let date: Date

    public init(_ date: Date) {
        self.date = date
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a date")
        }
        self.date = date
    }

    static func parse(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" || $0 == " " })
        let numbers = fields.compactMap { Int($0) }
        // WordPress keeps dates as MySQL DATETIMEs, four-digit years; a bigger one (found by
        // fuzzing: `9223372036854775807-04-22T09:48:01`) would overflow the day count below.
        guard fields.count == 6, numbers.count == 6, (0...9999).contains(numbers[0]), (1...12).contains(numbers[1]),
              (1...daysIn(month: numbers[1], year: numbers[0])).contains(numbers[2]),
              (0...23).contains(numbers[3]), (0...59).contains(numbers[4]), (0...60).contains(numbers[5]) else {
            return nil
        }
        let days = daysFromCivil(year: numbers[0], month: numbers[1], day: numbers[2])
        let seconds = days * 86_400 + numbers[3] * 3_600 + numbers[4] * 60 + numbers[5]
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
