import Foundation
import GRDB
import Synchronization
import Testing
@testable import NewsCore
@testable import WordPressAPI

/// The cache's full-text index holds the words a reader sees, whatever markup the content
/// came in: a feed's search is made from it (issue 25).
@Suite struct SearchIndexTests {
    /// Content as feeds and sites send it: attributes, a link, a word split by a tag, named
    /// entities, and a script no reader sees.
    static let awkwardHTML = """
        <p class="lead">A <strong>heron</strong> on the <a href="https://quay.example/birds/" title="Birds">qu<b>ay</b></a>.</p>\
        <p>The caf&eacute; serves cr&egrave;me br&ucirc;l&eacute;e.</p><script>var tracker = 1;</script>
        """

    static func item(_ id: Int, content: RenderedContent?) throws -> WPPost {
        let post = try StoreTests.post(id)
        return WPPost(id: post.id, slug: post.slug, link: post.link, title: post.title, excerpt: post.excerpt, dateGMT: post.dateGMT,
                      modifiedGMT: post.modifiedGMT, author: post.author, categories: post.categories, tags: post.tags, content: content)
    }

    /// Stories `ids`, each with the article "Lighthouse keeper ID", as a feed's write stores them.
    static func saveKeepers(_ ids: ClosedRange<Int>, store: StoryStore, site: Int64) throws {
        let posts = try ids.map { try item($0, content: RenderedContent(html: "<p>Lighthouse keeper \($0)</p>")) }
        try store.saveChanges(FetchedPage(posts: posts, names: StoreTests.names(), total: nil, totalPages: nil), site: site,
                              at: StoreTests.now, withContent: true)
    }

    /// The words of `awkwardHTML` find story 1, and its markup finds nothing; the index agrees
    /// with the rows it was built from.
    static func expectTheReadersWords(_ store: StoryStore, site: Int64, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for word in ["strong", "href", "class", "lead", "https", "birds", "tracker", "eacute"] {
            #expect(try store.search(word, site: site, limit: 10).stories.isEmpty, "markup: \(word)", sourceLocation: sourceLocation)
        }
        for words in ["heron", "quay", "cafe", "café", "creme brulee"] {
            #expect(try store.search(words, site: site, limit: 10).stories.map(\.id) == [1], "text: \(words)", sourceLocation: sourceLocation)
        }
        try expectTheIndexMatchesItsRows(store)
    }

    /// FTS5's own check of an external-content index against the rows it reads (rank 1: with
    /// the rows, not only the index with itself).
    static func expectTheIndexMatchesItsRows(_ store: StoryStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(throws: Never.self, "the index agrees with its rows", sourceLocation: sourceLocation) {
            try store.database.writeWithoutTransaction {
                try $0.execute(sql: "INSERT INTO storySearch (storySearch, rank) VALUES ('integrity-check', 1)")
            }
        }
    }

    @Test func aFeedItemIsFoundByTheWordsAReaderSeesNotByItsMarkup() throws {
        let (store, site) = try StoreTests().store()
        let page = FetchedPage(posts: [try Self.item(1, content: RenderedContent(html: Self.awkwardHTML))], names: StoreTests.names(),
                               total: nil, totalPages: nil)
        try store.saveChanges(page, site: site, at: StoreTests.now, withContent: true)
        try Self.expectTheReadersWords(store, site: site)
    }

    /// A write indexes nothing: each story waits for the first search of a site, which gives
    /// the site's articles their text in one statement and brings every waiting story into the
    /// index in one more (one savepoint, so FTS5 writes one segment). The next search, with
    /// nothing waiting, runs neither again.
    @Test func aWriteIndexesNothingAndTheFirstSearchIndexesEveryWaitingStoryAtOnce() throws {
        let (store, site) = try StoreTests().store()
        let posts = try (1...3).map { try Self.item($0, content: RenderedContent(html: "<p>Lighthouse <b>keeper</b> \($0)</p>")) }
        try store.saveChanges(FetchedPage(posts: posts, names: StoreTests.names(), total: nil, totalPages: nil), site: site,
                              at: StoreTests.now, withContent: true)
        let indexed = { (word: String) in
            try store.database.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM storySearch WHERE storySearch MATCH ?", arguments: [word]) ?? 0
            }
        }
        let waiting = { try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM storySearchWaiting") ?? 0 } }
        #expect(try indexed("keeper") == 0 && indexed("story") == 0, "nothing is indexed by the write, titles ('Story ‘1’'…) neither")
        #expect(try waiting() == 3)

        final class Statements: Sendable { let sql = Mutex<[String]>([]) }
        let statements = Statements()
        try store.database.write { db in db.trace { event in statements.sql.withLock { $0.append("\(event)") } } }
        #expect(try store.search("keeper", site: site, limit: 10).stories.map(\.id).sorted() == [1, 2, 3])
        let writes = { statements.sql.withLock { $0.filter { $0.hasPrefix("UPDATE story") || $0.hasPrefix("INSERT INTO storySearch ") } } }
        #expect(writes().count == 2, "\(writes())")
        #expect(try indexed("keeper") == 3 && indexed("story") == 3)
        #expect(try waiting() == 0)
        #expect(try store.search("lighthouse", site: site, limit: 10).stories.count == 3)
        #expect(writes().count == 2, "a search with nothing waiting writes nothing: \(writes())")
        try Self.expectTheIndexMatchesItsRows(store)
    }

    /// Stories changed or deleted, whether indexed already or still waiting, leave the index
    /// agreeing with the rows: a story leaves the index only if it is in it, with the words
    /// it was indexed with, and a changed one waits again with its new words.
    @Test func changedAndDeletedStoriesKeepTheIndexTrueWhetherIndexedOrWaiting() throws {
        let (store, site) = try StoreTests().store()
        let save = { (ids: ClosedRange<Int>) in try Self.saveKeepers(ids, store: store, site: site) }
        let found = { (words: String) in try store.search(words, site: site, limit: 10).stories.map(\.id).sorted() }
        try save(1...3)
        #expect(try found("keeper") == [1, 2, 3])
        try save(4...5)
        // Fetched again with a new title, story 1 indexed and story 4 waiting: an upsert.
        let retitled = try [1, 4].map { id in
            let post = try Self.item(id, content: RenderedContent(html: "<p>Lighthouse keeper \(id)</p>"))
            return WPPost(id: post.id, slug: post.slug, link: post.link, title: RenderedText(html: "Harbour ferry"), excerpt: post.excerpt,
                          dateGMT: post.dateGMT, modifiedGMT: post.modifiedGMT, author: post.author, categories: post.categories,
                          tags: post.tags, content: post.content)
        }
        try store.saveChanges(FetchedPage(posts: retitled, names: StoreTests.names(), total: nil, totalPages: nil), site: site,
                              at: StoreTests.now, withContent: true)
        try store.database.write { try $0.execute(sql: "DELETE FROM story WHERE id IN (2, 5)") }  // indexed, waiting
        #expect(try found("harbour") == [1, 4])
        #expect(try found("keeper") == [1, 3, 4])
        #expect(try found("story") == [3], "the old titles are gone from the index")
        try Self.expectTheIndexMatchesItsRows(store)
        try CacheMaintenance(database: store.database).clear(site: "https://elsewhere.example.org/wp-json/")
        #expect(try found("harbour") == [1, 4])
        try Self.expectTheIndexMatchesItsRows(store)
    }

    /// A search asks in a read whether any article waits for the index, and writes only
    /// then: with nothing waiting it takes no write lock, so it neither waits for another
    /// wpnews writing nor fails on files it may not write. The question is answered from a
    /// partial index of the waiting rows, not by reading the whole site's.
    @Test func aSearchWithNothingWaitingWritesNothingAndAsksAnIndex() throws {
        let (store, site) = try StoreTests().store()
        let posts = try (1...3).map { try Self.item($0, content: RenderedContent(html: "<p>Lighthouse <b>keeper</b> \($0)</p>")) }
        try store.saveChanges(FetchedPage(posts: posts, names: StoreTests.names(), total: nil, totalPages: nil), site: site,
                              at: StoreTests.now, withContent: true)
        final class Statements: Sendable { let sql = Mutex<[String]>([]) }
        let statements = Statements()
        try store.database.write { db in db.trace { event in statements.sql.withLock { $0.append("\(event)") } } }
        #expect(try store.search("keeper", site: site, limit: 10).stories.count == 3)
        let check = try #require(statements.sql.withLock { $0.first { $0.hasPrefix("SELECT") && $0.contains("contentText IS NULL") } })
        let plan = try store.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + check, arguments: [site]).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("story_waitingForText") }, "\(plan)")

        statements.sql.withLock { $0.removeAll() }
        #expect(try store.search("lighthouse", site: site, limit: 10).stories.count == 3)
        let run = statements.sql.withLock { $0 }
        #expect(!run.contains { $0.hasPrefix("BEGIN IMMEDIATE") || $0.hasPrefix("UPDATE") }, "\(run)")
    }

    /// A cache and state the user may not write (SQLite says so as it would of a file not
    /// theirs, or a directory made read-only: tests run as root, whom no permission stops) are
    /// still searched: what is indexed is found, with no error, and what waits for the index
    /// is found once a search may write again.
    @Test func aCacheThatCannotBeWrittenIsSearchedAsItIs() throws {
        let (store, site) = try StoreTests().store()
        let save = { (ids: ClosedRange<Int>) in try Self.saveKeepers(ids, store: store, site: site) }
        try save(1...2)
        #expect(try store.search("keeper", site: site, limit: 10).stories.count == 2)
        try save(3...3)
        try store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA query_only = ON") }
        #expect(try store.search("keeper", site: site, limit: 10).stories.map(\.id).sorted() == [1, 2], "story 3 waits for a search that may write")
        try store.database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA query_only = OFF") }
        #expect(try store.search("keeper", site: site, limit: 10).stories.count == 3)
    }

    @Test func anArticleReadIsFoundByTheWordsAReaderSees() throws {
        let (store, site) = try StoreTests().store()
        try store.saveArticle(try Self.item(1, content: RenderedContent(html: Self.awkwardHTML)), names: StoreTests.names(), site: site, at: StoreTests.now)
        try Self.expectTheReadersWords(store, site: site)
    }

    /// Reading a story writes its row once: one statement on `story`, so the index's trigger
    /// runs once. Opened with a password, a post keeps no content, in its row or the index.
    @Test func anArticleIsOneWriteAndAProtectedOneKeepsNoContent() throws {
        let (store, site) = try StoreTests().store()
        try store.save(FetchedPage(posts: [try StoreTests.post(1)], names: StoreTests.names(), total: 1, totalPages: 1),
                       site: site, query: StoreTests.list("latest"), at: StoreTests.now)
        final class Statements: Sendable { let sql = Mutex<[String]>([]) }
        let statements = Statements()
        try store.database.write { db in db.trace { event in statements.sql.withLock { $0.append("\(event)") } } }
        let article = RenderedContent(html: "<p>Lighthouse keepers</p>")
        try store.saveArticle(try Self.item(1, content: article), names: StoreTests.names(), site: site, at: StoreTests.now)
        let run = statements.sql.withLock { $0 }
        #expect(run.filter { $0.hasPrefix("INSERT INTO story ") || $0.hasPrefix("UPDATE story") }.count == 1, "\(run)")
        #expect(run.filter { $0.contains("TRIGGER storySearch") }.count == 1, "\(run)")
        #expect(try store.storyRecords(site: site, ids: [1])[1]?.content == article.html)
        #expect(try store.search("lighthouse", site: site, limit: 10).stories.map(\.id) == [1])
        try Self.expectTheIndexMatchesItsRows(store)

        let opened = RenderedContent(html: "<p>Lighthouse keepers</p>", isProtected: true)
        try store.saveArticle(try Self.item(1, content: opened), names: StoreTests.names(), site: site, at: StoreTests.now)
        #expect(try store.storyRecords(site: site, ids: [1])[1]?.content == nil)
        #expect(try store.search("lighthouse", site: site, limit: 10).stories.isEmpty)
        try Self.expectTheIndexMatchesItsRows(store)
    }

    /// A cache indexed before the index read plain text is indexed again as it migrates, and
    /// `cache clear`'s rebuild of the index keeps it so.
    @Test func aMigratedCacheFindsWhatANewOneFinds() throws {
        let queue = try AppDatabase.connect(cache: nil, state: ":memory:")
        try Schema.migrate(queue, through: "feedfix: a feed's validators kept with the copy they describe")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO site (id, apiRoot) VALUES (1, 'https://news.example.org/wp-json/')")
            try db.execute(sql: """
                INSERT INTO story (siteId, id, slug, title, link, date, modified, authorId, categoryIds, tagIds, excerpt, sticky,
                                   featuredMediaId, content, contentFetchedAt, fetchedAt)
                VALUES (1, 1, 's', 'Harbour notes', 'https://news.example.org/s/', 1795300000, 1795300000, 2, '[]', '[]', 'Harbour news.',
                        0, 0, ?, 1795300000, 1795300000)
                """, arguments: [Self.awkwardHTML])
        }
        let store = StoryStore(database: try AppDatabase(migrated: queue))
        try Self.expectTheReadersWords(store, site: 1)
        try CacheMaintenance(database: store.database).clear(site: "https://elsewhere.example.org/wp-json/")
        try Self.expectTheReadersWords(store, site: 1)
    }
}
