import Foundation
import GRDB

/// What `wpnews cache` shows and does: sizes, clearing, pruning.
public struct CacheMaintenance: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public struct SiteSummary: Sendable, Hashable, Encodable {
        public let apiRoot: String
        public let stories: Int
        public let withContent: Int
        public let read: Int
        public let lists: Int
        public let lastFetched: Date?

        enum CodingKeys: String, CodingKey {
            case apiRoot = "api_root", stories, withContent = "with_content", read, lists, lastFetched = "last_fetched"
        }
    }

    public func summary() throws -> [SiteSummary] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT site.apiRoot,
                    (SELECT count(*) FROM story WHERE siteId = site.id),
                    (SELECT count(*) FROM story WHERE siteId = site.id AND content IS NOT NULL),
                    (SELECT count(*) FROM state.storyState WHERE storyState.site = site.apiRoot AND readAt IS NOT NULL),
                    (SELECT count(*) FROM listing WHERE siteId = site.id),
                    (SELECT max(max(fetchedAt, coalesce(caughtUpAt, fetchedAt))) FROM listing WHERE siteId = site.id)
                FROM site ORDER BY site.apiRoot
                """).map { row in
                SiteSummary(apiRoot: row[0], stories: row[1], withContent: row[2], read: row[3], lists: row[4], lastFetched: row[5])
            }
        }
    }

    /// Forgets everything, or one site (named by its API root or any URL it was given by),
    /// then gives the space back to the disk. What the user read or hid is not the cache's
    /// and stays. Returns how many sites were cleared.
    @discardableResult
    public func clear(site: String? = nil) throws -> Int {
        let cleared = try database.write { db in
            guard let site else {
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM site") ?? 0
                try db.execute(sql: "DELETE FROM site; DELETE FROM meta")
                return count
            }
            try db.execute(sql: """
                DELETE FROM site WHERE apiRoot = :site OR id IN (SELECT siteId FROM siteAddress WHERE address = :site)
                """, arguments: ["site": site])
            return db.changesCount
        }
        try database.write { db in
            // The search index keeps deleted rows' words until it is rebuilt; the rebuild
            // indexes every story, so none waits any more.
            try db.execute(sql: "INSERT INTO storySearch (storySearch) VALUES ('rebuild'); DELETE FROM storySearchWaiting")
        }
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM main")
            try db.execute(sql: "PRAGMA main.wal_checkpoint(TRUNCATE)")
        }
        return cleared
    }

    /// Runs SQLite's quick check first, so a damaged cache is found (and started again)
    /// before a maintenance command reports on it or changes it.
    public func verify() throws {
        try database.verify()
    }

    /// How many stories of web feeds the cache keeps that their feeds no longer hold (each
    /// fetch of a feed leaves them behind: they are kept only here), of one site or of all.
    public func itemsOutOfFeeds(site: String? = nil) throws -> Int {
        try database.read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM story JOIN site ON site.id = story.siteId
                WHERE site.webFeed AND story.fetchedAt < (SELECT max(fetchedAt) FROM story AS newest WHERE newest.siteId = story.siteId)
                  AND (:site IS NULL OR site.apiRoot = :site OR site.id IN (SELECT siteId FROM siteAddress WHERE address = :site))
                """, arguments: ["site": site]) ?? 0
        }
    }

    /// Drops stories that no cached list holds, last fetched before `date`: a WordPress
    /// site's that were not read (the site keeps them), a web feed's that were (the cache is
    /// the only place a web feed's items that left the feed are kept, so an unread one stays).
    /// Returns how many went, and how many of them were web feeds'.
    /// A dated listing fetched before `date` goes first: a window asked for once (`--before
    /// 2024-03`) keeps no story for good; asked again, it is fetched again.
    @discardableResult
    public func prune(fetchedBefore date: Date) throws -> (stories: Int, ofWebFeeds: Int) {
        try database.write { db in
            try db.execute(sql: "DELETE FROM listing WHERE undatedFamily IS NOT NULL AND fetchedAt < ?", arguments: [date.stored])
            let ofWebFeeds = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM story JOIN site ON site.id = story.siteId WHERE site.webFeed AND \(Self.prunable)
                """, arguments: ["date": date.stored]) ?? 0
            try db.execute(sql: "DELETE FROM story WHERE \(Self.prunable)", arguments: ["date": date.stored])
            let pruned = db.changesCount
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('lastPruned', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                           arguments: [String(Date().timeIntervalSince1970)])
            return (pruned, ofWebFeeds)
        }
    }

    /// The stories `prune` drops, `:date` the time before which they were last fetched.
    private static let prunable = """
        story.fetchedAt < :date
          AND NOT EXISTS (SELECT 1 FROM listing, json_each(listing.storyIds)
                          WHERE listing.siteId = story.siteId AND json_each.value = story.id)
          AND (SELECT webFeed FROM site WHERE site.id = story.siteId) = EXISTS (
              SELECT 1 FROM state.storyState JOIN site ON site.apiRoot = storyState.site
              WHERE site.id = story.siteId AND storyState.storyId = story.id AND storyState.readAt IS NOT NULL)
        """

    /// Prunes at most once a day, as a side effect of fetching.
    func pruneIfDue(olderThan age: TimeInterval, now: Date) throws {
        let last = try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'lastPruned'").flatMap(Double.init)
        }
        guard now.timeIntervalSince1970 - (last ?? 0) > 86_400 else { return }
        try prune(fetchedBefore: now.addingTimeInterval(-age))
    }
}
