import Foundation
import GRDB
import WordPressAPI

/// Full-text search of the cached stories.
extension StoryStore {
    // MARK: Search

    /// Cached stories matching every word of `text`, best first (titles weigh most), and how
    /// many stories the cache holds for the site.
    /// `window`: only the stories published within it.
    func search(_ text: String, site: Int64, limit: Int, window: DateWindow = DateWindow()) throws -> (stories: [Story], searched: Int) {
        try database.read { db in
            let searched = try Int.fetchOne(db, sql: "SELECT count(*) FROM story WHERE siteId = ?", arguments: [site]) ?? 0
            guard let pattern = Self.ftsPattern(text) else { return ([], searched) }
            let ids = try Int.fetchAll(db, sql: """
                SELECT story.id FROM storySearch JOIN story ON story.rowid = storySearch.rowid
                WHERE storySearch MATCH ? AND story.siteId = ? AND story.date < ? AND story.date >= ?
                ORDER BY bm25(storySearch, 10.0, 3.0, 1.0), story.date DESC LIMIT ?
                """, arguments: [pattern, site, (window.before ?? .distantFuture).stored, (window.after ?? .distantPast).stored, limit])
            let records = try Self.records(StoryRecord.self, site: site, ids: ids, db)
            let names = try Self.names(site: site, for: records, db)
            return (try Self.stories(records, names: names, site: site, order: ids, db), searched)
        }
    }

    /// Each word as a quoted prefix term, so "coun" finds "council" and no user text is
    /// read as FTS syntax.
    static func ftsPattern(_ text: String) -> String? {
        let words = text.split { !$0.isLetter && !$0.isNumber }
        guard !words.isEmpty else { return nil }
        return words.map { "\"" + $0 + "\"*" }.joined(separator: " ")
    }
}
