import FoundationEssentials

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
        date = story.date.formatted(.iso8601)
        modified = story.modified.formatted(.iso8601)
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
