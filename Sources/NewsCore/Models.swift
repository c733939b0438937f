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

    public init(
        id: Int, slug: String, title: String, link: String, date: Date, modified: Date,
        author: Author?, categories: [Category], tags: [Tag], excerpt: String, sticky: Bool, featuredImage: String?
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

    public init(id: Int, name: String, slug: String, parent: Int?) {
        self.id = id
        self.name = name
        self.slug = slug
        self.parent = parent
    }
}

public struct Tag: Sendable, Hashable, Identifiable {
    public let id: Int
    public let name: String
    public let slug: String

    public init(id: Int, name: String, slug: String) {
        self.id = id
        self.name = name
        self.slug = slug
    }
}

/// One page of a story list, with what is needed to ask for the next.
public struct StoryList: Sendable, Hashable {
    public let stories: [Story]
    public let page: Int
    public let perPage: Int
    /// WordPress's `X-WP-Total` and `X-WP-TotalPages`, when it sent them.
    public let total: Int?
    public let totalPages: Int?

    public init(stories: [Story], page: Int, perPage: Int, total: Int?, totalPages: Int?) {
        self.stories = stories
        self.page = page
        self.perPage = perPage
        self.total = total
        self.totalPages = totalPages
    }

    public var hasNextPage: Bool { page < (totalPages ?? page) }
}
