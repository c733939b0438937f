import Foundation
import GRDB
import WordPressAPI

/// Full-text search of the cached stories.
extension StoryStore {
    // MARK: Search

    /// Cached stories matching every word of `text`, best first (titles weigh most), and how
    /// many stories the cache holds for the site.
    /// `window`: only the stories published within it.
    ///
    /// The index is brought up to date first, in a write taken only when a story waits for
    /// it, and given up when the files cannot take it now (the user may not write them, or
    /// another wpnews is writing): the search then finds what is indexed. So a read-only
    /// cache is searched, and the app's live search never waits for another process a keystroke.
    func search(_ text: String, site: Int64, limit: Int, window: DateWindow = DateWindow()) throws -> (stories: [Story], searched: Int) {
        if try database.read({ try Self.searchIndexWaits(site: site, $0) }) {
            try database.writeIfFree { try Self.bringSearchIndexUpToDate($0) }
        }
        return try database.read { db in
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

    /// Brings the index up to date before a search reads it. A story write indexes nothing:
    /// its row waits (`storySearchWaiting`, filled by the story table's triggers), and it
    /// stores an article's HTML but not its text (`contentText`). Indexing as stories were
    /// written cost a cold `latest --all` of 10,000 posts a fifth of its instructions, and
    /// turning a 500-item feed's bodies into text a quarter of its cold `latest`, for lists
    /// that show titles. Here every article waiting for its text gets it, in one statement,
    /// then every waiting story enters the index in one more, so FTS5 writes one segment. All
    /// sites' at once: a story indexed without its text would be indexed again with it.
    static func bringSearchIndexUpToDate(_ db: Database) throws {
        try db.cachedStatement(sql: """
            UPDATE story SET contentText = \(articleText.name)(content)
            WHERE contentText IS NULL AND content IS NOT NULL
            """).execute()
        try db.cachedStatement(sql: """
            INSERT INTO storySearch (rowid, title, excerpt, contentText)
            SELECT story.rowid, story.title, story.excerpt, story.contentText
            FROM storySearchWaiting JOIN story ON story.rowid = storySearchWaiting.storyRowid
            """).execute()
        try db.cachedStatement(sql: "DELETE FROM storySearchWaiting").execute()
    }

    /// Whether a search must bring the index up to date first: asked in a read, so a search
    /// with nothing waiting takes no write lock.
    static func searchIndexWaits(site: Int64, _ db: Database) throws -> Bool {
        try articleTextWaits(site: site, db)
            || Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM storySearchWaiting)")) ?? false
    }

    /// Whether any of the site's articles waits for its text: asked by every search, and
    /// answered from the index of the waiting rows alone (`story_waitingForText`), which a
    /// site's 10,000 indexed stories do not slow down.
    static func articleTextWaits(site: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM story WHERE siteId = ? AND contentText IS NULL AND content IS NOT NULL)
            """), arguments: [site]) ?? false
    }

    /// `StoryRecord.searchText` as SQL, for `bringSearchIndexUpToDate` alone: the index's triggers
    /// read the column, never this, so rows the `sqlite3` shell writes (the bench scripts)
    /// need nothing of ours. Every connection has it (`AppDatabase.connect`).
    static let articleText = DatabaseFunction("wpnewsArticleText", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(StoryRecord.searchText(ofContent:))
    }

    /// Each word as a quoted prefix term, so "coun" finds "council" and no user text is
    /// read as FTS syntax.
    static func ftsPattern(_ text: String) -> String? {
        let words = text.split { !$0.isLetter && !$0.isNumber }
        guard !words.isEmpty else { return nil }
        return words.map { "\"" + $0 + "\"*" }.joined(separator: " ")
    }
}
