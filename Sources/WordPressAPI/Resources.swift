import FoundationEssentials

/// A post with the fields lists show (`Endpoints.postListFields`); `content` only when one
/// post is read. Read from the site's answer by `PostsJSON`.
public struct WPPost: Sendable, Hashable {
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

/// A category or a tag. Read from the site's answer by `NamesJSON`.
public struct WPTerm: Sendable, Hashable {
    public let id: Int
    public let name: RenderedText
    public let slug: ServerText
    public let count: Int?
    public let parent: Int?
}

/// An author. Read from the site's answer by `NamesJSON`.
public struct WPUser: Sendable, Hashable {
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
        var text = text
        return text.withUTF8(parse)
    }

    /// WordPress writes `2026-11-22T09:51:22`, read here digit by digit; anything else is read
    /// leniently, as numbers between separators.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
        else { return lenient(String(decoding: bytes, as: UTF8.self)) }
        return date(year, month, day, hour, minute, second)
    }

    private static func lenient(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" || $0 == " " })
        let numbers = fields.compactMap { Int($0) }
        guard fields.count == 6, numbers.count == 6 else { return nil }
        return date(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
    }

    private static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date? {
        // WordPress keeps dates as MySQL DATETIMEs, four-digit years; a bigger one (found by
        // fuzzing: `9223372036854775807-04-22T09:48:01`) would overflow the day count below.
        guard (0...9999).contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else {
            return nil
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
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
