import Foundation
import GRDB

/// Articles read from stories' own web pages (`read --full`, a full-text site), kept beside
/// the story whose summary they stand in for: the story row keeps what its feed said, so a
/// refresh of the feed never overwrites the page's text, nor the page's text the summary.
extension StoryStore {
    /// The article read from the story's page while the story was as `modified` says; nil when
    /// none was kept, or the story changed since.
    func fullArticle(site: Int64, story: Int, modified: Date) throws -> String? {
        try database.read { db in
            try String.fetchOne(db, sql: """
                SELECT html FROM fullArticle WHERE siteId = ? AND storyId = ? AND storyModified = ?
                """, arguments: [site, story, modified.stored])
        }
    }

    func saveFullArticle(_ html: String, site: Int64, story: Int, modified: Date, at now: Date) throws {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO fullArticle (siteId, storyId, html, storyModified, fetchedAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (siteId, storyId) DO UPDATE SET html = excluded.html, storyModified = excluded.storyModified,
                    fetchedAt = excluded.fetchedAt
                """, arguments: [site, story, html, modified.stored, now.stored])
        }
    }
}
