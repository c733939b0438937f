import Foundation
import GRDB

/// What the user did with stories: saw them in a list, read them, hid them. It is the user's
/// own state (`state.storyState`, keyed by the site's API root), never the cache's, so it
/// outlives `cache clear` and a damaged cache; the cache only lends it the stories.
struct ReadingMarks: Sendable {
    let database: AppDatabase

    /// Stories shown in a list count as seen: later lists mark them neither new nor updated.
    /// Only those the list showed as new or updated are written: the others were seen as
    /// they are, and a list seen again (most warm runs) then writes nothing at all.
    func markSeen(_ stories: [Story], site: Int64, at now: Date) throws {
        let unseen = stories.filter { $0.state.isNew || $0.state.isUpdated }
        guard !unseen.isEmpty else { return }
        try database.writeState { db in
            for story in unseen {
                try db.cachedStatement(sql: """
                    INSERT INTO state.storyState (site, storyId, firstSeenAt, seenModified) VALUES ((SELECT apiRoot FROM site WHERE id = ?), ?, ?, ?)
                    ON CONFLICT (site, storyId) DO UPDATE SET
                        firstSeenAt = coalesce(storyState.firstSeenAt, excluded.firstSeenAt),
                        seenModified = excluded.seenModified
                    """).execute(arguments: [site, story.id, now.stored, story.modified.stored])
            }
        }
    }

    /// A mark the user sets on a story and can take off again: its column in `state.storyState`.
    enum Mark: String, Sendable {
        case read = "readAt"
        case hidden = "hiddenAt"
    }

    /// Sets `mark` on these stories at `date`, or takes it off (nil), in one transaction.
    /// Keyed by the site's API root, the state's own key, so a followed site's stories can be
    /// marked while the cache does not hold the site (after `cache clear`).
    func set(_ mark: Mark, on storyIDs: [Int], root: String, at date: Date?) throws {
        try database.writeState { db in
            for id in storyIDs {
                try db.cachedStatement(sql: """
                    INSERT INTO state.storyState (site, storyId, \(mark.rawValue)) VALUES (?, ?, ?)
                    ON CONFLICT (site, storyId) DO UPDATE SET \(mark.rawValue) = excluded.\(mark.rawValue)
                    """).execute(arguments: [root, id, date?.stored])
            }
        }
    }

    /// Which of these ids the cache holds for the site (by its cache id).
    func cachedIDs(site: Int64, among ids: [Int]) throws -> Set<Int> {
        try database.read { db in
            Set(try Int.fetchAll(db, sql: "SELECT id FROM story WHERE siteId = ? AND id IN (SELECT value FROM json_each(?))",
                                 arguments: [site, ids.stored]))
        }
    }

    /// Marks every story of the site the cache holds read at `date`, those read before keeping
    /// their date; returns how many were unread.
    func markAllRead(site: Int64, at date: Date) throws -> Int {
        let unread = try database.read { db in
            try Int.fetchAll(db, sql: """
                SELECT story.id FROM story JOIN site ON site.id = story.siteId
                LEFT JOIN state.storyState ON storyState.site = site.apiRoot AND storyState.storyId = story.id
                WHERE story.siteId = ? AND storyState.readAt IS NULL
                """, arguments: [site])
        }
        guard !unread.isEmpty else { return 0 }
        try database.writeState { db in
            try db.execute(sql: """
                INSERT INTO state.storyState (site, storyId, readAt)
                SELECT (SELECT apiRoot FROM site WHERE id = ?), value, ? FROM json_each(?) WHERE true
                ON CONFLICT (site, storyId) DO UPDATE SET readAt = coalesce(storyState.readAt, excluded.readAt)
                """, arguments: [site, date.stored, unread.stored])
        }
        return unread.count
    }

    /// How many stories of each site the cache holds are neither read nor hidden, by API root.
    func unreadCounts() throws -> [String: Int] {
        try database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT site.apiRoot, count(*) FROM story JOIN site ON site.id = story.siteId
                LEFT JOIN state.storyState ON storyState.site = site.apiRoot AND storyState.storyId = story.id
                WHERE storyState.readAt IS NULL AND storyState.hiddenAt IS NULL GROUP BY site.apiRoot
                """)
            return Dictionary(rows.map { ($0[0], $0[1]) }, uniquingKeysWith: +)
        }
    }

    /// The stories of a site the user hid, most recently hidden first, each with its story
    /// while the cache holds it.
    func hiddenStories(root: String) throws -> [HiddenStory] {
        try database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT storyId, hiddenAt FROM state.storyState WHERE site = ? AND hiddenAt IS NOT NULL ORDER BY hiddenAt DESC, storyId DESC
                """, arguments: [root])
            let ids: [Int] = rows.map { $0["storyId"] }
            var stories: [Int: Story] = [:]
            if let site = try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE apiRoot = ?", arguments: [root]) {
                let records = try StoryStore.records(StoryRecord.self, site: site, ids: ids, db)
                for story in try StoryStore.stories(records, names: try StoryStore.names(site: site, for: records, db), site: site, order: ids, db) {
                    stories[story.id] = story
                }
            }
            return rows.map { HiddenStory(id: $0["storyId"], story: stories[$0["storyId"]], hiddenAt: $0["hiddenAt"]) }
        }
    }
}
