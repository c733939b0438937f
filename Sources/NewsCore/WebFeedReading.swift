import FeedFormats
import Foundation
import WordPressAPI

/// A site that is not WordPress, read through its feed (`APIRoot.Reading.webFeed`): the feed
/// holds only its newest items and the site has no archive, per-category feeds or search to
/// ask, so every item ever seen is kept and every list is made from the kept items.
extension SiteContent {
    /// The feed fetched (whatever the list: there is no other feed to ask), its items added to
    /// those kept, and the list made from all of them. `cached`: the list's copy, which an
    /// unchanged feed (304) renews.
    func fetchWebFeedAndStore(_ list: ListQuery, feed client: FeedClient, cached: CachedListing?) async throws -> CachedListing {
        guard let filter = webFeedFilter(list) else { throw NewsError.notInWebFeed(Self.missing(list), site: site.label) }
        let now = clock()
        let fetched = try await fetchFeed(.latest, page: 1, client: client, askingAbout: cached.map { _ in .items })
        let featuredSource: FeaturedStories.Source? = if case .featured = list { .feed } else { nil }
        let listing = try writeToCache(root: fetched.root) { store, siteID in
            // Unchanged, the feed adds nothing to the items kept; the list is made anew all the
            // same, so it is as fresh as the answer.
            if let feed = fetched.feed {
                try saveFeed(feed, root: fetched.root, store: store, site: siteID, at: now)
                try store.keepValidators(of: fetched, copy: .items, site: siteID)
            }
            return try store.saveWebFeedListing(site: siteID, query: list.key, filter: filter, featuredSource: featuredSource, at: now)
        }
        pruneIfDue(now: now)
        return listing
    }

    /// A feed's items stored as stories with their content: a web feed's under their short
    /// ids, each keeping the date it was first seen when it has none; a WordPress site's as
    /// its posts.
    /// Returns the items' ids, in the feed's order.
    @discardableResult
    func saveFeed(_ feed: Feed, root: APIRoot, store: StoryStore, site siteID: Int64, at now: Date) throws -> [Int] {
        var feed = feed
        if root.isWebFeed { try store.reuseRecordedKeys(&feed.items, site: root, storedAs: siteID) }
        let items = root.isWebFeed ? try store.feedItems(forKeys: feed.items.map(\.key), site: root, at: now) : [:]
        let kept = items.isEmpty ? [:] : try store.storyRecords(site: siteID, ids: items.values.map(\.id))
        let stories = FeedStories(feed, at: now, webFeedItems: items, kept: kept)
        try store.saveChanges(stories.fetched, site: siteID, at: now, withContent: true)
        return stories.fetched.posts.map(\.id)
    }

    /// Whether the site is known to be a web feed (after its first request, or from the start
    /// for a followed one).
    var isWebFeed: Bool {
        get async { await connection.feedClient?.root.isWebFeed ?? false }
    }

    /// Which kept items make the list; nil for a list a feed cannot make (an author's, by id).
    private func webFeedFilter(_ list: ListQuery) -> StoryStore.WebFeedFilter? {
        switch list {
        case .latest, .featured: return .all
        case .category(let ids, _, _): return .categories(ids)
        // A feed lists categories and tags alike; they are kept as categories.
        case .tag(let id, _, _): return .categories([id])
        case .search(let text, _, _): return .search(text)
        case .author, .byID, .dated: return nil
        }
    }
}
