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
    public func latest(page: Int = 1, perPage: Int = 10) async throws -> StoryList {
        try await stories(PostQuery(page: page, perPage: perPage))
    }

    /// Stories tagged `tagSlug`; the sticky posts when the site has no such tag or it is empty.
    public func featured(tagSlug: String = "featured", page: Int = 1, perPage: Int = 10) async throws -> FeaturedStories {
        let api = try await connection.client()
        let tag = try await api.fetch(Endpoints.tags(slug: tagSlug)).first
        if let tag, (tag.count ?? 0) > 0 {
            let list = try await stories(PostQuery(page: page, perPage: perPage, tagIDs: [tag.id]))
            return FeaturedStories(list: list, source: .tag(name: tag.name.plain, slug: tagSlug))
        }
        let list = try await stories(PostQuery(page: page, perPage: perPage, sticky: true))
        return FeaturedStories(list: list, source: .sticky(missingTag: tagSlug, tagExists: tag != nil))
    }

    private func stories(_ query: PostQuery) async throws -> StoryList {
        let api = try await connection.client()
        let page: APIPage<WPPost>
        do {
            page = try await api.page(Endpoints.posts(query))
        } catch WordPressError.api(_, "rest_post_invalid_page_number", _, _) {
            throw try await pageOutOfRange(query, api: api)
        }
        return StoryList(
            stories: try await StoryAssembler(api: api).stories(from: page.items),
            page: query.page, perPage: query.perPage, total: page.total, totalPages: page.totalPages
        )
    }

    /// WordPress's error for a page past the end does not say where the end is: ask.
    private func pageOutOfRange(_ query: PostQuery, api: WordPressClient) async throws -> NewsError {
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
