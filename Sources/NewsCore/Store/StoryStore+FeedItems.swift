import Foundation
import GRDB
import WordPressAPI

/// A feed's items stored in one statement rather than one or two each.
///
/// Every statement that writes `story` fires the full-text index's triggers, and SQLite wraps
/// such a statement in a savepoint of its own inside the transaction; SQLite's FTS5 (3.40, as
/// Debian 12 ships it) writes its pending terms out as a new segment at every savepoint, and
/// merges those segments as they pile up. A 500-item feed written a row at a time (its row,
/// then its content) made a thousand segments, which cost more than reading the feed. So
/// the items go into a temporary table first (no trigger, no index) and reach `story`
/// through one `INSERT … SELECT`: one savepoint, one segment.
extension StoryStore {
    /// Stores stories with their content (a feed's `content:encoded`) and the names they
    /// need, as `saveChanges(_:site:at:withContent: true)` does, in one transaction. A story
    /// already kept keeps its content while its modified time stays the same and the feed
    /// gives none.
    func saveFeedItems(_ page: FetchedPage, site: Int64, at now: Date) throws {
        try database.write { db in
            // Created once a connection: GRDB forgets every prepared statement after a schema
            // change, even a CREATE … IF NOT EXISTS that creates nothing, and the river stores
            // fifty feeds in turn.
            let batchExists = try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM temp.sqlite_master WHERE name = 'feedItemBatch'")) ?? false
            if !batchExists {
                try db.execute(sql: """
                    CREATE TEMP TABLE feedItemBatch (
                        siteId, id, slug, title, link, date, modified, authorId, categoryIds, tagIds,
                        excerpt, sticky, featuredMediaId, content, contentFetchedAt, fetchedAt)
                    """)
            }
            let add = try db.cachedStatement(sql: "INSERT INTO temp.feedItemBatch VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
            for post in page.posts {
                let story = StoryRecord(post, site: site, at: now)
                let content = post.content?.html
                try add.execute(arguments: [
                    story.siteId, story.id, story.slug, story.title, story.link, story.date.stored, story.modified.stored,
                    story.authorId, story.categoryIds.stored, story.tagIds.stored, story.excerpt, story.sticky,
                    story.featuredMediaId, content, content == nil ? nil : now.stored, story.fetchedAt.stored,
                ])
            }
            // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT, not to a join.
            try db.cachedStatement(sql: """
                INSERT INTO story (siteId, id, slug, title, link, date, modified, authorId, categoryIds, tagIds,
                                   excerpt, sticky, featuredMediaId, content, contentFetchedAt, fetchedAt)
                SELECT * FROM temp.feedItemBatch WHERE true
                ON CONFLICT (siteId, id) DO UPDATE SET
                    slug = excluded.slug, title = excluded.title, link = excluded.link, date = excluded.date,
                    authorId = excluded.authorId, categoryIds = excluded.categoryIds, tagIds = excluded.tagIds,
                    excerpt = excluded.excerpt, sticky = excluded.sticky, featuredMediaId = excluded.featuredMediaId,
                    fetchedAt = excluded.fetchedAt,
                    content = CASE WHEN excluded.content IS NOT NULL THEN excluded.content
                                   WHEN story.modified = excluded.modified THEN story.content END,
                    contentFetchedAt = CASE WHEN excluded.content IS NOT NULL THEN excluded.contentFetchedAt
                                            WHEN story.modified = excluded.modified THEN story.contentFetchedAt END,
                    modified = excluded.modified
                """).execute()
            try db.cachedStatement(sql: "DELETE FROM temp.feedItemBatch").execute()
            try save(page.names, site: site, at: now, db)
        }
    }
}
