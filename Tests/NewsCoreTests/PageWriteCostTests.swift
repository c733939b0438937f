import Foundation
import Testing
@testable import NewsCore
@testable import WordPressAPI

/// Storing a fetched page costs what its stories cost, not more: its names go in a statement
/// a table however many there are. Counted with SQLite's profile hook (`WarmListCostTests.watch`).
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
}
