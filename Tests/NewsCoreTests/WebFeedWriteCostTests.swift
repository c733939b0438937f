import FeedFormats
import Foundation
import Testing
@testable import NewsCore
@testable import WordPressAPI

/// Storing a web feed runs as many statements for 60 new items as for 20, but for the one
/// that puts each story's row in the batch `saveStories` inserts from: the items' numbers go
/// into the user's state in one statement, and each author and category is written once,
/// however many items name it. Counted with SQLite's own hook (`WarmListCostTests.watch`), so
/// a statement a row shows here whatever the machine's speed.
@Suite struct WebFeedWriteCostTests {
    static let root = APIRoot.webFeed("https://quay.example/feed.xml")
    static let now = Date(timeIntervalSince1970: 1_795_359_600)

    /// A feed of `count` items, each by one of two authors and in two of three categories.
    static func feed(_ count: Int) -> Feed {
        Feed(items: (0..<count).map { number in
            FeedItem(
                guid: "https://quay.example/?guid=\(number)", title: "Ferry &amp; quay \(number)", link: "https://quay.example/\(number)/",
                published: now.addingTimeInterval(-Double(number) * 3600), author: ["Ana Ruiz", "Tom Ng"][number % 2],
                categories: [["City Hall", "Ferry"], ["Ferry", "Tides"], ["Tides", "City Hall"]][number % 3],
                summary: "<p>About \(number).</p>", content: "<p>All of \(number).</p>")
        })
    }

    /// The statements a first fetch of the feed runs, by their SQL, each with how often it ran;
    /// but those the full-text index runs on its own tables (`storySearch_…`), one a row for
    /// each row it indexes, which are the index's cost, not the write's.
    static func statements(storing feed: Feed) throws -> [String: Int] {
        let database = try AppDatabase.inMemory()
        let content = SiteContent(site: SiteChoice(address: "https://quay.example"), database: database, http: SiteContentTests.http,
                                  clock: { now })
        let store = StoryStore(database: database)
        let site = try store.register(root: root, address: nil)
        let cost = WarmListCostTests.SQLCost()
        try WarmListCostTests.watch(database, into: cost)
        defer { try? WarmListCostTests.stopWatching(database) }
        let ids = try content.saveFeed(feed, root: root, store: store, site: site, at: now)
        #expect(ids.count == feed.items.count)
        return cost.statements.withLock {
            $0.filter { !$0.sql.contains("'storySearch_") }.reduce(into: [:]) { $0[$1.sql, default: 0] += 1 }
        }
    }

    @Test func storingAFeedRunsTheSameStatementsWhateverItsLength() throws {
        let short = try Self.statements(storing: Self.feed(20))
        let long = try Self.statements(storing: Self.feed(60))
        let batchRow = try #require(long.keys.first { $0.hasPrefix("INSERT INTO temp.storyBatch") })
        #expect(short[batchRow] == 20 && long[batchRow] == 60)
        var (others, longOthers) = (short, long)
        others[batchRow] = nil
        longOthers[batchRow] = nil
        #expect(others == longOthers, "statements that grew with the items: \(longOthers.filter { others[$0.key] != $0.value })")
        let numbering = try #require(long.first { $0.key.contains("INTO state.feedItem") })
        #expect(numbering.value == 1, "the items are numbered in one statement")
    }
}
