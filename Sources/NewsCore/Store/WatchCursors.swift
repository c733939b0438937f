import Foundation
import GRDB

/// Where `wpnews watch` is on a site: the user's state (kept by the site's API root, beside
/// the reading marks), so a restart of watch neither repeats nor skips a story.
struct WatchCursor: Sendable, Hashable {
    /// A story dated after this, never delivered, is new; one dated before it that changes
    /// is an update. When watch first ran on the site, or `--since`.
    var startedAt: Date
    /// The next poll asks for posts modified after this (`modified_after`)...
    var modifiedSince: Date
    /// ...and dated after this (`after`).
    var publishedSince: Date
    /// When delivered stories were last checked for removal from the site.
    var checkedRemovedAt: Date?

    /// `start` to the whole second: WordPress's dates have no fractions, and a story saved in
    /// the second watch started is one to show.
    init(startedAt start: Date) {
        startedAt = Date(timeIntervalSince1970: start.timeIntervalSince1970.rounded(.down))
        modifiedSince = startedAt
        publishedSince = startedAt
    }

    /// `--since` reaches back before where the cursor is.
    func reaching(back since: Date) -> WatchCursor {
        var cursor = self
        cursor.startedAt = min(startedAt, since)
        cursor.modifiedSince = min(modifiedSince, since)
        cursor.publishedSince = min(publishedSince, since)
        return cursor
    }
}

/// The watch tables of the state store.
struct WatchCursors: Sendable {
    let database: AppDatabase

    /// How many of the latest delivered stories a check for removed ones asks about: one request.
    static let removalCheckLimit = 100
    /// Delivered stories are forgotten after this: an edit to one later counts as an update anyway.
    static let deliveredKeptFor: TimeInterval = 30 * 86_400

    func cursor(site root: String) throws -> WatchCursor? {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM state.watchCursor WHERE site = ?", arguments: [root]) else { return nil }
            var cursor = WatchCursor(startedAt: Date(timeIntervalSince1970: row["startedAt"]))
            cursor.modifiedSince = Date(timeIntervalSince1970: row["modifiedSince"])
            cursor.publishedSince = Date(timeIntervalSince1970: row["publishedSince"])
            cursor.checkedRemovedAt = (row["checkedRemovedAt"] as Double?).map(Date.init(timeIntervalSince1970:))
            return cursor
        }
    }

    /// The modified time each of these stories had when watch delivered it.
    func delivered(site root: String, ids: [Int]) throws -> [Int: Date] {
        try database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT storyId, modified FROM state.watchDelivered WHERE site = ? AND storyId IN (SELECT value FROM json_each(?))
                """, arguments: [root, ids.stored])
            return Dictionary(rows.map { ($0["storyId"], Date(timeIntervalSince1970: $0["modified"])) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The stories delivered last, newest first, for the check for removed ones.
    func latestDelivered(site root: String) throws -> [Int] {
        try database.read { db in
            try Int.fetchAll(db, sql: """
                SELECT storyId FROM state.watchDelivered WHERE site = ? ORDER BY deliveredAt DESC, storyId DESC LIMIT ?
                """, arguments: [root, Self.removalCheckLimit])
        }
    }

    /// After a poll's stories were written: the new cursor, what was delivered (id and
    /// modified time), what was removed, in one transaction; delivered rows past their time go.
    func commit(site root: String, cursor: WatchCursor, delivered: [(id: Int, modified: Date)], removed: [Int], at now: Date) throws {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO state.watchCursor (site, startedAt, modifiedSince, publishedSince, checkedRemovedAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (site) DO UPDATE SET startedAt = excluded.startedAt, modifiedSince = excluded.modifiedSince,
                    publishedSince = excluded.publishedSince, checkedRemovedAt = excluded.checkedRemovedAt
                """, arguments: [root, cursor.startedAt.stored, cursor.modifiedSince.stored, cursor.publishedSince.stored,
                                 cursor.checkedRemovedAt?.stored])
            for story in delivered {
                try db.cachedStatement(sql: """
                    INSERT INTO state.watchDelivered (site, storyId, modified, deliveredAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (site, storyId) DO UPDATE SET modified = excluded.modified, deliveredAt = excluded.deliveredAt
                    """).execute(arguments: [root, story.id, story.modified.stored, now.stored])
            }
            try db.execute(sql: "DELETE FROM state.watchDelivered WHERE site = ? AND storyId IN (SELECT value FROM json_each(?))",
                           arguments: [root, removed.stored])
            try db.execute(sql: "DELETE FROM state.watchDelivered WHERE site = ? AND deliveredAt < ?",
                           arguments: [root, now.addingTimeInterval(-Self.deliveredKeptFor).stored])
        }
    }
}
