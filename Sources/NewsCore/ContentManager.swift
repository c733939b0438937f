import HTTPClient
import WordPressAPI

/// Where commands get their stories. It knows the site and how to ask it; commands never
/// talk to the API directly.
public final class ContentManager: Sendable {
    private let connection: SiteConnection

    public init(siteAddress: String, http: HTTPClient) {
        connection = SiteConnection(address: siteAddress, http: http)
    }

    /// The newest stories, by date.
    public func latest(page: Int = 1, perPage: Int = 10, detail: StoryDetail = .full) async throws -> StoryList {
        try await stories(PostQuery(page: page, perPage: perPage), detail: detail)
    }

    /// Stories tagged `tagSlug`; the sticky posts when the site has no such tag or it is empty.
    public func featured(
        tagSlug: String = "featured", page: Int = 1, perPage: Int = 10, detail: StoryDetail = .full
    ) async throws -> FeaturedStories {
        let tag = try await connection.run { api in try await api.fetch(Endpoints.tags(slug: tagSlug)).first }.value
        if let tag, (tag.count ?? 0) > 0 {
            let list = try await stories(PostQuery(page: page, perPage: perPage, tagIDs: [tag.id]), detail: detail)
            return FeaturedStories(list: list, source: .tag(name: tag.name.plain, slug: tagSlug))
        }
        let list = try await stories(PostQuery(page: page, perPage: perPage, sticky: true), detail: detail)
        return FeaturedStories(list: list, source: .sticky(missingTag: tagSlug, tagExists: tag != nil))
    }

    private func stories(_ query: PostQuery, detail: StoryDetail) async throws -> StoryList {
        let ((page, names), api) = try await connection.run { api in
            let assembler = StoryAssembler(api: api)
            async let names = assembler.prefetchNames()
            do {
                return (try await api.page(Endpoints.posts(query)), try await names)
            } catch WordPressError.api(_, "rest_post_invalid_page_number", _, _) {
                throw try await Self.pageOutOfRange(query, api: api)
            }
        }
        return StoryList(
            stories: try await StoryAssembler(api: api).stories(from: page.items, detail: detail, known: names),
            page: query.page, perPage: query.perPage, total: page.total, totalPages: page.totalPages
        )
    }

    /// WordPress's error for a page past the end does not say where the end is: ask.
    private static func pageOutOfRange(_ query: PostQuery, api: WordPressClient) async throws -> NewsError {
        var first = query
        first.page = 1
        let totals = try await api.page(Endpoints.posts(first))
        return .pageOutOfRange(page: query.page, totalPages: totals.totalPages ?? 0)
    }
}

/// The featured list and where it came from.
public struct FeaturedStories: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        case tag(name: String, slug: String)
        /// No posts carry the tag, so these are the sticky posts.
        case sticky(missingTag: String, tagExists: Bool)
    }

    public let list: StoryList
    public let source: Source
}
