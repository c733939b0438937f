import Foundation

/// A story the user hid, as `SiteContent.hiddenStories()` lists it.
public struct HiddenStory: Sendable, Hashable {
    public let id: Int
    /// Nil when the cache no longer holds the story: what the user hid outlives `cache clear`
    /// and a damaged cache, the stories themselves do not.
    public let story: Story?
    public let hiddenAt: Date
}

/// Read and hidden: marks only the user sets, kept in the state store (`AppDatabase`) by the
/// site's API root. Nothing is marked for a site whose root the cache never learnt: no story
/// of it was ever shown.
extension SiteContent {
    /// Marks a story read: lists dim it, and `--unread` leaves it out.
    public func markRead(_ story: Story) throws {
        try setRead(story, true)
    }

    /// Marks a story read, or unread again.
    public func setRead(_ story: Story, _ read: Bool) throws {
        try set(.read, on: [story.id], read)
    }

    /// Marks every one of these stories read at once, in one transaction ("mark all read").
    public func markRead(_ stories: [Story]) throws {
        try set(.read, on: stories.map(\.id), true)
    }

    /// Marks stories read, or unread, by their ids (`wpnews mark`): all of them or, when the
    /// cache does not hold some of them for this site (a mistyped id, most likely), none.
    public func setRead(storyIDs: [Int], _ read: Bool) throws {
        let cached = try cachedSiteID().map { try readingMarks.cachedIDs(site: $0, among: storyIDs) } ?? []
        let missing = storyIDs.filter { !cached.contains($0) }
        guard missing.isEmpty else { throw NewsError.storiesNotCached(missing, site: site.label) }
        try set(.read, on: storyIDs, read)
    }

    /// Marks every story the cache holds for this site read, in one transaction; returns how
    /// many were unread.
    public func markAllRead() throws -> Int {
        guard let siteID = try cachedSiteID() else { return 0 }
        return try readingMarks.markAllRead(site: siteID, at: clock())
    }

    /// Hides a story from every list and search of this site, or brings it back.
    public func setHidden(_ story: Story, _ hidden: Bool) throws {
        try set(.hidden, on: [story.id], hidden)
    }

    /// Brings back a hidden story known by its id alone (the More tab lists stories hidden
    /// before the cache was cleared, which it no longer holds).
    public func unhide(storyID: Int) throws {
        try set(.hidden, on: [storyID], false)
    }

    /// The stories of this site the user hid, most recently hidden first; empty when the
    /// cache does not know the site's root (a site given by address, after `cache clear`,
    /// until a list is fetched again).
    public func hiddenStories() throws -> [HiddenStory] {
        guard let root = try cachedRoot() else { return [] }
        return try readingMarks.hiddenStories(root: root)
    }

    private func set(_ mark: ReadingMarks.Mark, on storyIDs: [Int], _ isSet: Bool) throws {
        guard let root = try cachedRoot() else { return }
        try readingMarks.set(mark, on: storyIDs, root: root, at: isSet ? clock() : nil)
    }

    /// The user's marks, in the state store beside the cache.
    var readingMarks: ReadingMarks { ReadingMarks(database: store.database) }
}

/// How many stories the cache holds of each followed site that are neither read nor hidden,
/// by the site's name (`sites list`, the More tab): from the cache and the state alone, never
/// the network. A site the cache does not know has none.
public enum UnreadCounts {
    public static func of(_ followed: FollowedSites, in database: AppDatabase) throws -> [String: Int] {
        let byRoot = try ReadingMarks(database: database).unreadCounts()
        return Dictionary(uniqueKeysWithValues: followed.names.map { name in
            (name, followed.sites[name]?.root.flatMap { byRoot[$0.description] } ?? 0)
        })
    }
}

extension Sequence<Story> {
    /// The stories a list shows: all but those the user hid, and how many those were. Every
    /// list and search result is cut by this, so hiding means the same everywhere.
    func withoutHidden() -> (stories: [Story], hiddenCount: Int) {
        var shown: [Story] = []
        var hidden = 0
        for story in self {
            if story.state.isHidden { hidden += 1 } else { shown.append(story) }
        }
        return (shown, hidden)
    }
}
