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
    var images: [Int: String] = [:]
}

/// Turns a page of posts into stories with at most one request per kind of name, all at once.
struct StoryAssembler {
    let api: WordPressClient

    /// The site's authors and most used categories, asked for while the list itself is on
    /// its way: on most sites they name every story without a second round trip.
    func prefetchNames() async throws -> StoryNames {
        async let users = tolerant { try await api.fetch(Endpoints.users()) }
        async let categories = tolerant { try await api.fetch(Endpoints.categories()) }
        var names = StoryNames()
        names.authors = Self.byID(try await users.map(Author.init))
        names.categories = Self.byID(try await categories.map(Category.init))
        return names
    }

    func stories(from posts: [WPPost], detail: StoryDetail, known: StoryNames = StoryNames()) async throws -> [Story] {
        guard !posts.isEmpty else { return [] }
        let full = detail == .full
        async let users = lookup(Endpoints.users(ids:), ids: posts.map(\.author).filter { known.authors[$0] == nil })
        async let categories = lookup(Endpoints.categories(ids:), ids: posts.flatMap(\.categories).filter { known.categories[$0] == nil })
        async let tags = full ? lookup(Endpoints.tags(ids:), ids: posts.flatMap(\.tags)) : []
        async let media = full ? lookup(Endpoints.media(ids:), ids: posts.map(\.featuredMedia)) : []

        var names = known
        names.authors.merge(Self.byID(try await users.map(Author.init))) { old, _ in old }
        names.categories.merge(Self.byID(try await categories.map(Category.init))) { old, _ in old }
        names.tags = Self.byID(try await tags.map(Tag.init))
        names.images = Dictionary(try await media.map { ($0.id, $0.sourceURL.value) }, uniquingKeysWith: { first, _ in first })
        return posts.map { Story($0, names: names) }
    }

    /// One request for the ids not yet named; none when there are none.
    private func lookup<Item>(_ endpoint: ([Int]) -> Endpoint<[Item]>, ids: [Int]) async throws -> [Item] {
        let unique = Array(Set(ids.filter { $0 > 0 })).sorted()
        guard !unique.isEmpty else { return [] }
        return try await tolerant { try await api.fetch(endpoint(unique)) }
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

extension Story {
    init(_ post: WPPost, names: StoryNames) {
        self.init(
            id: post.id, slug: post.slug.value, title: post.title.plain, link: post.link.value,
            date: post.dateGMT.date, modified: post.modifiedGMT.date,
            author: names.authors[post.author],
            categories: post.categories.compactMap { names.categories[$0] },
            tags: post.tags.compactMap { names.tags[$0] },
            excerpt: post.excerpt?.plain ?? "",
            sticky: post.sticky,
            featuredImage: names.images[post.featuredMedia]
        )
    }
}

extension Author {
    init(_ user: WPUser) { self.init(id: user.id, name: user.name.plain, slug: user.slug.value) }
}

extension Category {
    init(_ term: WPTerm) {
        self.init(id: term.id, name: term.name.plain, slug: term.slug.value, parent: term.parent.flatMap { $0 == 0 ? nil : $0 })
    }
}

extension Tag {
    init(_ term: WPTerm) { self.init(id: term.id, name: term.name.plain, slug: term.slug.value) }
}
