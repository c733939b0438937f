import WordPressAPI

/// Turns a page of posts into stories, naming authors, categories, tags and featured
/// images with at most one request per kind, all four at once.
struct StoryAssembler {
    let api: WordPressClient

    func stories(from posts: [WPPost]) async throws -> [Story] {
        guard !posts.isEmpty else { return [] }
        async let users = lookup(Endpoints.users(ids:), ids: posts.map(\.author))
        async let categories = lookup(Endpoints.categories(ids:), ids: posts.flatMap(\.categories))
        async let tags = lookup(Endpoints.tags(ids:), ids: posts.flatMap(\.tags))
        async let media = lookup(Endpoints.media(ids:), ids: posts.map(\.featuredMedia))

        let authorsByID = Dictionary(try await users.map { ($0.id, Author($0)) }, uniquingKeysWith: { first, _ in first })
        let categoriesByID = Dictionary(try await categories.map { ($0.id, Category($0)) }, uniquingKeysWith: { first, _ in first })
        let tagsByID = Dictionary(try await tags.map { ($0.id, Tag($0)) }, uniquingKeysWith: { first, _ in first })
        let imagesByID = Dictionary(try await media.map { ($0.id, $0.sourceURL.value) }, uniquingKeysWith: { first, _ in first })

        return posts.map { post in
            Story(
                id: post.id, slug: post.slug.value, title: post.title.plain, link: post.link.value,
                date: post.dateGMT.date, modified: post.modifiedGMT.date,
                author: authorsByID[post.author],
                categories: post.categories.compactMap { categoriesByID[$0] },
                tags: post.tags.compactMap { tagsByID[$0] },
                excerpt: post.excerpt?.plain ?? "",
                sticky: post.sticky,
                featuredImage: imagesByID[post.featuredMedia]
            )
        }
    }

    /// Names are a nicety: a site that hides its users or media (401, 403, 404) still lists.
    private func lookup<Item>(_ endpoint: ([Int]) -> Endpoint<[Item]>, ids: [Int]) async throws -> [Item] {
        let unique = Array(Set(ids.filter { $0 > 0 })).sorted()
        guard !unique.isEmpty else { return [] }
        do {
            return try await api.fetch(endpoint(unique))
        } catch let error as WordPressError {
            switch error {
            case .api(let status, _, _, _) where (400..<500).contains(status): return []
            case .httpStatus(let status, _) where (400..<500).contains(status): return []
            default: throw error
            }
        }
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
