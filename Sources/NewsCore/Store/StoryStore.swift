import Foundation
import GRDB
import WordPressAPI

/// Reads and writes the cache for the content manager, in plain SQL. Every write is one
/// transaction; a statement run once per row is prepared once (`cachedStatement`).
///
/// Each concern has a file of its own: sites (`StoryStore+Sites`), lists, terms and names,
/// articles and pages, search. Here are the rows they all write and read: stories and the
/// names they need, made into `Story` values with the user's reading state. That state is
/// written only by `ReadingMarks`, in the user's own store.
struct StoryStore: Sendable {
    let database: AppDatabase

    // MARK: Stories and their names, as every concern writes them

    /// A page's stories, upserted by id, and the names they need. A story fetched again is
    /// one row, updated; it keeps its content while `modified` stays the same. `withContent`:
    /// the posts' content is stored too (a feed's `content:encoded`, an article read), so
    /// reading one needs no request; a post without any keeps what the row had, as above, and
    /// one opened with a password keeps none: anyone could read it from the cache, offline,
    /// without the password. Nothing is indexed for search here: each story waits for the
    /// next search, which also turns the articles into the text the index reads
    /// (`bringSearchIndexUpToDate`), so a cold list of a big site pays for no story's words.
    ///
    /// The stories reach `story` in one statement, not one each: every statement that writes
    /// `story` fires its triggers, which SQLite wraps in a savepoint of its own, and a
    /// 500-item feed written a row at a time cost more in that work than in reading the
    /// feed. So the rows go into a temporary table first (no trigger, no index) and reach
    /// `story` through one `INSERT … SELECT`.
    func saveStories(_ page: FetchedPage, site: Int64, at now: Date, withContent: Bool = false, _ db: Database) throws {
        try Self.createStoryBatch(db)
        let add = try db.cachedStatement(sql: "INSERT INTO temp.storyBatch VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for post in page.posts {
            let story = StoryRecord(post, site: site, at: now)
            let content = withContent && !post.isProtected ? post.content?.html : nil
            // Fetched now, even as none: what the row had is replaced, not kept.
            let contentFetchedAt = withContent && (content != nil || post.isProtected) ? now.stored : nil
            try add.execute(arguments: [
                story.siteId, story.id, story.slug, story.title, story.link, story.date.stored, story.modified.stored,
                story.authorId, story.categoryIds.stored, story.tagIds.stored, story.excerpt, story.sticky,
                story.featuredMediaId, content, contentFetchedAt, story.fetchedAt.stored,
            ])
        }
        // In the order the page gave them, so a story given twice ends as it was given last.
        // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT, not to a join.
        try db.cachedStatement(sql: """
            INSERT INTO story (siteId, id, slug, title, link, date, modified, authorId, categoryIds, tagIds,
                               excerpt, sticky, featuredMediaId, content, contentFetchedAt, fetchedAt)
            SELECT * FROM temp.storyBatch WHERE true ORDER BY rowid
            ON CONFLICT (siteId, id) DO UPDATE SET
                slug = excluded.slug, title = excluded.title, link = excluded.link, date = excluded.date,
                authorId = excluded.authorId, categoryIds = excluded.categoryIds, tagIds = excluded.tagIds,
                excerpt = excluded.excerpt, sticky = excluded.sticky, featuredMediaId = excluded.featuredMediaId,
                fetchedAt = excluded.fetchedAt,
                content = CASE WHEN excluded.contentFetchedAt IS NOT NULL THEN excluded.content
                               WHEN story.modified = excluded.modified THEN story.content END,
                contentText = CASE WHEN excluded.contentFetchedAt IS NULL AND story.modified = excluded.modified
                                   THEN story.contentText END,
                contentFetchedAt = CASE WHEN excluded.contentFetchedAt IS NOT NULL THEN excluded.contentFetchedAt
                                        WHEN story.modified = excluded.modified THEN story.contentFetchedAt END,
                modified = excluded.modified
            """).execute()
        try db.cachedStatement(sql: "DELETE FROM temp.storyBatch").execute()
        try save(page.names, site: site, at: now, db)
    }

    /// The temporary table `saveStories` fills, made once a connection: GRDB forgets every
    /// prepared statement after a schema change, even a CREATE … IF NOT EXISTS that creates
    /// nothing, and a run stores page after page (the river, fifty feeds in turn).
    private static func createStoryBatch(_ db: Database) throws {
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM temp.sqlite_master WHERE name = 'storyBatch'")) != true else { return }
        try db.execute(sql: """
            CREATE TEMP TABLE storyBatch (
                siteId, id, slug, title, link, date, modified, authorId, categoryIds, tagIds,
                excerpt, sticky, featuredMediaId, content, contentFetchedAt, fetchedAt)
            """)
    }

    func save(_ names: StoryNames, site: Int64, at now: Date) throws {
        try database.write { db in try save(names, site: site, at: now, db) }
    }

    /// The names, one statement a kind however many there are: rows handed to SQLite as one
    /// JSON array (`json_each`). A statement a name cost a cold `latest --all` of 10,000 posts
    /// 29,000 statements, most of their cost GRDB's and SQLite's work around each one.
    func save(_ names: StoryNames, site: Int64, at now: Date, _ db: Database) throws {
        if !names.authors.isEmpty {
            let rows = NameRows(names.authors.values) { row, author in
                row.number(author.id)
                row.string(author.name)
                row.string(author.slug)
            }
            try db.cachedStatement(sql: """
                INSERT INTO author (siteId, id, name, slug, fetchedAt)
                SELECT ?1, value ->> 0, value ->> 1, value ->> 2, ?2 FROM json_each(?3) WHERE true
                ON CONFLICT (siteId, id) DO UPDATE SET name = excluded.name, slug = excluded.slug, fetchedAt = excluded.fetchedAt
                """).execute(arguments: [site, now.stored, rows.text])
        }
        let categories = names.categories.values.map {
            TermRecord(siteId: site, taxonomy: .category, id: $0.id, name: $0.name, slug: $0.slug, parent: $0.parent, count: $0.count, fetchedAt: now)
        }
        let tags = names.tags.values.map {
            TermRecord(siteId: site, taxonomy: .tag, id: $0.id, name: $0.name, slug: $0.slug, parent: nil, count: $0.count, fetchedAt: now)
        }
        try Self.upsert(categories + tags, db)
        if !names.images.isEmpty {
            let rows = NameRows(names.images) { row, image in
                row.number(image.key)
                row.string(image.value.url)
                row.string(image.value.renditions.stored)
            }
            try db.cachedStatement(sql: """
                INSERT INTO media (siteId, id, url, renditions, fetchedAt)
                SELECT ?1, value ->> 0, value ->> 1, value ->> 2, ?2 FROM json_each(?3) WHERE true
                ON CONFLICT (siteId, id) DO UPDATE SET url = excluded.url, renditions = excluded.renditions, fetchedAt = excluded.fetchedAt
                """).execute(arguments: [site, now.stored, rows.text])
        }
    }

    /// Categories and tags in one statement for all that share a site and a moment (every
    /// caller's do). A term named again keeps the count it had when a lookup (which asks for
    /// no count) names it.
    static func upsert(_ terms: [TermRecord], _ db: Database) throws {
        var rest = terms[...]
        while let first = rest.first {
            let isBatch = { (term: TermRecord) in term.siteId == first.siteId && term.fetchedAt == first.fetchedAt }
            let rows = NameRows(rest.filter(isBatch)) { row, term in
                row.string(term.taxonomy.rawValue)
                row.number(term.id)
                row.string(term.name)
                row.string(term.slug)
                row.optionalNumber(term.parent)
                row.optionalNumber(term.count)
            }
            try db.cachedStatement(sql: """
                INSERT INTO term (siteId, taxonomy, id, name, slug, parent, count, fetchedAt)
                SELECT ?1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, ?2 FROM json_each(?3) WHERE true
                ON CONFLICT (siteId, taxonomy, id) DO UPDATE SET
                    name = excluded.name, slug = excluded.slug, parent = excluded.parent,
                    count = coalesce(excluded.count, term.count), fetchedAt = excluded.fetchedAt
                """).execute(arguments: [first.siteId, first.fetchedAt.stored, rows.text])
            rest = rest.filter { !isBatch($0) }
        }
    }

    // MARK: Stories and their names, as every concern reads them

    static func cachedListing(_ listing: ListingRecord, site: Int64, _ db: Database) throws -> CachedListing {
        let records = try Self.records(StoryRecord.self, site: site, ids: listing.storyIds, db)
        let names = try Self.names(site: site, for: records, db)
        let stories = try Self.stories(records, names: names, site: site, order: listing.storyIds, db)
        return CachedListing(record: listing, stories: stories, storyRecords: records, names: names)
    }

    static func stories(
        _ records: [StoryRecord], names: StoryNames, site: Int64, order ids: [Int], _ db: Database
    ) throws -> [Story] {
        let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let states = try Self.states(site: site, ids: ids, db)
        let statesByID = Dictionary(states.map { ($0.storyId, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { id in
            byID[id].map { Story($0, names: names, state: ReadingState($0, statesByID[id])) }
        }
    }

    static func names(site: Int64, for stories: [StoryRecord], _ db: Database) throws -> StoryNames {
        try heldNames(site: site, for: NameIDs(stories), fetchedSince: nil, db).held
    }

    /// The names the cache holds for `ids`, and which of them were fetched since `date` (none
    /// when nil).
    static func heldNames(site: Int64, for ids: NameIDs, fetchedSince date: Date?, _ db: Database) throws -> HeldNames {
        var names = HeldNames()
        let isFresh = { (fetchedAt: Date) in date.map { fetchedAt >= $0 } ?? false }
        for author in try Self.records(AuthorRecord.self, site: site, ids: ids.authors, db) {
            let name = Author(id: author.id, name: author.name, slug: author.slug)
            names.held.authors[author.id] = name
            if isFresh(author.fetchedAt) { names.fresh.authors[author.id] = name }
        }
        for term in try Self.terms(site: site, categoryIDs: ids.categories, tagIDs: ids.tags, db) {
            let isFresh = isFresh(term.fetchedAt)
            switch term.taxonomy {
            case .category:
                names.held.categories[term.id] = Category(term)
                if isFresh { names.fresh.categories[term.id] = Category(term) }
            case .tag:
                names.held.tags[term.id] = Tag(term)
                if isFresh { names.fresh.tags[term.id] = Tag(term) }
            }
        }
        for media in try Self.records(MediaRecord.self, site: site, ids: ids.images, db) {
            let image = StoryImage(url: media.url, renditions: media.renditions)
            names.held.images[media.id] = image
            if isFresh(media.fetchedAt) { names.fresh.images[media.id] = image }
        }
        return names
    }

    /// The site's rows of a table whose `column` is one of `ids`, in plain SQL: the query
    /// interface reads the schema first (table_info, primary keys), which cost a warm run
    /// more than the rows did. The statement is prepared once a run: `--all` reads a hundred pages.
    static func records<Record: CacheRecord>(
        _ type: Record.Type, site: Int64, ids: some Collection<Int>, column: String = "id", _ db: Database
    ) throws -> [Record] {
        try Record.fetchAll(db.cachedStatement(sql: """
            SELECT \(Record.columns) FROM \(Record.databaseTableName) WHERE siteId = ? AND \(column) IN (SELECT value FROM json_each(?))
            """), arguments: [site, Array(ids).stored])
    }

    /// These categories and tags, found by the table's whole key (site, taxonomy, id): by the
    /// id alone SQLite reads every term of the site, and a site read in full (`--all`) has
    /// thousands of tags, which made page 1 cost a third more.
    static func terms(site: Int64, categoryIDs: Set<Int>, tagIDs: Set<Int>, _ db: Database) throws -> [TermRecord] {
        try TermRecord.fetchAll(db.cachedStatement(sql: """
            SELECT \(TermRecord.columns) FROM term WHERE siteId = ?1 AND taxonomy = 'category' AND id IN (SELECT value FROM json_each(?2))
            UNION ALL
            SELECT \(TermRecord.columns) FROM term WHERE siteId = ?1 AND taxonomy = 'tag' AND id IN (SELECT value FROM json_each(?3))
            """), arguments: [site, Array(categoryIDs).stored, Array(tagIDs).stored])
    }

    /// What the user did with these stories, from the state store (keyed by the site's root).
    static func states(site: Int64, ids: [Int], _ db: Database) throws -> [StoryStateRecord] {
        try StoryStateRecord.fetchAll(db.cachedStatement(sql: """
            SELECT \(StoryStateRecord.columns) FROM state.storyState
            WHERE site = (SELECT apiRoot FROM site WHERE id = ?) AND storyId IN (SELECT value FROM json_each(?))
            """), arguments: [site, ids.stored])
    }

    static func listing(site: Int64, query: ListKey, _ db: Database) throws -> ListingRecord? {
        try ListingRecord.fetchOne(db.cachedStatement(sql: """
            SELECT \(ListingRecord.columns) FROM listing WHERE siteId = ? AND family = ? AND page = ? AND perPage = ?
            """), arguments: [site, query.family, query.page, query.perPage])
    }
}

/// Rows of names for one statement: a JSON array of arrays, which SQLite reads a row at a
/// time with `json_each` and a value at a time with `->>`.
private struct NameRows {
    private var json = PrettyJSON()
    private var isFirstValue = true

    init<Item>(_ items: some Sequence<Item>, _ write: (inout NameRows, Item) -> Void) {
        json.append("[")
        var isFirstRow = true
        for item in items {
            json.append(isFirstRow ? "[" : ",[")
            isFirstRow = false
            isFirstValue = true
            write(&self, item)
            json.append("]")
        }
        json.append("]")
    }

    var text: String { json.text }

    mutating func number(_ value: Int) {
        separate()
        json.number(value)
    }

    mutating func optionalNumber(_ value: Int?) {
        separate()
        if let value { json.number(value) } else { json.append("null") }
    }

    mutating func string(_ value: String) {
        separate()
        json.string(value)
    }

    private mutating func separate() {
        if !isFirstValue { json.append(",") }
        isFirstValue = false
    }
}

/// A page as it came from the site, with the names it needs.
struct FetchedPage: Sendable {
    let posts: [WPPost]
    /// The names fetched with the posts, to store.
    let names: StoryNames
    let total: Int?
    let totalPages: Int?
    /// The names the cache held for the posts when they came (`HeldNames.held`): with the
    /// fetched ones they name the stored page without reading them again. Nil: read them.
    var held: StoryNames?
}

/// Names the cache holds for some ids, whatever their age, and those fresh enough to stand
/// in for asking the site.
struct HeldNames: Sendable {
    var held = StoryNames()
    var fresh = StoryNames()
}

/// The ids of the names some stories carry, as they carry them: a feed's own authors and
/// categories have negative ones (`FeedIDs`), which no site is asked for (`NameNeeds` keeps
/// only those a site has) but the cache holds.
struct NameIDs: Sendable {
    let authors: Set<Int>
    let categories: Set<Int>
    let tags: Set<Int>
    let images: Set<Int>

    init(_ stories: [StoryRecord]) {
        authors = Set(stories.map(\.authorId))
        categories = Set(stories.flatMap(\.categoryIds))
        tags = Set(stories.flatMap(\.tagIds))
        images = Set(stories.map(\.featuredMediaId))
    }

    init(_ posts: [WPPost]) {
        authors = Set(posts.map(\.author))
        categories = Set(posts.flatMap(\.categories))
        tags = Set(posts.flatMap(\.tags))
        images = Set(posts.map(\.featuredMedia))
    }
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
        // Most slugs are plain ASCII: Foundation's decoding of escapes cost a cold `latest --all`
        // as much as its dates did.
        let slug = post.slug.value.utf8.contains(UInt8(ascii: "%")) ? post.slug.value.removingPercentEncoding ?? post.slug.value : post.slug.value
        self.init(
            siteId: site, id: post.id, slug: slug, title: post.title.plain, link: post.link.value,
            date: post.dateGMT.date, modified: post.modifiedGMT.date, authorId: post.author,
            // Opened with a password, WordPress makes the excerpt from the protected text.
            categoryIds: post.categories, tagIds: post.tags, excerpt: post.isProtected ? "" : post.excerpt?.plain ?? "",
            sticky: post.sticky, featuredMediaId: post.featuredMedia, content: nil, contentFetchedAt: nil, fetchedAt: now
        )
    }
}

extension StoryRecord {
    /// The text a reader sees of an article's HTML, which the full-text index holds
    /// (`story.contentText`): the markup's own words ("strong", "href") are none of it, and a
    /// word split by a tag (`wo<b>rd</b>`) or spelled with an entity (`caf&eacute;`) is one.
    static func searchText(ofContent html: String) -> String {
        RenderedText(html: html).plain
    }
}

extension ReadingState {
    init(_ story: StoryRecord, _ state: StoryStateRecord?) {
        let seen = state?.seenModified
        self.init(
            isNew: seen == nil,
            isUpdated: seen.map { story.modified > $0 } ?? false,
            isRead: state?.readAt != nil,
            isHidden: state?.hiddenAt != nil,
            isSaved: state?.isSaved ?? false
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
