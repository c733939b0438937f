import Foundation
import WordPressAPI

extension SiteContent {
    /// Stories matching `text`, most relevant first; with `includePages`, pages too. When the
    /// site cannot be reached, the cached stories are searched instead.
    /// `window`: posts only (WordPress's search of posts and pages has no dates); the cache,
    /// offline, is searched within it too.
    public func search(
        _ text: String, includePages: Bool = false, page: Int = 1, perPage: Int = 10, detail: StoryDetail = .full, window: DateWindow = DateWindow()
    ) async throws -> SearchResults {
        // WordPress strips tags from the words and finds everything when none are left:
        // words it would reduce to nothing match nothing, as any search that finds nothing.
        guard Endpoints.searchableWords(text) != nil else {
            return SearchResults(query: text, hits: [], page: page, perPage: perPage, total: 0, totalPages: 0, origin: .list(.network))
        }
        guard mode != .offline else { return try searchCache(text, page: page, perPage: perPage, window: window, reason: nil) }
        do {
            return includePages
                ? try await searchSite(text, page: page, perPage: perPage, detail: detail)
                : try await searchPosts(text, page: page, perPage: perPage, detail: detail, window: window)
        } catch let error where Self.meansUnreachable(error) {
            // Nothing cached to search: the site's failure is the answer.
            guard try cachedSiteID() != nil else { throw error }
            return try searchCache(text, page: page, perPage: perPage, window: window, reason: ErrorMessage.line(for: error))
        }
    }

    private func searchPosts(_ text: String, page: Int, perPage: Int, detail: StoryDetail, window: DateWindow) async throws -> SearchResults {
        let list = try await stories(ListQuery.search(text: text, page: page, perPage: perPage).within(window), detail: detail)
        // A web feed's list was searched for in the items kept of it: say so.
        let kept = await isWebFeed ? try cachedSiteID().map { try store.keptItemCount(site: $0) } : nil
        return SearchResults(query: text, hits: list.stories.map(SearchResults.Hit.story), page: page, perPage: perPage,
                             total: list.total, totalPages: list.totalPages, origin: kept.map { .keptItems(searched: $0) } ?? .list(list.origin),
                             hiddenCount: list.hiddenCount)
    }

    /// `/wp/v2/search` orders posts and pages together; the posts' details then come in
    /// one more request, as a list's do.
    private func searchSite(_ text: String, page: Int, perPage: Int, detail: StoryDetail) async throws -> SearchResults {
        let found = try await run { api in try await api.page(Endpoints.search(text, page: page, perPage: perPage)) }.value
        let postIDs = found.items.filter { $0.subtype.value == "post" }.map(\.id)
        let stories = postIDs.isEmpty ? nil : try await storiesByID(postIDs, detail: detail)
        let byID = Dictionary((stories?.stories ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let hits: [SearchResults.Hit] = found.items.compactMap { item in
            item.subtype.value == "page"
                ? .page(id: item.id, title: item.title.plain, link: item.url.value)
                : byID[item.id].map(SearchResults.Hit.story)
        }
        return SearchResults(query: text, hits: hits, page: page, perPage: perPage, total: found.total,
                             totalPages: found.totalPages, origin: .list(.network), hiddenCount: stories?.hiddenCount ?? 0)
    }

    private func searchCache(_ text: String, page: Int, perPage: Int, window: DateWindow, reason: String?) throws -> SearchResults {
        guard let siteID = try cachedSiteID() else { throw notInCopy("the stories to search", plural: true) }
        let (stories, searched) = try store.search(text, site: siteID, limit: page * perPage, window: window)
        let (shown, hiddenCount) = stories.dropFirst((page - 1) * perPage).withoutHidden()
        return SearchResults(query: text, hits: shown.map(SearchResults.Hit.story), page: page, perPage: perPage,
                             total: nil, totalPages: nil, origin: .fullText(searched: searched, reason: reason), hiddenCount: hiddenCount)
    }
}
