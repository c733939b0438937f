import Foundation
import WordPressAPI

/// One poll's findings, oldest first, and where the next poll starts once they are written
/// (`SiteContent.commit`): a poll whose stories were never written is asked again.
public struct WatchPoll: Sendable {
    public let events: [WatchEvent]
    let root: String
    let cursor: WatchCursor
    let delivered: [(id: Int, modified: Date)]
    /// How long the site's feed asks readers to wait between polls (`<ttl>`,
    /// `sy:updatePeriod`), at most `WatchTiming.longestFeedInterval`; nil when it does not
    /// say, or the site is not read through its feed.
    var feedInterval: TimeInterval? = nil
    /// The feed as the poll found it, whose validators are kept for watch's copy only once
    /// the poll is committed: a poll whose lines were never written is asked for whole again.
    var feedFetch: FeedFetch? = nil
}

extension WatchCursor {
    /// How long a save may take to show in the site's answers: edits are asked for again
    /// this far back by the server's clock, so one saved while a poll ran is not missed.
    static let settling: TimeInterval = 60

    /// Past what a poll found. Modified times move up to the server's clock less `settling`,
    /// so a quiet site answers an empty list, not its newest story again. Dates move only to
    /// the newest found: a scheduled post is published when the site's cron gets to it, with
    /// the date it was scheduled for. (One published later with the very same second as the
    /// newest date is the one thing `after`, being strict, misses.)
    mutating func advance(past changes: PostChanges) {
        let settled = changes.serverDate.map { $0.addingTimeInterval(-Self.settling) } ?? modifiedSince
        modifiedSince = max(modifiedSince, settled, changes.posts.map(\.modifiedGMT.date).max() ?? modifiedSince)
        publishedSince = max(publishedSince, changes.posts.map(\.dateGMT.date).max() ?? publishedSince)
    }
}

/// The polls of `wpnews watch`: the catch-up requests every stale list makes
/// (`SiteContent.changes`), asked from the site's watch cursor instead of a list's.
extension SiteContent {
    /// What changed on the site since the last poll whose stories were written (a cursor in
    /// the user's state), oldest first. A site watched for the first time starts at `since`,
    /// else now; `since` also reaches back before an existing cursor. About once an hour the
    /// stories delivered last are checked for removal: they leave every cached list, and are
    /// events of their own.
    public func watchPoll(since: Date?, detail: StoryDetail) async throws -> WatchPoll {
        let now = clock()
        let root = try await watchRoot()
        let stored = try WatchCursors(database: store.database).cursor(site: root)
        var cursor = stored ?? WatchCursor(startedAt: since ?? now)
        if let since { cursor = cursor.reaching(back: since) }

        if let client = await connection.feedClient {
            if client.root.isWebFeed { return try await webFeedPoll(client, cursor: cursor, isFirst: stored == nil, root: root, at: now) }
            return try await feedWatchPoll(client, root: root, cursor: cursor, at: now)
        }
        let siteID = try cachedSiteID()
        // A second early on modified_after (WordPress compares whole seconds); `after` exactly,
        // or the newest story would come back on every poll (see `advance`).
        let changes = try await changes(
            to: PostQuery(), modifiedAfter: cursor.modifiedSince.addingTimeInterval(-1), publishedAfter: cursor.publishedSince,
            site: siteID, detail: detail, allPages: true
        )
        guard let changes else { throw NewsError.watchNeedsModifiedAfter(site: site.label) }
        let (savedSite, stories) = try writeToCache(root: changes.root) { store, siteID in
            try store.saveChanges(FetchedPage(posts: changes.posts, names: changes.names, total: nil, totalPages: nil), site: siteID, at: now)
            return (siteID, try store.stories(site: siteID, ids: changes.posts.map(\.id)))
        }
        var events = try classify(stories, cursor: cursor, root: root)
        cursor.advance(past: changes)

        if now.timeIntervalSince(cursor.checkedRemovedAt ?? cursor.startedAt) >= Self.fullFetchInterval {
            events += try await removedStories(root: root, site: savedSite)
            cursor.checkedRemovedAt = now
        }
        let delivered = events.filter { $0.kind != .removed }.compactMap { event in event.story.map { (id: $0.id, modified: $0.modified) } }
        return WatchPoll(events: events, root: root, cursor: cursor, delivered: delivered)
    }

    /// Remembers a poll's stories as delivered, once they are written, and forgets the removed ones.
    public func commit(_ poll: WatchPoll) throws {
        let removed = poll.events.filter { $0.kind == .removed }.map(\.storyID)
        try WatchCursors(database: store.database).commit(site: poll.root, cursor: poll.cursor, delivered: poll.delivered, removed: removed, at: clock())
        if let fetched = poll.feedFetch {
            // They only spare the next poll a whole fetch: a cache that cannot keep them costs
            // the poll, whose lines are written already, nothing.
            _ = try? cachedSiteID().map { try store.keepValidators(of: fetched, copy: .watch, site: $0) }
        }
    }

    /// A site read through its feed: what its main feed holds, asked politely (an unchanged
    /// feed answers 304, and there is nothing new), with the interval it asks for.
    private func feedWatchPoll(_ client: FeedClient, root: String, cursor: WatchCursor, at now: Date) async throws -> WatchPoll {
        let fetched = try await fetchFeed(.latest, page: 1, client: client, askingAbout: .watch)
        let (stories, interval) = try writeToCache(root: client.root) { store, siteID in
            guard let feed = fetched.feed else { return ([Story](), try store.feedPollInterval(site: siteID, url: fetched.url, copy: .watch)) }
            let page = FeedStories(feed, at: now)
            try store.saveChanges(page.fetched, site: siteID, at: now, withContent: true)
            return (try store.stories(site: siteID, ids: page.fetched.posts.map(\.id)), feed.pollInterval)
        }
        let events = try classify(stories, cursor: cursor, root: root)
        let delivered = events.compactMap { event in event.story.map { (id: $0.id, modified: $0.modified) } }
        return WatchPoll(
            events: events, root: root, cursor: cursor, delivered: delivered,
            feedInterval: interval.map { min(TimeInterval($0), WatchTiming.longestFeedInterval) }, feedFetch: fetched
        )
    }

    /// The site's API root, found without a request when the cache knows it.
    private func watchRoot() async throws -> String {
        if let root = try cachedRoot() { return root }
        switch try await connection.run({ api in api.root.description }) {
        case .answered(let root, _): return root
        case .readThroughFeed(let client): return client.root.description
        }
    }

    /// A web feed has no changes to ask for: its items are read whole, and each one never
    /// delivered is new, each delivered one whose modified time moved (its text changed) is
    /// updated. The first poll of a site delivers what the feed holds silently, except items
    /// dated after `cursor.startedAt` (`--since`).
    private func webFeedPoll(_ client: FeedClient, cursor: WatchCursor, isFirst: Bool, root: String, at now: Date) async throws -> WatchPoll {
        // Unchanged (304), the feed has nothing new; its interval is the one it asked for last.
        // The first poll asks for the whole feed: what it holds is what later polls compare
        // with, and a 304 there (validators from an earlier `latest`) would leave nothing.
        let fetched = try await fetchFeed(.latest, page: 1, client: client, askingAbout: isFirst ? nil : .watch)
        // A feed that moved for good took its delivered stories and cursor with it.
        let root = fetched.root.description
        let (stories, interval) = try writeToCache(root: fetched.root) { store, siteID in
            guard let feed = fetched.feed else { return ([Story](), try store.feedPollInterval(site: siteID, url: fetched.url, copy: .watch)) }
            return (try store.stories(site: siteID, ids: try saveFeed(feed, root: fetched.root, store: store, site: siteID, at: now)), feed.pollInterval)
        }
        let delivered = try WatchCursors(database: store.database).delivered(site: root, ids: stories.map(\.id))
        let events: [(at: Date, event: WatchEvent)] = stories.compactMap { story in
            if let modified = delivered[story.id] {
                return story.modified > modified ? (story.modified, WatchEvent(kind: .updated, storyID: story.id, story: story)) : nil
            }
            return !isFirst || story.date >= cursor.startedAt ? (story.date, WatchEvent(kind: .published, storyID: story.id, story: story)) : nil
        }
        let sorted = events.sorted { ($0.at, $0.event.storyID) < ($1.at, $1.event.storyID) }.map(\.event)
        return WatchPoll(
            events: sorted, root: root, cursor: cursor, delivered: stories.map { (id: $0.id, modified: $0.modified) },
            feedInterval: interval.map { min(TimeInterval($0), WatchTiming.longestFeedInterval) }, feedFetch: fetched
        )
    }

    /// New: dated from the start on and never delivered. Updated: changed since delivered, or
    /// since the start for a story from before it. A story seen again unchanged (the catch-up
    /// asks a second early) is nothing. Oldest first, by the time of what happened.
    private func classify(_ stories: [Story], cursor: WatchCursor, root: String) throws -> [WatchEvent] {
        let delivered = try WatchCursors(database: store.database).delivered(site: root, ids: stories.map(\.id))
        let events: [(at: Date, event: WatchEvent)] = stories.compactMap { story in
            if let modified = delivered[story.id] {
                return story.modified > modified ? (story.modified, WatchEvent(kind: .updated, storyID: story.id, story: story)) : nil
            }
            if story.date >= cursor.startedAt { return (story.date, WatchEvent(kind: .published, storyID: story.id, story: story)) }
            return story.modified > cursor.startedAt ? (story.modified, WatchEvent(kind: .updated, storyID: story.id, story: story)) : nil
        }
        return events.sorted { ($0.at, $0.event.storyID) < ($1.at, $1.event.storyID) }.map(\.event)
    }

    /// The stories delivered last that the site no longer publishes (one request for their
    /// ids); they leave the cache, so every list drops them.
    private func removedStories(root: String, site siteID: Int64) async throws -> [WatchEvent] {
        let ids = try WatchCursors(database: store.database).latestDelivered(site: root)
        guard !ids.isEmpty else { return [] }
        let endpoint = Endpoints.postIDs(ids: ids)
        let present = Set(try await run { api in try await api.fetch(endpoint) }.value.map(\.id))
        let gone = ids.filter { !present.contains($0) }.sorted()
        guard !gone.isEmpty else { return [] }
        let cached = Dictionary(try store.stories(site: siteID, ids: gone).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        try store.forget(storyIDs: gone, site: siteID)
        return gone.map { WatchEvent(kind: .removed, storyID: $0, story: cached[$0]) }
    }
}
