import Foundation
import GRDB
import Testing
@testable import NewsCore
@testable import WordPressAPI

/// A web feed that moved for good takes what the cache and the user's state keep of it to
/// its new address.
@Suite struct FeedMoveTests {
    static let old = APIRoot.webFeed("https://quay.example/old.xml")
    static let new = APIRoot.webFeed("https://quay.example/new.xml")

    /// The user's rows under `root`, one line each, without the site.
    static func stateRows(_ store: StoryStore, site root: APIRoot) throws -> [String] {
        try store.database.read { db in
            try String.fetchAll(db, sql: """
                SELECT 'mark ' || storyId || ' read ' || ifnull(readAt, '-') || ' hidden ' || ifnull(hiddenAt, '-') FROM state.storyState WHERE site = ?1
                UNION ALL SELECT 'shown ' || number || ' ' || itemId FROM state.shownItem WHERE site = ?1
                UNION ALL SELECT 'cursor ' || startedAt FROM state.watchCursor WHERE site = ?1
                UNION ALL SELECT 'delivered ' || storyId FROM state.watchDelivered WHERE site = ?1
                UNION ALL SELECT 'item ' || key || ' ' || storyId FROM state.feedItem WHERE site = ?1
                ORDER BY 1
                """, arguments: [root.description])
        }
    }

    /// Once the user's rows are refiled the move has happened, whatever becomes of the cache:
    /// a cache that refuses its part (locked, full) is told, not thrown, so the run goes on
    /// at the new address, where the marks now are, and fetches the stories again.
    @Test func aCacheThatRefusesItsPartLeavesTheMoveMadeAndSaysSo() throws {
        let store = StoryStore(database: try .inMemory())
        _ = try store.register(root: Self.old, address: Self.old.description)
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO state.storyState (site, storyId, readAt, hiddenAt) VALUES (?, 7, 100, NULL)", arguments: [Self.old.description])
            try db.execute(sql: "CREATE TEMP TRIGGER refuse BEFORE UPDATE ON main.site BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        #expect(throws: Never.self) { _ = try store.moveWebFeed(from: Self.old, to: Self.new) }
        #expect(try store.siteID(root: Self.old) != nil, "the cache kept its row")
        #expect(try Self.stateRows(store, site: Self.new) == ["mark 7 read 100.0 hidden -"])
    }

    @Test func theStoriesIdsMarksLastListAndCursorAreFoundAtTheNewAddress() throws {
        let store = StoryStore(database: try .inMemory())
        let site = try store.register(root: Self.old, address: Self.old.description)
        let other = try store.register(root: APIRoot.webFeed("https://other.example/feed.xml"), address: nil)
        try store.database.write { db in
            for (root, story) in [(Self.old, 7), (APIRoot.webFeed("https://other.example/feed.xml"), 9)] {
                for statement in [
                    "INSERT INTO state.storyState (site, storyId, readAt, hiddenAt) VALUES (?1, ?2, 100, 200)",
                    "INSERT INTO state.shownItem (number, site, via, kind, itemId) VALUES (?2, ?1, 'latest', 'story', ?2)",
                    "INSERT INTO state.watchCursor (site, startedAt, modifiedSince, publishedSince) VALUES (?1, ?2 * 0 + 50, 50, 50)",
                    "INSERT INTO state.watchDelivered (site, storyId, modified, deliveredAt) VALUES (?1, ?2, 60, 70)",
                    "INSERT INTO state.feedItem (site, key, storyId, firstSeenAt) VALUES (?1, 'guid:a', ?2, 40)",
                ] {
                    try db.execute(sql: statement, arguments: [root.description, story])
                }
            }
            try db.execute(sql: "INSERT INTO feedValidators (siteId, url, copy, etag) VALUES (?, ?, 'items', '\"v1\"')",
                           arguments: [site, Self.old.description])
        }
        let before = try Self.stateRows(store, site: Self.old)
        #expect(before.count == 5)

        try store.moveWebFeed(from: Self.old, to: Self.new)

        #expect(try Self.stateRows(store, site: Self.new) == before)
        #expect(try Self.stateRows(store, site: Self.old).isEmpty)
        #expect(try store.siteID(root: Self.new) == site, "the same cached site, under its new address")
        #expect(try store.siteID(root: Self.old) == nil)
        #expect(try store.feedValidators(site: site, url: Self.old.description, copy: .items) == nil, "the old address's answers are forgotten")
        let untouched = try Self.stateRows(store, site: APIRoot.webFeed("https://other.example/feed.xml"))
        #expect(untouched.count == 5)
        #expect(try store.siteID(root: APIRoot.webFeed("https://other.example/feed.xml")) == other)
    }

    /// A watch that ran on while another run moved the feed writes under the old address
    /// after the move; the next move meets rows under both. Whichever address holds the newer
    /// row, it wins: the cursor that has seen more, each story as it was delivered last, so
    /// watch neither delivers an item again nor skips one; marks and hidden stories are the
    /// union of both.
    @Test(arguments: [true, false]) func rowsUnderBothAddressesKeepTheNewerOneAndEveryMark(oldIsNewer: Bool) throws {
        let store = StoryStore(database: try .inMemory())
        _ = try store.register(root: Self.old, address: nil)
        let (newer, older) = oldIsNewer ? (Self.old, Self.new) : (Self.new, Self.old)
        try store.database.write { db in
            for statement in [
                "INSERT INTO state.watchCursor (site, startedAt, modifiedSince, publishedSince, checkedRemovedAt) VALUES (?1, 10, 500, 400, 300)",
                "INSERT INTO state.watchDelivered (site, storyId, modified, deliveredAt) VALUES (?1, 7, 90, 95)",
                "INSERT INTO state.watchDelivered (site, storyId, modified, deliveredAt) VALUES (?1, 8, 80, 85)",
                "INSERT INTO state.storyState (site, storyId, firstSeenAt, seenModified, readAt, hiddenAt) VALUES (?1, 7, 30, 90, 100, NULL)",
            ] {
                try db.execute(sql: statement, arguments: [newer.description])
            }
            for statement in [
                "INSERT INTO state.watchCursor (site, startedAt, modifiedSince, publishedSince, checkedRemovedAt) VALUES (?1, 10, 200, 150, NULL)",
                "INSERT INTO state.watchDelivered (site, storyId, modified, deliveredAt) VALUES (?1, 7, 60, 65)",
                "INSERT INTO state.watchDelivered (site, storyId, modified, deliveredAt) VALUES (?1, 9, 70, 75)",
                "INSERT INTO state.storyState (site, storyId, firstSeenAt, seenModified, readAt, hiddenAt) VALUES (?1, 7, 20, 60, NULL, 110)",
                "INSERT INTO state.storyState (site, storyId, firstSeenAt, seenModified, readAt, hiddenAt) VALUES (?1, 9, 40, 70, 120, NULL)",
            ] {
                try db.execute(sql: statement, arguments: [older.description])
            }
        }

        try store.moveWebFeed(from: Self.old, to: Self.new)

        #expect(try Self.stateRows(store, site: Self.old).isEmpty)
        let cursors = WatchCursors(database: store.database)
        let cursor = try #require(try cursors.cursor(site: Self.new.description))
        #expect([cursor.modifiedSince, cursor.publishedSince, cursor.checkedRemovedAt].map { $0?.timeIntervalSince1970 } == [500, 400, 300],
                "the cursor that has seen more: \(cursor)")
        let delivered = try cursors.delivered(site: Self.new.description, ids: [7, 8, 9]).mapValues(\.timeIntervalSince1970)
        #expect(delivered == [7: 90, 8: 80, 9: 70], "story 7 as delivered last, and every story either delivered")
        let marks = try store.database.read { db in
            try Row.fetchAll(db, sql: "SELECT storyId, firstSeenAt, seenModified, readAt, hiddenAt FROM state.storyState WHERE site = ? ORDER BY storyId",
                             arguments: [Self.new.description]).map { row in
                [row["storyId"], row["firstSeenAt"], row["seenModified"], row["readAt"], row["hiddenAt"]] as [Double?]
            }
        }
        #expect(marks == [[7, 20, 90, 100, 110], [9, 40, 70, 120, nil]], "read under one address, hidden under the other: both")
    }

    /// A run that died after moving the state meets the redirect again: the move is repeated,
    /// the rows already moved stay, and the cache's copy under the old address wins.
    @Test func aMoveRepeatedAfterAPartOfItWasDoneLosesNothing() throws {
        let store = StoryStore(database: try .inMemory())
        let site = try store.register(root: Self.old, address: nil)
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO state.storyState (site, storyId, readAt) VALUES (?, 7, 100)", arguments: [Self.new.description])
        }
        let fresh = try store.register(root: Self.new, address: nil)
        #expect(fresh != site)

        try store.moveWebFeed(from: Self.old, to: Self.new)
        try store.moveWebFeed(from: Self.old, to: Self.new)

        #expect(try Self.stateRows(store, site: Self.new) == ["mark 7 read 100.0 hidden -"])
        #expect(try store.siteID(root: Self.new) == site)
    }
}
