import Foundation
import GRDB
import WordPressAPI

/// Reads and writes the cache for the content manager, in plain SQL. Every write is one
/// transaction; a statement run once per row is prepared once (`cachedStatement`).
struct StoryStore: Sendable {
    let database: AppDatabase

    // MARK: Sites

    /// The site a URL was found to be, by an earlier discovery.
    func site(forAddress address: String) throws -> (id: Int64, root: APIRoot)? {
        try database.read { db in
            try Row.fetchOne(db, sql: """
                SELECT site.id, site.apiRoot FROM siteAddress JOIN site ON site.id = siteAddress.siteId
                WHERE siteAddress.address = ?
                """, arguments: [address])
                .map { (id: $0[0], root: APIRoot(discovered: $0[1])) }
        }
    }

    /// The site's id, if the cache knows its API root; reads only.
    func siteID(root: APIRoot) throws -> Int64? {
        try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE apiRoot = ?", arguments: [root.description])
        }
    }

    /// Remembers a site's API root and the URL that led to it; returns the site's id.
    @discardableResult
    func register(root: APIRoot, address: String?) throws -> Int64 {
        try database.write { db in
            try db.execute(sql: "INSERT INTO site (apiRoot) VALUES (?) ON CONFLICT (apiRoot) DO NOTHING", arguments: [root.description])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE apiRoot = ?", arguments: [root.description])!
            if let address {
                try db.execute(sql: """
                    INSERT INTO siteAddress (address, siteId) VALUES (?, ?)
                    ON CONFLICT (address) DO UPDATE SET siteId = excluded.siteId
                    """, arguments: [address, id])
            }
            return id
        }
    }

    // MARK: Lists

    /// Stores a page fetched from the site with the names it needs, and the list's answer;
    /// `withContent`: the posts' content too (a feed's), so reading one needs no request.
    func save(
        _ page: FetchedPage, site: Int64, query: ListKey, featuredSource: FeaturedStories.Source? = nil, at now: Date, withContent: Bool = false
    ) throws {
        try database.write { db in
            try saveStories(page, site: site, at: now, db)
            if withContent { try saveContents(of: page.posts, site: site, at: now, db) }
            try db.execute(sql: """
                INSERT INTO listing (siteId, family, page, perPage, storyIds, total, totalPages, featuredBy, featuredTagName, fetchedAt, changesSince)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (siteId, family, page, perPage) DO UPDATE SET
                    storyIds = excluded.storyIds, total = excluded.total, totalPages = excluded.totalPages,
                    featuredBy = excluded.featuredBy, featuredTagName = excluded.featuredTagName,
                    fetchedAt = excluded.fetchedAt, caughtUpAt = NULL, changesSince = excluded.changesSince
                """, arguments: [site, query.family, query.page, query.perPage, page.posts.map(\.id).stored, page.total, page.totalPages,
                                 featuredSource?.stored.kind, featuredSource?.stored.tagName, now.stored,
                                 page.posts.map(\.modifiedGMT.date).max()?.stored])
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
            try saveStories(changes, site: site, at: now, db)
            if withContent { try saveContents(of: changes.posts, site: site, at: now, db) }
        }
    }

    /// Content that came with the stories (a feed's `content:encoded`); kept, as the API's
    /// is, while a story's modified time stays the same.
    private func saveContents(of posts: [WPPost], site: Int64, at now: Date, _ db: Database) throws {
        for post in posts {
            guard let html = post.content?.html else { continue }
            try db.cachedStatement(sql: "UPDATE story SET content = ?, contentFetchedAt = ? WHERE siteId = ? AND id = ?")
                .execute(arguments: [html, now.stored, site, post.id])
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

    /// A page's stories, upserted by id, and the names they need.
    private func saveStories(_ page: FetchedPage, site: Int64, at now: Date, _ db: Database) throws {
        for post in page.posts {
            try Self.upsert(StoryRecord(post, site: site, at: now), db)
        }
        try save(page.names, site: site, at: now, db)
    }

    func save(_ names: StoryNames, site: Int64, at now: Date) throws {
        try database.write { db in try save(names, site: site, at: now, db) }
    }

    private func save(_ names: StoryNames, site: Int64, at now: Date, _ db: Database) throws {
        for author in names.authors.values {
            try db.cachedStatement(sql: """
                INSERT INTO author (siteId, id, name, slug, fetchedAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (siteId, id) DO UPDATE SET name = excluded.name, slug = excluded.slug, fetchedAt = excluded.fetchedAt
                """).execute(arguments: [site, author.id, author.name, author.slug, now.stored])
        }
        for category in names.categories.values {
            try Self.upsert(TermRecord(siteId: site, taxonomy: .category, id: category.id, name: category.name, slug: category.slug,
                                       parent: category.parent, count: category.count, fetchedAt: now), db)
        }
        for tag in names.tags.values {
            try Self.upsert(TermRecord(siteId: site, taxonomy: .tag, id: tag.id, name: tag.name, slug: tag.slug,
                                       parent: nil, count: tag.count, fetchedAt: now), db)
        }
        for (id, image) in names.images {
            try db.cachedStatement(sql: """
                INSERT INTO media (siteId, id, url, renditions, fetchedAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (siteId, id) DO UPDATE SET url = excluded.url, renditions = excluded.renditions, fetchedAt = excluded.fetchedAt
                """).execute(arguments: [site, id, image.url, image.renditions.stored, now.stored])
        }
    }

    /// A term named again keeps the count it had when a lookup (which asks for no count) names it.
    private static func upsert(_ term: TermRecord, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO term (siteId, taxonomy, id, name, slug, parent, count, fetchedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (siteId, taxonomy, id) DO UPDATE SET
                name = excluded.name, slug = excluded.slug, parent = excluded.parent,
                count = coalesce(excluded.count, term.count), fetchedAt = excluded.fetchedAt
            """).execute(arguments: term.arguments)
    }

    func term(_ taxonomy: TermRecord.Taxonomy, slug: String, site: Int64) throws -> TermRecord? {
        try database.read { db in
            try TermRecord.fetchOne(db, sql: "SELECT * FROM term WHERE siteId = ? AND taxonomy = ? AND slug = ?",
                                    arguments: [site, taxonomy.rawValue, slug])
        }
    }

    /// Every term of a taxonomy as last fetched in full, and when; nil when they never were.
    func allTerms(_ taxonomy: TermRecord.Taxonomy, site: Int64) throws -> (terms: [TermRecord], fetchedAt: Date)? {
        try database.read { db in
            guard let fetchedAt: Date = try Self.fact(Self.allTermsColumn(taxonomy), site: site, db) else { return nil }
            let terms = try TermRecord.fetchAll(db, sql: "SELECT * FROM term WHERE siteId = ? AND taxonomy = ?", arguments: [site, taxonomy.rawValue])
            return (terms, fetchedAt)
        }
    }

    /// The heaviest tags, when the cache holds enough of them for `choice` (from a full list,
    /// or from the heaviest fetched last), and when they were fetched.
    func heaviestTags(site: Int64, covering choice: TagChoice) throws -> (tags: HeaviestTags, fetchedAt: Date)? {
        try database.read { db in
            let facts = try Row.fetchOne(db, sql: "SELECT allTagsAt, heaviestTagsFetched, heaviestTagsOfTotal, heaviestTagsAt FROM siteFacts WHERE siteId = ?",
                                         arguments: [site])
            let tags = try TermRecord.fetchAll(db, sql: """
                SELECT * FROM term WHERE siteId = ? AND taxonomy = 'tag' AND count IS NOT NULL ORDER BY count DESC, name
                """, arguments: [site]).map(Tag.init)
            if let full: Date = facts?["allTagsAt"] { return (HeaviestTags(tags: tags, siteTotal: tags.count), full) }
            guard let facts, let fetched: Int = facts["heaviestTagsFetched"], let siteTotal: Int = facts["heaviestTagsOfTotal"],
                  let fetchedAt: Date = facts["heaviestTagsAt"] else { return nil }
            let heaviest = Array(tags.prefix(fetched))
            let covered = switch choice {
            case .heaviest(let count): fetched >= min(count, siteTotal)
            case .atLeast(let count): fetched >= siteTotal || (heaviest.last?.count ?? 0) < count
            case .all: fetched >= siteTotal
            }
            return covered ? (HeaviestTags(tags: heaviest, siteTotal: siteTotal), fetchedAt) : nil
        }
    }

    /// Stores the heaviest tags just fetched, with their counts.
    func saveHeaviestTags(_ tags: [Tag], siteTotal: Int, site: Int64, at now: Date) throws {
        try database.write { db in
            for tag in tags {
                try Self.upsert(TermRecord(siteId: site, taxonomy: .tag, id: tag.id, name: tag.name, slug: tag.slug, parent: nil,
                                           count: tag.count, fetchedAt: now), db)
            }
            try Self.setFacts(["heaviestTagsFetched": tags.count, "heaviestTagsOfTotal": siteTotal, "heaviestTagsAt": now.stored], site: site, db)
        }
    }

    /// The terms of a taxonomy the cache holds, however they came.
    func terms(_ taxonomy: TermRecord.Taxonomy, site: Int64) throws -> [TermRecord] {
        try database.read { db in
            try TermRecord.fetchAll(db, sql: "SELECT * FROM term WHERE siteId = ? AND taxonomy = ?", arguments: [site, taxonomy.rawValue])
        }
    }

    /// Replaces the site's terms of a taxonomy with the full list just fetched.
    func saveAllTerms(_ terms: [TermRecord], _ taxonomy: TermRecord.Taxonomy, site: Int64, at now: Date) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM term WHERE siteId = ? AND taxonomy = ?", arguments: [site, taxonomy.rawValue])
            for term in terms {
                try db.cachedStatement(sql: "INSERT INTO term (siteId, taxonomy, id, name, slug, parent, count, fetchedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                    .execute(arguments: term.arguments)
            }
            try Self.setFacts([Self.allTermsColumn(taxonomy): now.stored], site: site, db)
        }
    }

    // MARK: What is known of a site as a whole

    /// The `siteFacts` column saying when a taxonomy's terms were last fetched in full.
    private static func allTermsColumn(_ taxonomy: TermRecord.Taxonomy) -> String {
        switch taxonomy {
        case .category: "allCategoriesAt"
        case .tag: "allTagsAt"
        }
    }

    /// One column of the site's `siteFacts` row; nil when it has none or the column is NULL.
    private static func fact<Value: DatabaseValueConvertible>(_ column: String, site: Int64, _ db: Database) throws -> Value? {
        try Value.fetchOne(db, sql: "SELECT \(column) FROM siteFacts WHERE siteId = ?", arguments: [site])
    }

    /// Sets these columns of the site's `siteFacts` row, making the row if it has none.
    private static func setFacts(_ values: KeyValuePairs<String, any DatabaseValueConvertible>, site: Int64, _ db: Database) throws {
        let columns = values.map(\.key)
        try db.execute(sql: """
            INSERT INTO siteFacts (siteId, \(columns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: columns.count)))
            ON CONFLICT (siteId) DO UPDATE SET \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """, arguments: StatementArguments([site as any DatabaseValueConvertible] + values.map(\.value)))
    }

    /// A story fetched again is one row, updated; its content is kept only while `modified` has not moved.
    private static func upsert(_ story: StoryRecord, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO story (siteId, id, slug, title, link, date, modified, authorId, categoryIds, tagIds,
                               excerpt, sticky, featuredMediaId, fetchedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (siteId, id) DO UPDATE SET
                slug = excluded.slug, title = excluded.title, link = excluded.link, date = excluded.date,
                authorId = excluded.authorId, categoryIds = excluded.categoryIds, tagIds = excluded.tagIds,
                excerpt = excluded.excerpt, sticky = excluded.sticky, featuredMediaId = excluded.featuredMediaId,
                fetchedAt = excluded.fetchedAt,
                content = CASE WHEN story.modified = excluded.modified THEN story.content END,
                contentFetchedAt = CASE WHEN story.modified = excluded.modified THEN story.contentFetchedAt END,
                modified = excluded.modified
            """).execute(arguments: [story.siteId, story.id, story.slug, story.title, story.link, story.date.stored, story.modified.stored,
                                     story.authorId, story.categoryIds.stored, story.tagIds.stored, story.excerpt, story.sticky,
                                     story.featuredMediaId, story.fetchedAt.stored])
    }

    /// Whether the site was found to ignore `modified_after` (WordPress before 5.7).
    func ignoresModifiedAfter(site: Int64) throws -> Bool {
        try database.read { db in
            try Self.fact("ignoresModifiedAfter", site: site, db) ?? false
        }
    }

    func rememberIgnoresModifiedAfter(site: Int64) throws {
        try database.write { db in
            try Self.setFacts(["ignoresModifiedAfter": true], site: site, db)
        }
    }

    /// A cached list answer with its stories in order, named from the cache.
    func listing(site: Int64, query: ListKey) throws -> CachedListing? {
        try database.read { db in
            try Self.listing(site: site, query: query, db).map { try Self.cachedListing($0, site: site, db) }
        }
    }

    /// A page of a list made from another cached page of the same list that holds all its
    /// stories (another page size, or the pages of 100 that `--all` fetches), the freshest
    /// such: for when the site cannot be asked. Nil when none covers it.
    func coveringListing(site: Int64, family: String, page: Int, perPage: Int) throws -> CachedListing? {
        try database.read { db in
            let candidates = try ListingRecord.fetchAll(db, sql: """
                SELECT * FROM listing WHERE siteId = ? AND family = ? ORDER BY max(fetchedAt, coalesce(caughtUpAt, 0)) DESC
                """, arguments: [site, family])
            let wanted = (page - 1) * perPage
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
            let latest = try ListingRecord.fetchAll(db, sql: "SELECT * FROM listing WHERE siteId = ? AND family = ?",
                                                  arguments: [site, ListQuery.latest(page: 1, perPage: 1).family])
            let archive = Set(latest.flatMap(\.storyIds))
            guard let total = latest.compactMap(\.total).max(), archive.count >= total, let oldest = latest.map(\.checkedAt).min() else { return nil }
            var arguments: StatementArguments = [site, Array(archive).stored]
            let condition: String
            switch filter {
            case .all:
                condition = "1"
            case .categories(let ids):
                condition = "EXISTS (SELECT 1 FROM json_each(categoryIds) WHERE value IN (SELECT value FROM json_each(?)))"
                arguments += [ids.stored]
            case .tag(let id):
                condition = "EXISTS (SELECT 1 FROM json_each(tagIds) WHERE value = ?)"
                arguments += [id]
            case .author(let id):
                condition = "authorId = ?"
                arguments += [id]
            }
            let ids = try Int.fetchAll(db, sql: """
                SELECT id FROM story WHERE siteId = ? AND id IN (SELECT value FROM json_each(?)) AND \(condition) ORDER BY date DESC, id DESC
                """, arguments: arguments)
            let first = (page - 1) * perPage
            guard first < ids.count || (page == 1 && ids.isEmpty) else { return nil }
            let record = ListingRecord(siteId: site, key: ListKey(family: "", page: page, perPage: perPage),
                                       storyIds: Array(ids[first..<min(first + perPage, ids.count)]),
                                       total: ids.count, totalPages: max(1, (ids.count + perPage - 1) / perPage),
                                       featuredBy: nil, featuredTagName: nil, fetchedAt: oldest, caughtUpAt: nil, changesSince: nil)
            return try Self.cachedListing(record, site: site, db)
        }
    }

    /// The authors the cache knows for a site.
    func authors(site: Int64) throws -> [Author] {
        try database.read { db in
            try AuthorRecord.fetchAll(db, sql: "SELECT * FROM author WHERE siteId = ?", arguments: [site]).map {
                Author(id: $0.id, name: $0.name, slug: $0.slug)
            }
        }
    }

    private static func cachedListing(_ listing: ListingRecord, site: Int64, _ db: Database) throws -> CachedListing {
        let records = try Self.records(StoryRecord.self, site: site, ids: listing.storyIds, db)
        let names = try Self.names(site: site, for: records, db)
        let stories = try Self.stories(records, names: names, site: site, order: listing.storyIds, db)
        return CachedListing(record: listing, stories: stories, storyRecords: records, names: names)
    }

    private static func stories(
        _ records: [StoryRecord], names: StoryNames, site: Int64, order ids: [Int], _ db: Database
    ) throws -> [Story] {
        let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let states = try Self.states(site: site, ids: ids, db)
        let statesByID = Dictionary(states.map { ($0.storyId, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { id in
            byID[id].map { Story($0, names: names, state: ReadingState($0, statesByID[id])) }
        }
    }

    private static func names(site: Int64, for stories: [StoryRecord], _ db: Database) throws -> StoryNames {
        var names = StoryNames()
        let authorIDs = Set(stories.map(\.authorId))
        for author in try Self.records(AuthorRecord.self, site: site, ids: authorIDs, db) {
            names.authors[author.id] = Author(id: author.id, name: author.name, slug: author.slug)
        }
        let termIDs = Set(stories.flatMap { $0.categoryIds + $0.tagIds })
        for term in try Self.records(TermRecord.self, site: site, ids: termIDs, db) {
            switch term.taxonomy {
            case .category: names.categories[term.id] = Category(term)
            case .tag: names.tags[term.id] = Tag(term)
            }
        }
        let mediaIDs = Set(stories.map(\.featuredMediaId))
        for media in try Self.records(MediaRecord.self, site: site, ids: mediaIDs, db) {
            names.images[media.id] = StoryImage(url: media.url, renditions: media.renditions)
        }
        return names
    }

    /// The site's rows of a table whose `column` is one of `ids`, in plain SQL: the query
    /// interface reads the schema first (table_info, primary keys), which cost a warm run
    /// more than the rows did.
    private static func records<Record: CacheRecord>(
        _ type: Record.Type, site: Int64, ids: some Collection<Int>, column: String = "id", _ db: Database
    ) throws -> [Record] {
        try Record.fetchAll(db, sql: "SELECT * FROM \(Record.databaseTableName) WHERE siteId = ? AND \(column) IN (SELECT value FROM json_each(?))",
                            arguments: [site, Array(ids).stored])
    }

    /// What the user did with these stories, from the state store (keyed by the site's root).
    private static func states(site: Int64, ids: [Int], _ db: Database) throws -> [StoryStateRecord] {
        try StoryStateRecord.fetchAll(db, sql: """
            SELECT * FROM state.storyState WHERE site = (SELECT apiRoot FROM site WHERE id = ?) AND storyId IN (SELECT value FROM json_each(?))
            """, arguments: [site, ids.stored])
    }

    private static func listing(site: Int64, query: ListKey, _ db: Database) throws -> ListingRecord? {
        try ListingRecord.fetchOne(db, sql: "SELECT * FROM listing WHERE siteId = ? AND family = ? AND page = ? AND perPage = ?",
                                   arguments: [site, query.family, query.page, query.perPage])
    }

    /// Authors and categories fetched since `date`: when fresh they name a list without asking the site.
    func knownNames(site: Int64, fetchedSince date: Date) throws -> StoryNames {
        try database.read { db in
            var names = StoryNames()
            for author in try AuthorRecord.fetchAll(db, sql: "SELECT * FROM author WHERE siteId = ? AND fetchedAt >= ?", arguments: [site, date.stored]) {
                names.authors[author.id] = Author(id: author.id, name: author.name, slug: author.slug)
            }
            let categories = try TermRecord.fetchAll(db, sql: "SELECT * FROM term WHERE siteId = ? AND taxonomy = 'category' AND fetchedAt >= ?",
                                                     arguments: [site, date.stored])
            for term in categories {
                names.categories[term.id] = Category(term)
            }
            return names
        }
    }

    // MARK: Articles

    /// A story with its cached content, by id or slug.
    func article(site: Int64, id: Int? = nil, slug: String? = nil) throws -> CachedArticle? {
        try database.read { db in
            let record = try id.map { try Self.records(StoryRecord.self, site: site, ids: [$0], db).first }
                ?? StoryRecord.fetchOne(db, sql: "SELECT * FROM story WHERE siteId = ? AND slug = ?", arguments: [site, slug ?? ""])
            guard let record else { return nil }
            let names = try Self.names(site: site, for: [record], db)
            let state = try Self.states(site: site, ids: [record.id], db).first
            return CachedArticle(story: Story(record, names: names, state: ReadingState(record, state)), record: record, names: names)
        }
    }

    /// Stores a story read from the site, with its content and the names it needs. What a
    /// password opened is not kept: anyone could read it from the cache, offline, without it.
    func saveArticle(_ post: WPPost, names: StoryNames, site: Int64, at now: Date) throws {
        let content = post.isProtected ? nil : post.content?.html
        try database.write { db in
            try Self.upsert(StoryRecord(post, site: site, at: now), db)
            try db.execute(sql: "UPDATE story SET content = ?, contentFetchedAt = ? WHERE siteId = ? AND id = ?",
                           arguments: [content, now.stored, site, post.id])
            try save(names, site: site, at: now, db)
        }
    }

    // MARK: Search

    /// Cached stories matching every word of `text`, best first (titles weigh most), and how
    /// many stories the cache holds for the site.
    func search(_ text: String, site: Int64, limit: Int) throws -> (stories: [Story], searched: Int) {
        try database.read { db in
            let searched = try Int.fetchOne(db, sql: "SELECT count(*) FROM story WHERE siteId = ?", arguments: [site]) ?? 0
            guard let pattern = Self.ftsPattern(text) else { return ([], searched) }
            let ids = try Int.fetchAll(db, sql: """
                SELECT story.id FROM storySearch JOIN story ON story.rowid = storySearch.rowid
                WHERE storySearch MATCH ? AND story.siteId = ?
                ORDER BY bm25(storySearch, 10.0, 3.0, 1.0), story.date DESC LIMIT ?
                """, arguments: [pattern, site, limit])
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
            let pages = try PageRecord.fetchAll(db, sql: "SELECT * FROM page WHERE siteId = ? ORDER BY menuOrder, title", arguments: [site])
            return (pages, fetchedAt)
        }
    }

    func pages(site: Int64) throws -> [PageRecord] {
        try database.read { db in
            try PageRecord.fetchAll(db, sql: "SELECT * FROM page WHERE siteId = ? ORDER BY menuOrder, title", arguments: [site])
        }
    }

    // MARK: Reading state

    /// Stories shown in a list count as seen: later lists mark them neither new nor updated.
    func markSeen(_ stories: [Story], site: Int64, at now: Date) throws {
        try database.writeState { db in
            for story in stories {
                try db.cachedStatement(sql: """
                    INSERT INTO state.storyState (site, storyId, firstSeenAt, seenModified) VALUES ((SELECT apiRoot FROM site WHERE id = ?), ?, ?, ?)
                    ON CONFLICT (site, storyId) DO UPDATE SET
                        firstSeenAt = coalesce(storyState.firstSeenAt, excluded.firstSeenAt),
                        seenModified = excluded.seenModified
                    """).execute(arguments: [site, story.id, now.stored, story.modified.stored])
            }
        }
    }

    /// A mark the user sets on a story and can take off again: its column in `state.storyState`.
    enum Mark: String, Sendable {
        case read = "readAt"
        case hidden = "hiddenAt"
    }

    /// Sets `mark` on these stories at `date`, or takes it off (nil), in one transaction.
    /// Keyed by the site's API root, the state's own key, so a followed site's stories can be
    /// marked while the cache does not hold the site (after `cache clear`).
    func set(_ mark: Mark, on storyIDs: [Int], root: String, at date: Date?) throws {
        try database.writeState { db in
            for id in storyIDs {
                try db.cachedStatement(sql: """
                    INSERT INTO state.storyState (site, storyId, \(mark.rawValue)) VALUES (?, ?, ?)
                    ON CONFLICT (site, storyId) DO UPDATE SET \(mark.rawValue) = excluded.\(mark.rawValue)
                    """).execute(arguments: [root, id, date?.stored])
            }
        }
    }

    /// The stories of a site the user hid, most recently hidden first, each with its story
    /// while the cache holds it.
    func hiddenStories(root: String) throws -> [HiddenStory] {
        try database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT storyId, hiddenAt FROM state.storyState WHERE site = ? AND hiddenAt IS NOT NULL ORDER BY hiddenAt DESC, storyId DESC
                """, arguments: [root])
            let ids: [Int] = rows.map { $0["storyId"] }
            var stories: [Int: Story] = [:]
            if let site = try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE apiRoot = ?", arguments: [root]) {
                let records = try Self.records(StoryRecord.self, site: site, ids: ids, db)
                for story in try Self.stories(records, names: try Self.names(site: site, for: records, db), site: site, order: ids, db) {
                    stories[story.id] = story
                }
            }
            return rows.map { HiddenStory(id: $0["storyId"], story: stories[$0["storyId"]], hiddenAt: $0["hiddenAt"]) }
        }
    }
}

/// A page as it came from the site, with the names it needs.
struct FetchedPage: Sendable {
    let posts: [WPPost]
    let names: StoryNames
    let total: Int?
    let totalPages: Int?
}

struct CachedArticle: Sendable {
    let story: Story
    let record: StoryRecord
    let names: StoryNames
}

struct CachedListing: Sendable {
    let record: ListingRecord
    let stories: [Story]
    let storyRecords: [StoryRecord]
    /// The names the cache holds for these stories.
    let names: StoryNames
}

extension StoryRecord {
    init(_ post: WPPost, site: Int64, at now: Date) {
        self.init(
            siteId: site, id: post.id, slug: post.slug.value.removingPercentEncoding ?? post.slug.value, title: post.title.plain, link: post.link.value,
            date: post.dateGMT.date, modified: post.modifiedGMT.date, authorId: post.author,
            // Opened with a password, WordPress makes the excerpt from the protected text.
            categoryIds: post.categories, tagIds: post.tags, excerpt: post.isProtected ? "" : post.excerpt?.plain ?? "",
            sticky: post.sticky, featuredMediaId: post.featuredMedia, content: nil, contentFetchedAt: nil, fetchedAt: now
        )
    }
}

extension ReadingState {
    init(_ story: StoryRecord, _ state: StoryStateRecord?) {
        let seen = state?.seenModified
        self.init(
            isNew: seen == nil,
            isUpdated: seen.map { story.modified > $0 } ?? false,
            isRead: state?.readAt != nil,
            isHidden: state?.hiddenAt != nil
        )
    }
}

extension Story {
    init(_ record: StoryRecord, names: StoryNames, state: ReadingState) {
        self.init(
            id: record.id, slug: record.slug, title: record.title, link: record.link,
            date: record.date, modified: record.modified,
            author: names.authors[record.authorId],
            categories: record.categoryIds.compactMap { names.categories[$0] },
            tags: record.tagIds.compactMap { names.tags[$0] },
            excerpt: record.excerpt, sticky: record.sticky,
            featuredImage: names.images[record.featuredMediaId]?.url,
            featuredImageRenditions: names.images[record.featuredMediaId]?.renditions ?? [],
            state: state
        )
    }
}

extension Category {
    init(_ term: TermRecord) {
        self.init(id: term.id, name: term.name, slug: term.slug, parent: term.parent, count: term.count)
    }
}

extension Tag {
    init(_ term: TermRecord) {
        self.init(id: term.id, name: term.name, slug: term.slug, count: term.count)
    }
}
