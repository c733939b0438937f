import Foundation
import GRDB

/// A story the user saved: the story and its article as they were when saved, and the site
/// it came from. It lives in the user's state, not the cache, so it reads offline for good.
public struct SavedStory: Sendable, Hashable {
    /// The API root of its site, the state's key for a site.
    public let siteRoot: String
    /// How the user named the site when saving (a followed site's name, else its address).
    public let siteName: String
    public let story: Story
    /// The article's HTML as it was last read.
    public let html: String
    public let savedAt: Date

    public init(siteRoot: String, siteName: String, story: Story, html: String, savedAt: Date) {
        self.siteRoot = siteRoot
        self.siteName = siteName
        self.story = story
        self.html = html
        self.savedAt = savedAt
    }
}

/// The stories the user saved, of every site (`state.savedStory`). Written only here.
public struct SavedStories: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Keeps `saved` (again, if it was: its copy is the newer), in one transaction with the
    /// story's row of reading state, through which every list learns that it is saved.
    func keep(_ saved: SavedStory) throws {
        let story = saved.story
        try database.writeState { db in
            try db.execute(sql: """
                INSERT INTO state.savedStory (site, storyId, siteName, slug, title, link, date, modified, author, excerpt, html, savedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (site, storyId) DO UPDATE SET siteName = excluded.siteName, slug = excluded.slug, title = excluded.title,
                    link = excluded.link, date = excluded.date, modified = excluded.modified, author = excluded.author,
                    excerpt = excluded.excerpt, html = excluded.html, savedAt = excluded.savedAt
                """, arguments: [saved.siteRoot, story.id, saved.siteName, story.slug, story.title, story.link, story.date.stored,
                                 story.modified.stored, story.author?.name, story.excerpt, saved.html, saved.savedAt.stored])
            try db.execute(sql: "INSERT OR IGNORE INTO state.storyState (site, storyId) VALUES (?, ?)", arguments: [saved.siteRoot, story.id])
        }
    }

    /// Forgets a saved story, and gives back what it was; nil when it was not saved.
    func forget(root: String, storyID: Int) throws -> SavedStory? {
        guard let saved = try find(root: root, storyID: storyID) else { return nil }
        try database.writeState { db in
            try db.execute(sql: "DELETE FROM state.savedStory WHERE site = ? AND storyId = ?", arguments: [root, storyID])
        }
        return saved
    }

    /// Every saved story, of every site, the most recently saved first.
    public func all() throws -> [SavedStory] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM state.savedStory ORDER BY savedAt DESC, site, storyId DESC").map(Self.saved)
        }
    }

    /// One saved story of a site, nil when it is not saved.
    public func find(root: String, storyID: Int) throws -> SavedStory? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM state.savedStory WHERE site = ? AND storyId = ?",
                             arguments: [root, storyID]).map(Self.saved)
        }
    }

    private static let columns = "site, storyId, siteName, slug, title, link, date, modified, author, excerpt, html, savedAt"

    private static func saved(_ row: Row) -> SavedStory {
        let author: String? = row[8]
        let story = Story(
            id: row[1], slug: row[3], title: row[4], link: row[5], date: row[6], modified: row[7],
            author: author.map { Author(id: 0, name: $0, slug: "") }, categories: [], tags: [], excerpt: row[9], sticky: false,
            featuredImage: nil, state: ReadingState(isSaved: true)
        )
        return SavedStory(siteRoot: row[0], siteName: row[2], story: story, html: row[10], savedAt: row[11])
    }
}
