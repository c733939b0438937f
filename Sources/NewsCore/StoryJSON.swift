import FoundationEssentials
import NewsModels

/// A story as `--json` prints it: the shape scripts depend on. Dates are ISO 8601 UTC with `Z`.
public struct StoryJSON: Encodable, Sendable {
    let id: Int
    let slug: String
    let title: String
    let link: String
    let date: String
    let modified: String
    let author: String?
    let categories: [String]
    let tags: [String]
    let excerpt: String
    let sticky: Bool
    let featuredImage: String?
    let new: Bool
    let updated: Bool
    let read: Bool

    enum CodingKeys: String, CodingKey {
        case id, slug, title, link, date, modified, author, categories, tags, excerpt, sticky, new, updated, read
        case featuredImage = "featured_image"
    }

    public init(_ story: Story) {
        id = story.id
        slug = story.slug
        title = story.title
        link = story.link
        date = ISODate.text(story.date)
        modified = ISODate.text(story.modified)
        author = story.author?.name
        categories = story.categories.map(\.name)
        tags = story.tags.map(\.name)
        excerpt = story.excerpt
        sticky = story.sticky
        featuredImage = story.featuredImage
        new = story.state.isNew
        updated = story.state.isUpdated
        read = story.state.isRead
    }

    /// Optional fields are written as `null`, not left out, so every object has every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(slug, forKey: .slug)
        try container.encode(title, forKey: .title)
        try container.encode(link, forKey: .link)
        try container.encode(date, forKey: .date)
        try container.encode(modified, forKey: .modified)
        try container.encode(author, forKey: .author)
        try container.encode(categories, forKey: .categories)
        try container.encode(tags, forKey: .tags)
        try container.encode(excerpt, forKey: .excerpt)
        try container.encode(sticky, forKey: .sticky)
        try container.encode(featuredImage, forKey: .featuredImage)
        try container.encode(new, forKey: .new)
        try container.encode(updated, forKey: .updated)
        try container.encode(read, forKey: .read)
    }

    /// The object `encode(to:)` gives, as `JSONText.document` indents it at `indent` levels,
    /// written straight into `json` (`--all --json`): the keys in the encoder's sorted order.
    func write(to json: inout PrettyJSON, indent: Int) {
        let member = indent + 1
        json.append("{")
        json.key("author", indent: member, first: true)
        json.optionalString(author)
        json.key("categories", indent: member)
        json.strings(categories, indent: member)
        json.key("date", indent: member)
        json.string(date)
        json.key("excerpt", indent: member)
        json.string(excerpt)
        json.key("featured_image", indent: member)
        json.optionalString(featuredImage)
        json.key("id", indent: member)
        json.number(id)
        json.key("link", indent: member)
        json.string(link)
        json.key("modified", indent: member)
        json.string(modified)
        json.key("new", indent: member)
        json.bool(new)
        json.key("read", indent: member)
        json.bool(read)
        json.key("slug", indent: member)
        json.string(slug)
        json.key("sticky", indent: member)
        json.bool(sticky)
        json.key("tags", indent: member)
        json.strings(tags, indent: member)
        json.key("title", indent: member)
        json.string(title)
        json.key("updated", indent: member)
        json.bool(updated)
        json.append("\n")
        json.indent(indent)
        json.append("}")
    }
}

/// A date as ISO 8601 in UTC with `Z`, as `Date.formatted(.iso8601)` writes it, without its
/// formatter for the whole seconds of years 1970 to 9999 that every story's dates are: the
/// formatter was a tenth of a whole archive's `--json`. Its twenty bytes are written in
/// place: string interpolation of the six numbers was still a twentieth.
enum ISODate {
    static func text(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds >= 0, seconds < 253_402_300_800, seconds == seconds.rounded(.down) else { return date.formatted(.iso8601) }
        let whole = Int(seconds)
        let (year, month, day) = CivilDate.of(daysSince1970: whole / 86_400)
        let time = whole % 86_400
        return String(unsafeUninitializedCapacity: 20) { text in
            func digits(_ value: Int, _ count: Int, at end: Int) {
                var value = value
                for index in stride(from: end - 1, through: end - count, by: -1) {
                    text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            digits(year, 4, at: 4)
            digits(month, 2, at: 7)
            digits(day, 2, at: 10)
            digits(time / 3_600, 2, at: 13)
            digits(time / 60 % 60, 2, at: 16)
            digits(time % 60, 2, at: 19)
            (text[4], text[7], text[10]) = (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"))
            (text[13], text[16], text[19]) = (UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "Z"))
            return 20
        }
    }
}

/// A line of `watch --json` (JSON Lines): what happened and on which site, then the story as
/// `--json` prints one; a removed story the cache no longer held has only its `id`.
public struct WatchEventJSON: Encodable, Sendable {
    let event: WatchEvent
    let site: String

    public init(_ event: WatchEvent, site: String) {
        self.event = event
        self.site = site
    }

    enum CodingKeys: String, CodingKey {
        case event, site, id
    }

    public func encode(to encoder: any Encoder) throws {
        // The story's keys and these share one object.
        if let story = event.story { try StoryJSON(story).encode(to: encoder) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event.kind.rawValue, forKey: .event)
        try container.encode(site, forKey: .site)
        try container.encode(event.storyID, forKey: .id)
    }
}

/// A story of the river (`latest --sites --json`): the story's fields and its site's name.
public struct RiverStoryJSON: Encodable, Sendable {
    let story: Story
    let site: String

    public init(story: Story, site: String) {
        self.story = story
        self.site = site
    }

    enum CodingKeys: String, CodingKey { case site }

    public func encode(to encoder: any Encoder) throws {
        try StoryJSON(story).encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(site, forKey: .site)
    }
}

/// A search hit in `search --json`: a story's fields, or a page's, each with its `type`.
public struct SearchHitJSON: Encodable, Sendable {
    let hit: SearchResults.Hit

    public init(_ hit: SearchResults.Hit) {
        self.hit = hit
    }

    enum CodingKeys: String, CodingKey { case type, id, title, link }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch hit {
        case .story(let story):
            try StoryJSON(story).encode(to: encoder)
            try container.encode("post", forKey: .type)
        case .page(let id, let title, let link):
            try container.encode("page", forKey: .type)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(link, forKey: .link)
        }
    }
}

/// How `--json` makes plain text of HTML (`content_text`): the renderer's `ArticlePlainText`,
/// handed in because NewsCore lays nothing out. `baseURL` makes the links absolute.
public typealias PlainTextOfHTML = (_ html: String, _ baseURL: String) -> String

/// `read --json`: the story's list fields, plus its content as HTML and as plain text (no
/// width, no terminal layout), and its comments, when asked for, the same way.
public struct ArticleJSON: Encodable, Sendable {
    let story: Story
    let html: String
    let text: String
    let comments: [CommentJSON]?
    /// Whether the content came from the story's own web page; left out when that was not
    /// asked for (`read --full`, a site with `full_text`).
    let fullText: Bool?

    public init(story: Story, html: String, comments: [Comment]?, fullText: Bool? = nil, plainText: PlainTextOfHTML) {
        self.story = story
        self.html = html
        self.fullText = fullText
        text = plainText(html, story.link)
        self.comments = comments?.map { CommentJSON($0, baseURL: story.link, plainText: plainText) }
    }

    enum CodingKeys: String, CodingKey {
        case contentHTML = "content_html", contentText = "content_text", comments, fullText = "full_text"
    }

    /// Comments not asked for leave their key out; asked for and none, it is `[]`.
    public func encode(to encoder: any Encoder) throws {
        try StoryJSON(story).encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(html, forKey: .contentHTML)
        try container.encode(text, forKey: .contentText)
        try container.encodeIfPresent(fullText, forKey: .fullText)
        try container.encodeIfPresent(comments, forKey: .comments)
    }
}

/// `page --json`: the page's fields and its content as `read --json` writes a story's, its
/// comments, when asked for, the same way.
public struct PageJSON: Encodable, Sendable {
    let id: Int
    let slug: String
    let title: String
    let link: String
    let contentHTML: String
    let contentText: String
    let comments: [CommentJSON]?

    enum CodingKeys: String, CodingKey {
        case id, slug, title, link, contentHTML = "content_html", contentText = "content_text", comments
    }

    public init(page: Page, comments: [Comment]?, plainText: PlainTextOfHTML) {
        (id, slug, title, link) = (page.id, page.slug, page.title, page.link)
        contentHTML = page.html ?? ""
        contentText = plainText(contentHTML, page.link)
        self.comments = comments?.map { CommentJSON($0, baseURL: page.link, plainText: plainText) }
    }
}

/// A comment in `read --json` and `page --json`: every key always there, `parent` 0 at the
/// top of a thread as in WordPress, the text plain as the article's is.
public struct CommentJSON: Encodable, Sendable {
    let id: Int
    let parent: Int
    let author: String
    let date: String
    let contentHTML: String
    let contentText: String

    enum CodingKeys: String, CodingKey {
        case id, parent, author, date, contentHTML = "content_html", contentText = "content_text"
    }

    init(_ comment: Comment, baseURL: String, plainText: PlainTextOfHTML) {
        (id, parent, author, date) = (comment.id, comment.parent ?? 0, comment.author, comment.date.formatted(.iso8601))
        (contentHTML, contentText) = (comment.html, plainText(comment.html, baseURL))
    }
}
