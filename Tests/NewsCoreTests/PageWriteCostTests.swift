import Foundation
import Testing
@testable import NewsCore
@testable import WordPressAPI

/// Storing a fetched page costs what its stories cost, not more: its names go in a statement
/// a table however many there are, and the page shown is made from what was stored rather
/// than read back. Counted with SQLite's profile hook (`WarmListCostTests.watch`).
@Suite struct PageWriteCostTests {
    /// The statements one page write runs, the page naming `tags` tags beside its one story's.
    static func statements(savingPageNaming tags: Int) throws -> (statements: [String], termsStored: Int) {
        let store = StoryStore(database: try .inMemory())
        let site = try store.register(root: StoreTests.root, address: nil)
        var names = StoreTests.names()
        for id in 100..<(100 + tags) {
            names.tags[id] = Tag(id: id, name: "Tag \(id)", slug: "tag-\(id)")
            names.categories[id] = Category(id: id, name: "Section \(id)", slug: "section-\(id)", parent: nil)
            names.authors[id] = Author(id: id, name: "Writer \(id)", slug: "writer-\(id)")
            names.images[id] = StoryImage(url: "https://news.example.org/\(id).jpg", renditions: [])
        }
        let cost = WarmListCostTests.SQLCost()
        try WarmListCostTests.watch(store.database, into: cost)
        defer { try? WarmListCostTests.stopWatching(store.database) }
        try store.save(FetchedPage(posts: [try StoreTests.post(1)], names: names, total: 1, totalPages: 1), site: site,
                       query: StoreTests.list("q"), at: StoreTests.now)
        let terms = try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM term") } ?? 0
        return (cost.statements.withLock { $0.map(\.sql) }, terms)
    }

    @Test func aPagesNamesTakeAStatementATableHoweverManyTheyAre() throws {
        let few = try Self.statements(savingPageNaming: 1)
        let many = try Self.statements(savingPageNaming: 300)
        #expect(many.termsStored == 2 + 2 * 300, "every name stored")
        #expect(few.statements == many.statements, "the same statements:\n\(few.statements.joined(separator: "\n"))\n---\n\(many.statements.joined(separator: "\n"))")
    }

    /// The page a cold `latest` shows is the page the cache then answers, made without
    /// reading the stories just written back.
    @Test func aFetchedPageIsShownFromWhatWasStoredNotReadBack() async throws {
        let server = try SiteContentTests.site()
        let database = try AppDatabase.inMemory()
        let cost = WarmListCostTests.SQLCost()
        try WarmListCostTests.watch(database, into: cost)
        let fetched = try await StoryMarkTests.manager(server, database: database).latest()
        try WarmListCostTests.stopWatching(database)
        let storyReads = cost.statements.withLock { $0.map(\.sql).filter { $0.hasPrefix("SELECT * FROM story ") } }
        #expect(storyReads.isEmpty, "read back: \(storyReads)")

        let requests = server.requests.count
        let cached = try await StoryMarkTests.manager(server, database: database).latest()
        #expect(server.requests.count == requests, "the second from the cache")
        #expect(fetched.stories.count == 10)
        #expect(fetched.stories == cached.stories)
        #expect((fetched.total, fetched.totalPages) == (cached.total, cached.totalPages))
    }

    /// What a save gives is what the cache holds after it: for a story given twice in a page
    /// (as it was given last), one the cache had with other values, and one whose author the
    /// cache cannot name.
    @Test func whatASaveGivesIsWhatTheCacheThenReads() throws {
        let store = StoryStore(database: try .inMemory())
        let site = try store.register(root: StoreTests.root, address: nil)
        try store.save(FetchedPage(posts: [try StoreTests.post(1, modified: "2026-11-19T10:00:00", tags: [])], names: StoreTests.names(),
                                   total: 1, totalPages: 1), site: site, query: StoreTests.list("a"), at: StoreTests.now)
        let page = FetchedPage(posts: [try StoreTests.post(2, author: 9), try StoreTests.post(1), try StoreTests.post(1, featuredMedia: 4)],
                               names: StoreTests.names(), total: 30, totalPages: 10)
        let saved = try store.save(page, site: site, query: StoreTests.list("b"), featuredSource: .sticky(missingTag: "top", tagExists: false),
                                   at: StoreTests.now.addingTimeInterval(60))
        let read = try #require(try store.listing(site: site, query: StoreTests.list("b")))
        #expect(saved.stories.map(\.id) == [2, 1, 1])
        #expect(saved.stories == read.stories)
        #expect(saved.stories[0].author == nil && saved.stories[1].featuredImage == nil)
        #expect(Set(saved.storyRecords.map(\.id)) == Set(read.storyRecords.map(\.id)))
        #expect(saved.record.storyIds == read.record.storyIds)
        #expect((saved.record.total, saved.record.totalPages, saved.record.changesSince) == (read.record.total, read.record.totalPages, read.record.changesSince))
        #expect((saved.record.featuredBy, saved.record.featuredTagName, saved.record.caughtUpAt) == (read.record.featuredBy, read.record.featuredTagName, nil))
        #expect(saved.record.fetchedAt.timeIntervalSince1970 == read.record.fetchedAt.timeIntervalSince1970)
    }
}
