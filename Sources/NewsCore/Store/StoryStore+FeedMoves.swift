import GRDB
import WordPressAPI

/// A web feed that moved for good. Such a site is known by its feed's address, in the cache
/// (its `site` row) and in the user's state (every row keyed by `site`), so the move refiles
/// both under the new address.
extension StoryStore {
    /// The user's tables keyed by a site's root.
    private static let stateTables = ["storyState", "shownItem", "watchCursor", "watchDelivered", "feedItem", "savedStory"]

    /// How a row already under the new address (`kept`) takes in the old row of the same key
    /// (`old`), for the tables where both may say something (`?1` the old address, `?2` the
    /// new). A watch that ran on at the old address while another run moved the feed writes
    /// there after the move, so either may be the newer: the newer wins, or watch would
    /// deliver items again (an older delivered set) or skip some. Marks are a union: read or
    /// hidden under either address is read or hidden. In the other tables the kept row stays.
    private static let mergeOldIntoKept = [
        // The cursor that has seen more, as a whole: its dates were advanced together.
        """
        UPDATE state.watchCursor AS kept SET startedAt = old.startedAt, modifiedSince = old.modifiedSince,
            publishedSince = old.publishedSince, checkedRemovedAt = old.checkedRemovedAt
        FROM state.watchCursor AS old WHERE kept.site = ?2 AND old.site = ?1
            AND (old.modifiedSince, old.publishedSince) > (kept.modifiedSince, kept.publishedSince)
        """,
        // Each story as it was delivered last.
        """
        UPDATE state.watchDelivered AS kept SET modified = max(kept.modified, old.modified), deliveredAt = max(kept.deliveredAt, old.deliveredAt)
        FROM state.watchDelivered AS old WHERE kept.site = ?2 AND old.site = ?1 AND old.storyId = kept.storyId
        """,
        // First seen the earlier, the rest the later; SQLite's min and max of a NULL are NULL.
        """
        UPDATE state.storyState AS kept SET
            firstSeenAt = min(coalesce(kept.firstSeenAt, old.firstSeenAt), coalesce(old.firstSeenAt, kept.firstSeenAt)),
            seenModified = max(coalesce(kept.seenModified, old.seenModified), coalesce(old.seenModified, kept.seenModified)),
            readAt = max(coalesce(kept.readAt, old.readAt), coalesce(old.readAt, kept.readAt)),
            hiddenAt = max(coalesce(kept.hiddenAt, old.hiddenAt), coalesce(old.hiddenAt, kept.hiddenAt))
        FROM state.storyState AS old WHERE kept.site = ?2 AND old.site = ?1 AND old.storyId = kept.storyId
        """,
    ]

    /// Files everything kept under `old` under `new`.
    ///
    /// The state goes first, in a transaction of its own, and the cache after it. The two are
    /// separate files, which SQLite in WAL mode does not commit as one, so a run may die
    /// between them. State first loses nothing then: sites.toml still names the old address
    /// (the caller changes it last), the next run meets the redirect again and repeats the
    /// move, which finds the state moved already and moves the cache. The other way round, a
    /// crash would leave the marks under an address no run reads any more once sites.toml
    /// moved, while the cache, which can always be fetched again, is the one to risk.
    ///
    /// Rows already under `new` (a run that wrote there before this one moved) take in the old
    /// rows they clash with (`mergeOldIntoKept`), which are then dropped; the cache's old copy
    /// of the site wins over a new one, as it holds every item the feed ever had.
    ///
    /// Throws when the state could not be refiled: nothing moved. Once it is, the move has
    /// happened, and the run must go on at the new address where the marks now are; a cache
    /// that refuses its part is only reported (false): its old row stays behind, and the
    /// stories are fetched again under the new address.
    @discardableResult
    func moveWebFeed(from old: APIRoot, to new: APIRoot) throws -> Bool {
        let (from, to) = (old.description, new.description)
        try database.write { db in
            for merge in Self.mergeOldIntoKept {
                try db.execute(sql: merge, arguments: [from, to])
            }
            for table in Self.stateTables {
                try db.execute(sql: "UPDATE OR IGNORE state.\(table) SET site = ? WHERE site = ?", arguments: [to, from])
                try db.execute(sql: "DELETE FROM state.\(table) WHERE site = ?", arguments: [from])
            }
        }
        do {
            try moveCachedWebFeed(from: old, to: new)
            return true
        } catch {
            return false
        }
    }

    private func moveCachedWebFeed(from old: APIRoot, to new: APIRoot) throws {
        let (from, to) = (old.description, new.description)
        try database.write { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE apiRoot = ?", arguments: [from]) else { return }
            try db.execute(sql: "DELETE FROM site WHERE apiRoot = ?", arguments: [to])
            try db.execute(sql: "UPDATE site SET apiRoot = ? WHERE id = ?", arguments: [to, id])
            // They describe what the old address sent; the new one's answer brings its own.
            try db.execute(sql: "DELETE FROM feedValidators WHERE siteId = ? AND url = ?", arguments: [id, old.readFeed ?? from])
        }
    }
}
