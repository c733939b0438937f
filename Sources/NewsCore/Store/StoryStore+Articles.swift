import Foundation
import GRDB
import WordPressAPI

/// A story with its content, and the site's pages.
extension StoryStore {
    // MARK: Articles

    /// A story with its cached content, by id or slug.
    func article(site: Int64, id: Int? = nil, slug: String? = nil) throws -> CachedArticle? {
        try database.read { db in
            let record = try id.map { try Self.records(StoryRecord.self, site: site, ids: [$0], db).first }
                ?? StoryRecord.fetchOne(db, sql: "SELECT \(StoryRecord.columns) FROM story WHERE siteId = ? AND slug = ?", arguments: [site, slug ?? ""])
            guard let record else { return nil }
            let names = try Self.names(site: site, for: [record], db)
            let state = try Self.states(site: site, ids: [record.id], db).first
            return CachedArticle(story: Story(record, names: names, state: ReadingState(record, state)), record: record, names: names)
        }
    }

    /// The ids and links of the site's stories whose link holds `text`: the few a link in an
    /// article may name, for the caller to compare.
    func storyLinks(site: Int64, containing text: String) throws -> [(id: Int, link: String)] {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        return try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, link FROM story WHERE siteId = ? AND link LIKE ? ESCAPE '\\'", arguments: [site, "%" + escaped + "%"])
                .map { (id: $0["id"], link: $0["link"]) }
        }
    }

    /// Stores a story read from the site, with its content and the names it needs, in one
    /// write of its row (the full-text index's trigger runs once). What a password opened is
    /// not kept (`saveStories`).
    func saveArticle(_ post: WPPost, names: StoryNames, site: Int64, at now: Date) throws {
        try database.write { db in
            try saveStories(FetchedPage(posts: [post], names: names, total: nil, totalPages: nil), site: site, at: now, withContent: true, db)
        }
    }

    // MARK: Pages

    /// `complete`: the site's whole list of pages, so the list itself can be served from here.
    func savePages(_ pages: [WPPage], site: Int64, complete: Bool, at now: Date) throws {
        try database.write { db in
            if complete { try Self.setFacts(["allPagesAt": now.stored], site: site, db) }
            for page in pages {
                try db.cachedStatement(sql: """
                    INSERT INTO page (siteId, id, slug, title, link, parent, menuOrder, modified, content, fetchedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (siteId, id) DO UPDATE SET
                        slug = excluded.slug, title = excluded.title, link = excluded.link, parent = excluded.parent,
                        menuOrder = excluded.menuOrder, fetchedAt = excluded.fetchedAt,
                        content = coalesce(excluded.content, CASE WHEN page.modified = excluded.modified THEN page.content END),
                        modified = excluded.modified
                    """).execute(arguments: [site, page.id, page.slug.value.removingPercentEncoding ?? page.slug.value, page.title.plain, page.link.value,
                                             page.parent == 0 ? nil : page.parent, page.menuOrder, page.modifiedGMT.date.stored,
                                             page.content?.html, now.stored])
            }
        }
    }

    /// The site's pages as last fetched in full, and when; nil when they never were.
    func pagesList(site: Int64) throws -> (pages: [PageRecord], fetchedAt: Date)? {
        try database.read { db in
            guard let fetchedAt: Date = try Self.fact("allPagesAt", site: site, db) else { return nil }
            let pages = try PageRecord.fetchAll(db, sql: "SELECT \(PageRecord.columns) FROM page WHERE siteId = ? ORDER BY menuOrder, title", arguments: [site])
            return (pages, fetchedAt)
        }
    }

    func pages(site: Int64) throws -> [PageRecord] {
        try database.read { db in
            try PageRecord.fetchAll(db, sql: "SELECT \(PageRecord.columns) FROM page WHERE siteId = ? ORDER BY menuOrder, title", arguments: [site])
        }
    }
}
