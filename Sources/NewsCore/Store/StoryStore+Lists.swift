import Foundation
import GRDB
import WordPressAPI

/// The answers to list queries: which stories, in which order, and when.
extension StoryStore {
    // MARK: Lists

    /// Stores a page fetched from the site with the names it needs, and the list's answer;
    /// `withContent`: the posts' content too (a feed's), so reading one needs no request.
    /// Gives the page as the cache now answers it, made from the stories in hand rather than
    /// read back (for a page of 100, reading the rows again cost a third of storing them):
    /// only their names, which may come from the cache, and the user's marks are read.
    /// `windowOf`: the family of the list a dated page keeps to a window (`ListQuery.dated`).
    /// A list keeps the pages of one window, the last asked for: each `--after 3d` or app `:`
    /// names a window of its own, and kept for good they grew the cache a listing a run and
    /// kept their stories from pruning.
    @discardableResult
    func save(
        _ page: FetchedPage, site: Int64, query: ListKey, windowOf undatedFamily: String? = nil,
        featuredSource: FeaturedStories.Source? = nil, at now: Date, withContent: Bool = false
    ) throws -> CachedListing {
        try database.write { db in
            try saveStories(page, site: site, at: now, withContent: withContent, db)
            let ids = page.posts.map(\.id)
            let listing = ListingRecord(
                siteId: site, key: query, storyIds: ids, total: page.total, totalPages: page.totalPages,
                featuredBy: featuredSource?.stored.kind, featuredTagName: featuredSource?.stored.tagName, fetchedAt: now, caughtUpAt: nil,
                changesSince: page.posts.map(\.modifiedGMT.date).max()
            )
            try db.execute(sql: """
                INSERT INTO listing (siteId, family, page, perPage, storyIds, total, totalPages, featuredBy, featuredTagName, fetchedAt,
                                     changesSince, undatedFamily)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (siteId, family, page, perPage) DO UPDATE SET
                    storyIds = excluded.storyIds, total = excluded.total, totalPages = excluded.totalPages,
                    featuredBy = excluded.featuredBy, featuredTagName = excluded.featuredTagName,
                    fetchedAt = excluded.fetchedAt, caughtUpAt = NULL, changesSince = excluded.changesSince
                """, arguments: [site, query.family, query.page, query.perPage, ids.stored, listing.total, listing.totalPages,
                                 listing.featuredBy, listing.featuredTagName, now.stored, listing.changesSince?.stored, undatedFamily])
            if let undatedFamily {
                try db.execute(sql: "DELETE FROM listing WHERE siteId = ? AND undatedFamily = ? AND family != ?",
                               arguments: [site, undatedFamily, query.family])
            }
            // A story given twice is stored as it was given last: so it is shown.
            let records = Array(Dictionary(page.posts.map { ($0.id, StoryRecord($0, site: site, at: now)) }, uniquingKeysWith: { _, last in last }).values)
            // A page of 100 names a few hundred terms, and reading them again was most of a
            // page's write. The terms fetched by id come without the counts the cache may hold
            // (a lookup asks for none): the page shows none for them, and lists nothing by them.
            let names = try page.held.map { page.names.merging($0) } ?? Self.names(site: site, for: records, db)
            let stories = try Self.stories(records, names: names, site: site, order: ids, db)
            return CachedListing(record: listing, stories: stories, storyRecords: records, names: names)
        }
    }

    /// Stores the posts changed since a list was fetched and the list they make now.
    func saveCatchUp(_ changes: FetchedPage, listed ids: [Int], changesSince: Date, site: Int64, query: ListKey, at now: Date) throws {
        try database.write { db in
            try saveStories(changes, site: site, at: now, db)
            try db.execute(sql: """
                UPDATE listing SET storyIds = ?, total = ?, totalPages = ?, caughtUpAt = ?, changesSince = ?
                WHERE siteId = ? AND family = ? AND page = ? AND perPage = ?
                """, arguments: [ids.stored, changes.total, changes.totalPages, now.stored, changesSince.stored, site,
                                 query.family, query.page, query.perPage])
        }
    }

    /// Posts that changed (watch), with the names they need; no list is touched.
    func saveChanges(_ changes: FetchedPage, site: Int64, at now: Date, withContent: Bool = false) throws {
        try database.write { db in
            try saveStories(changes, site: site, at: now, withContent: withContent, db)
        }
    }

    /// These stories, in this order, as a list would show them (those the cache lacks left out).
    func stories(site: Int64, ids: [Int]) throws -> [Story] {
        try database.read { db in
            let records = try Self.records(StoryRecord.self, site: site, ids: ids, db)
            return try Self.stories(records, names: try Self.names(site: site, for: records, db), site: site, order: ids, db)
        }
    }

    /// Stories gone from the site (trashed, unpublished, deleted): they leave every cached list.
    func forget(storyIDs ids: [Int], site: Int64) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM story WHERE siteId = ? AND id IN (SELECT value FROM json_each(?))", arguments: [site, ids.stored])
        }
    }

    /// A cached list answer with its stories in order, named from the cache.
    func listing(site: Int64, query: ListKey) throws -> CachedListing? {
        try database.read { db in
            try Self.listing(site: site, query: query, db).map { try Self.cachedListing($0, site: site, db) }
        }
    }

    /// The stories of a list answer read again (after names were added).
    func listing(_ record: ListingRecord, site: Int64) throws -> CachedListing {
        try database.read { db in try Self.cachedListing(record, site: site, db) }
    }

    /// A page of a list made from another cached page of the same list that holds all its
    /// stories (another page size, or the pages of 100 that `--all` fetches), the freshest
    /// such: for when the site cannot be asked. Nil when none covers it.
    func coveringListing(site: Int64, family: String, page: Int, perPage: Int) throws -> CachedListing? {
        try database.read { db in
            let wanted = (page - 1) * perPage
            // Only pages that hold the first story wanted are read: `--all` leaves a hundred.
            // A page starts at (page - 1) * perPage, so one that holds it is at most page
            // wanted + 1: the bound the primary key can seek to, where the rest is tested row
            // by row (page 1 after `--all` read all hundred).
            let candidates = try ListingRecord.fetchAll(db, sql: """
                SELECT \(ListingRecord.columns) FROM listing WHERE siteId = ? AND family = ? AND page <= ?3 + 1
                    AND (page - 1) * perPage <= ?3 AND page * perPage > ?3
                ORDER BY max(fetchedAt, coalesce(caughtUpAt, 0)) DESC
                """, arguments: [site, family, wanted])
            for candidate in candidates {
                let first = (candidate.key.page - 1) * candidate.key.perPage
                let end = min(wanted + perPage, candidate.total ?? Int.max)
                guard wanted >= first, end <= first + candidate.storyIds.count, wanted < end || candidate.total == 0 else { continue }
                var record = candidate
                record.storyIds = Array(candidate.storyIds[(wanted - first)..<(max(end, wanted) - first)])
                record.totalPages = candidate.total.map { max(1, ($0 + perPage - 1) / perPage) }
                return try Self.cachedListing(record, site: site, db)
            }
            return nil
        }
    }

    /// Which stories of a whole archive a list holds.
    enum ArchiveFilter: Sendable {
        case all
        case categories([Int])
        case tag(Int)
        case author(Int)
    }

    /// A page of a list made from the site's whole archive, when the cache holds it (every
    /// page of the latest stories was fetched, `latest --all`): a category's, a tag's or an
    /// author's stories can then be read with the site out of reach. Nil otherwise.
    func archiveListing(site: Int64, filter: ArchiveFilter, page: Int, perPage: Int) throws -> CachedListing? {
        try database.read { db in
            let latest = try ListingRecord.fetchAll(db, sql: "SELECT \(ListingRecord.columns) FROM listing WHERE siteId = ? AND family = ?",
                                                  arguments: [site, ListQuery.latest(page: 1, perPage: 1).family])
            let archive = Set(latest.flatMap(\.storyIds))
            guard let total = latest.compactMap(\.total).max(), archive.count >= total, let oldest = latest.map(\.checkedAt).min() else { return nil }
            let (condition, arguments) = filter.condition
            let ids = try Int.fetchAll(db, sql: """
                SELECT id FROM story WHERE siteId = ? AND id IN (SELECT value FROM json_each(?)) AND \(condition) ORDER BY date DESC, id DESC
                """, arguments: [site, Array(archive).stored] + arguments)
            return try Self.pageListing(of: ids, site: site, page: page, perPage: perPage, fetchedAt: oldest, db)
        }
    }

    /// A page of the stories the cache holds of a list, published within `window`, whether
    /// or not the cache holds the whole archive: how a site read through its feed, which
    /// cannot be asked for dates, answers a dated list. Nil for a page past the end.
    func keptListing(site: Int64, filter: ArchiveFilter, window: DateWindow, page: Int, perPage: Int, at now: Date) throws -> CachedListing? {
        try database.read { db in
            let (condition, arguments) = filter.condition
            let ids = try Int.fetchAll(db, sql: """
                SELECT id FROM story WHERE siteId = ? AND date < ? AND date >= ? AND \(condition)
                ORDER BY \(window.oldestFirst ? "date, id" : "date DESC, id DESC")
                """, arguments: [site, (window.before ?? .distantFuture).stored, (window.after ?? .distantPast).stored] + arguments)
            return try Self.pageListing(of: ids, site: site, page: page, perPage: perPage, fetchedAt: now, db)
        }
    }

    /// Page `page` of a list whose stories are `ids`, in order; nil past the end.
    private static func pageListing(of ids: [Int], site: Int64, page: Int, perPage: Int, fetchedAt: Date, _ db: Database) throws -> CachedListing? {
        let first = (page - 1) * perPage
        guard first < ids.count || (page == 1 && ids.isEmpty) else { return nil }
        let record = ListingRecord(siteId: site, key: ListKey(family: "", page: page, perPage: perPage),
                                   storyIds: Array(ids[first..<min(first + perPage, ids.count)]),
                                   total: ids.count, totalPages: max(1, (ids.count + perPage - 1) / perPage),
                                   featuredBy: nil, featuredTagName: nil, fetchedAt: fetchedAt, caughtUpAt: nil, changesSince: nil)
        return try cachedListing(record, site: site, db)
    }
}

extension StoryStore.ArchiveFilter {
    /// Its test on a `story` row, with the arguments that test takes.
    fileprivate var condition: (sql: String, arguments: StatementArguments) {
        switch self {
        case .all: ("1", [])
        case .categories(let ids): ("EXISTS (SELECT 1 FROM json_each(categoryIds) WHERE value IN (SELECT value FROM json_each(?)))", [ids.stored])
        case .tag(let id): ("EXISTS (SELECT 1 FROM json_each(tagIds) WHERE value = ?)", [id])
        case .author(let id): ("authorId = ?", [id])
        }
    }
}
