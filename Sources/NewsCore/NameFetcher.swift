import WordPressAPI

/// How much of each story a list needs: a summary names authors and categories (what a
/// list shows); full also names tags and featured images (what `--json` carries).
public enum StoryDetail: Sendable {
    case summary
    case full
}

/// Names by id, for turning posts into stories.
struct StoryNames: Sendable {
    var authors: [Int: Author] = [:]
    var categories: [Int: Category] = [:]
    var tags: [Int: Tag] = [:]
    var images: [Int: StoryImage] = [:]
}

/// A featured image as the media lookup names it.
struct StoryImage: Sendable, Hashable {
    let url: String
    let renditions: [ImageRendition]
}

/// Names the authors, categories, tags and images of a page of posts with at most one
/// request per kind, all at once.
struct NameFetcher {
    let api: WordPressClient

    /// The site's authors and most used categories, asked for while the list itself is on
    /// its way: on most sites they name every story without a second round trip.
    func prefetch() async throws -> StoryNames {
        async let users = tolerant { try await api.fetch(Endpoints.users()) }
        async let categories = tolerant { try await api.fetch(Endpoints.categories()) }
        var names = StoryNames()
        names.authors = Self.byID(try await users.map(Author.init))
        names.categories = Self.byID(try await categories.map(Category.init))
        return names
    }

    /// The names asked for, with one request per kind that has any, all at once.
    func fetch(_ needs: NameNeeds) async throws -> StoryNames {
        async let users = lookup(Endpoints.users(ids:), ids: needs.authors)
        async let categories = lookup(Endpoints.categories(ids:), ids: needs.categories)
        async let tags = lookup(Endpoints.tags(ids:), ids: needs.tags)
        async let media = lookup(Endpoints.media(ids:), ids: needs.images)

        var names = StoryNames()
        names.authors = Self.byID(try await users.map(Author.init))
        names.categories = Self.byID(try await categories.map(Category.init))
        names.tags = Self.byID(try await tags.map(Tag.init))
        names.images = Dictionary(try await media.map { ($0.id, StoryImage($0)) }, uniquingKeysWith: { first, _ in first })
        return names
    }

    /// One request per hundred ids not yet named (WordPress's page limit), all at once.
    private func lookup<Item: Sendable>(_ endpoint: @escaping @Sendable ([Int]) -> Endpoint<[Item]>, ids: Set<Int>) async throws -> [Item] {
        let sorted = ids.sorted()
        let chunks = stride(from: 0, to: sorted.count, by: 100).map { Array(sorted[$0..<min($0 + 100, sorted.count)]) }
        return try await withThrowingTaskGroup(of: [Item].self) { group in
            for chunk in chunks {
                group.addTask { try await tolerant { try await api.fetch(endpoint(chunk)) } }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// Names are a nicety: a site that hides its users or media (401, 403, 404) still lists.
    private func tolerant<Item>(_ fetch: () async throws -> [Item]) async throws -> [Item] {
        do {
            return try await fetch()
        } catch let error as WordPressError {
            switch error {
            case .api(let status, _, _, _) where (400..<500).contains(status): return []
            case .httpStatus(let status, _) where (400..<500).contains(status): return []
            default: throw error
            }
        }
    }

    private static func byID<Item: Identifiable>(_ items: [Item]) -> [Item.ID: Item] {
        Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension StoryNames {
    /// These names, with `other`'s added where these have none.
    func merging(_ other: StoryNames) -> StoryNames {
        var merged = self
        merged.authors.merge(other.authors) { mine, _ in mine }
        merged.categories.merge(other.categories) { mine, _ in mine }
        merged.tags.merge(other.tags) { mine, _ in mine }
        merged.images.merge(other.images) { mine, _ in mine }
        return merged
    }

}

/// The ids a list needs names for: authors and categories always, tags and images in full detail.
struct NameNeeds: Sendable {
    var authors: Set<Int> = []
    var categories: Set<Int> = []
    var tags: Set<Int> = []
    var images: Set<Int> = []

    init(authors: [Int], categories: [Int], tags: [Int], images: [Int], detail: StoryDetail) {
        self.authors = Set(authors.filter { $0 > 0 })
        self.categories = Set(categories.filter { $0 > 0 })
        if detail == .full {
            self.tags = Set(tags.filter { $0 > 0 })
            self.images = Set(images.filter { $0 > 0 })
        }
    }

    init(_ posts: [WPPost], detail: StoryDetail) {
        self.init(authors: posts.map(\.author), categories: posts.flatMap(\.categories),
                  tags: posts.flatMap(\.tags), images: posts.map(\.featuredMedia), detail: detail)
    }

    init(_ stories: [StoryRecord], detail: StoryDetail) {
        self.init(authors: stories.map(\.authorId), categories: stories.flatMap(\.categoryIds),
                  tags: stories.flatMap(\.tagIds), images: stories.map(\.featuredMediaId), detail: detail)
    }

    /// The ids `known` does not name yet.
    func subtracting(_ known: StoryNames) -> NameNeeds {
        var rest = self
        rest.authors = authors.filter { known.authors[$0] == nil }
        rest.categories = categories.filter { known.categories[$0] == nil }
        rest.tags = tags.filter { known.tags[$0] == nil }
        rest.images = images.filter { known.images[$0] == nil }
        return rest
    }

    var isEmpty: Bool { authors.isEmpty && categories.isEmpty && tags.isEmpty && images.isEmpty }
}

extension Author {
    init(_ user: WPUser) { self.init(id: user.id, name: user.name.plain, slug: user.slug.value) }
}

extension Category {
    init(_ term: WPTerm) {
        self.init(id: term.id, name: term.name.plain, slug: term.slug.value,
                  parent: term.parent.flatMap { $0 == 0 ? nil : $0 }, count: term.count)
    }
}

extension Tag {
    init(_ term: WPTerm) { self.init(id: term.id, name: term.name.plain, slug: term.slug.value, count: term.count) }
}

extension StoryImage {
    init(_ media: WPMedia) {
        self.init(url: media.sourceURL.value, renditions: media.renditions.map { ImageRendition(address: $0.sourceURL.value, width: $0.width) })
    }
}
