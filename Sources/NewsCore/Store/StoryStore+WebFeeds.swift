import FeedFormats
import Foundation
import GRDB
import WordPressAPI

/// Who a web feed's item is for good: its short id, and when it was first seen.
struct FeedItemIdentity: Sendable, Hashable {
    let id: Int
    let firstSeen: Date
}

/// A web feed's items: every one ever seen is kept (the feed holds only its newest, and the
/// site has no archive to ask), each under a short id of its own, and lists are made from
/// all of them.
extension StoryStore {
    /// Each item key's short id and when the item was first seen: the id it was given before,
    /// else its hash (`FeedIDs.short`), or the next free number when another item of the site
    /// already has that one. Kept in the user's state, so an item keeps its number (and with
    /// it the marks that name it) and its first sight after `cache clear`; a state that cannot
    /// be written leaves them good for this run.
    func feedItems(forKeys keys: [String], site root: APIRoot, at now: Date) throws -> [String: FeedItemIdentity] {
        let site = root.description
        var given = try database.read { db in
            try Dictionary(Row.fetchAll(db, sql: "SELECT key, storyId, firstSeenAt FROM state.feedItem WHERE site = ?", arguments: [site])
                .map { (row: Row) -> (String, FeedItemIdentity) in (row[0], FeedItemIdentity(id: row[1], firstSeen: row[2])) },
                uniquingKeysWith: { first, _ in first })
        }
        var taken = Set(given.values.map(\.id))
        var added: [(key: String, id: Int)] = []
        for key in keys where given[key] == nil {
            var id = FeedIDs.short(key)
            while taken.contains(id) { id = FeedIDs.nextShort(after: id) }
            given[key] = FeedItemIdentity(id: id, firstSeen: now)
            taken.insert(id)
            added.append((key, id))
        }
        if !added.isEmpty {
            // One statement for all of them, the pairs handed over as a JSON array: a first
            // fetch numbers every item of the feed, and a statement a row cost a 500-item feed
            // 12 M instructions.
            var pairs = PrettyJSON()
            pairs.append("[")
            for (index, (key, id)) in added.enumerated() {
                pairs.append(index == 0 ? "[" : ",[")
                pairs.string(key)
                pairs.append(",")
                pairs.number(id)
                pairs.append("]")
            }
            pairs.append("]")
            try database.writeState { db in
                try db.cachedStatement(sql: """
                    INSERT OR IGNORE INTO state.feedItem (site, key, storyId, firstSeenAt)
                    SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]'), ? FROM json_each(?)
                    """).execute(arguments: [site, now.stored, pairs.text])
            }
        }
        return given
    }

    /// Gives the items back the keys they have on record (`FeedKeys.reuse`), before
    /// `feedItems` numbers them: items that claim one key are told apart by the link the cache
    /// keeps under its id.
    func reuseRecordedKeys(_ items: inout [FeedItem], site root: APIRoot, storedAs siteID: Int64) throws {
        let recorded = try database.read { db in
            try Dictionary(Row.fetchAll(db, sql: "SELECT key, storyId FROM state.feedItem WHERE site = ?", arguments: [root.description])
                .map { (row: Row) -> (String, Int) in (row[0], row[1]) }, uniquingKeysWith: { first, _ in first })
        }
        FeedKeys.reuse(recorded: Set(recorded.keys), linkOf: { key in
            // Only a tie asks; a cache that cannot answer leaves the last claimant the key.
            recorded[key].flatMap { id in try? self.storyRecords(site: siteID, ids: [id])[id]?.link }
        }, in: &items)
    }

    /// How many kept stories each category holds.
    func storyCounts(site: Int64) throws -> [Int: Int] {
        try database.read { db in
            Dictionary(try Row.fetchAll(db, sql: """
                SELECT json_each.value, count(*) FROM story, json_each(story.categoryIds) WHERE story.siteId = ? GROUP BY json_each.value
                """, arguments: [site]).map { (row: Row) -> (Int, Int) in (row[0], row[1]) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The stories the cache holds under these ids, by id.
    func storyRecords(site: Int64, ids: [Int]) throws -> [Int: StoryRecord] {
        try database.read { db in
            Dictionary(try Self.records(StoryRecord.self, site: site, ids: ids, db).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// How many items the cache keeps of the site.
    func keptItemCount(site: Int64) throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM story WHERE siteId = ?", arguments: [site]) ?? 0 }
    }

    /// Which of a web feed's kept items a list holds.
    enum WebFeedFilter: Sendable, Hashable {
        case all
        case categories([Int])
        /// Full-text, best first.
        case search(String)
    }

    /// A page of a list made from every item the cache keeps of a web feed, newest first
    /// (a search's best first), stored as the list's answer so the list is fresh as any other.
    func saveWebFeedListing(
        site: Int64, query: ListKey, filter: WebFeedFilter, featuredSource: FeaturedStories.Source?, at now: Date
    ) throws -> CachedListing {
        try database.write { db in
            let ids: [Int]
            switch filter {
            case .all:
                ids = try Int.fetchAll(db, sql: "SELECT id FROM story WHERE siteId = ? ORDER BY date DESC, id DESC", arguments: [site])
            case .categories(let categories):
                ids = try Int.fetchAll(db, sql: """
                    SELECT id FROM story WHERE siteId = ?
                      AND EXISTS (SELECT 1 FROM json_each(categoryIds) WHERE value IN (SELECT value FROM json_each(?)))
                    ORDER BY date DESC, id DESC
                    """, arguments: [site, categories.stored])
            case .search(let text):
                try Self.bringSearchIndexUpToDate(db)
                ids = try Self.ftsPattern(text).map { pattern in
                    try Int.fetchAll(db, sql: """
                        SELECT story.id FROM storySearch JOIN story ON story.rowid = storySearch.rowid
                        WHERE storySearch MATCH ? AND story.siteId = ?
                        ORDER BY bm25(storySearch, 10.0, 3.0, 1.0), story.date DESC
                        """, arguments: [pattern, site])
                } ?? []
            }
            let totalPages = max(1, (ids.count + query.perPage - 1) / query.perPage)
            guard query.page <= totalPages else { throw NewsError.pageOutOfRange(page: query.page, totalPages: totalPages) }
            let first = (query.page - 1) * query.perPage
            let shown = Array(ids[first..<min(first + query.perPage, ids.count)])
            try db.execute(sql: """
                INSERT INTO listing (siteId, family, page, perPage, storyIds, total, totalPages, featuredBy, featuredTagName, fetchedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)
                ON CONFLICT (siteId, family, page, perPage) DO UPDATE SET
                    storyIds = excluded.storyIds, total = excluded.total, totalPages = excluded.totalPages,
                    featuredBy = excluded.featuredBy, fetchedAt = excluded.fetchedAt, caughtUpAt = NULL, changesSince = NULL
                """, arguments: [site, query.family, query.page, query.perPage, shown.stored, ids.count, totalPages,
                                 featuredSource?.stored.kind, now.stored])
            guard let listing = try Self.listing(site: site, query: query, db) else { throw NewsError.cacheLost }
            return try Self.cachedListing(listing, site: site, db)
        }
    }
}
