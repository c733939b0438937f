import CommandRuns
import Foundation
import GRDB
import Testing
import WordPressAPI
@testable import NewsCore

/// The user's state (and the cache beside it) as a command finds them on disk.
@Suite struct UserStateCommandTests {
    /// `Tests/Fixtures/store`: a cache and a state written by wpnews before the store's tables
    /// changed (scripts/make-store-fixtures.sh says what they hold), on the seeded small site
    /// followed as "ledger".
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/store")
    static let root = "http://127.0.0.1:9065/wp-json/"

    /// A home holding copies of the fixtures where wpnews looks for its files.
    static func homeWithFixtures() throws -> String {
        let home = try TestSites.freshHome()
        for (fixture, directory) in [("cache.sqlite", "/.cache/wpnews"), ("state.sqlite", "/.local/state/wpnews")] {
            try FileManager.default.createDirectory(atPath: home + directory, withIntermediateDirectories: true)
            let target = home + directory + "/" + (fixture == "cache.sqlite" ? "wpnews.sqlite" : fixture)
            try FileManager.default.copyItem(atPath: fixtures.appending(path: fixture).path, toPath: target)
        }
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try """
            default = "ledger"

            [sites.ledger]
            url = "http://127.0.0.1:9065"
            api_root = "\(root)"
            """.write(toFile: home + "/.config/wpnews/sites.toml", atomically: true, encoding: .utf8)
        return home
    }

    static func ids(_ run: CommandRun) throws -> [Int] {
        try run.json().map { try #require($0["id"] as? Int) }
    }

    @Test func readMarksHiddenStoriesAndTheShownListOfAnOldStateAreKept() async throws {
        let home = try Self.homeWithFixtures()
        let latest = try await CommandRun.run(["latest", "--offline", "--json"], environment: ["HOME": home])
        #expect(latest.status == 0, "\(latest.stderr)")
        // 48 was hidden in the app; 53 and 47 were read; every story had been listed before.
        #expect(try Self.ids(latest) == [56, 55, 54, 53, 52, 51, 50, 49, 47])
        let read = try latest.json().filter { $0["read"] as? Bool == true }.compactMap { $0["id"] as? Int }
        #expect(read == [53, 47])
        #expect(try latest.json().allSatisfy { $0["new"] as? Bool == false })

        // `read -n` reads the list last printed as text.
        let fourth = try await CommandRun.run(["read", "-n", "4", "--offline", "--json"], environment: ["HOME": home])
        #expect(fourth.status == 0, "\(fourth.stderr)")
        let story = try JSONSerialization.jsonObject(with: Data(fourth.stdout.utf8)) as? [String: Any]
        #expect(story?["id"] as? Int == 53)
        let past = try await CommandRun.run(["read", "-n", "10", "--offline"], environment: ["HOME": home])
        #expect(past.status == 1)
        #expect(past.stderr.contains("numbers 1 to 9"), "\(past.stderr)")

        let hidden = try ReadingMarks(database: Self.database(home)).hiddenStories(root: Self.root)
        #expect(hidden.map(\.id) == [48])
        #expect(abs((hidden.first?.hiddenAt.timeIntervalSince1970 ?? 0) - 1795705666.51978) < 0.001)
        #expect(hidden.first?.story?.slug != nil)
    }

    @Test func aWatchCursorOfAnOldStateIsKept() throws {
        let home = try Self.homeWithFixtures()
        let watch = WatchCursors(database: Self.database(home))
        let cursor = try #require(try watch.cursor(site: Self.root))
        #expect(cursor.startedAt.timeIntervalSince1970 == 1787065665)
        #expect(cursor.modifiedSince.timeIntervalSince1970 == 1795705605)
        #expect(cursor.publishedSince.timeIntervalSince1970 == 1795704012)
        #expect(cursor.checkedRemovedAt != nil)
        #expect(try watch.latestDelivered(site: Self.root).count == 36)
    }

    /// The cache is the cache, but a migrated one still serves every list, term list and page
    /// list it held, with the site out of reach.
    @Test(arguments: [
        ["latest", "--page", "2"], ["latest", "--per-page", "100"], ["featured"], ["category", "news"], ["tag", "city-council"],
        ["tags"], ["categories"], ["pages"],
    ])
    func everyListOfAnOldCacheIsServedOffline(arguments: [String]) async throws {
        let home = try Self.homeWithFixtures()
        let run = try await CommandRun.run(arguments + ["--offline", "--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try !run.json().isEmpty)
    }

    /// A later wpnews may have changed the state's tables: this one must neither read them as
    /// its own nor start the file again (that would lose what the user read and hid), and
    /// the packaged install's test relies on the file staying as it was.
    @Test func aStateWrittenByANewerWpnewsIsLeftAsItWasAndTheCommandSaysToUpgrade() async throws {
        let home = try TestSites.freshHome()
        let directory = home + "/.local/state/wpnews"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let state = directory + "/state.sqlite"
        try await DatabaseQueue(path: state).writeWithoutTransaction { db in
            try db.execute(sql: """
                PRAGMA journal_mode = WAL;
                CREATE TABLE storyMark (site TEXT NOT NULL, storyId INTEGER NOT NULL, kind TEXT NOT NULL);
                INSERT INTO storyMark VALUES ('https://news.example.org/wp-json/', 12, 'read');
                PRAGMA user_version = 99;
                """)
        }
        let before = try Data(contentsOf: URL(filePath: state))

        let run = try await CommandRun.run(["read", "-n", "1"], environment: ["HOME": home])

        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("newer wpnews") && run.stderr.contains("upgrade wpnews"))
        #expect(try Data(contentsOf: URL(filePath: state)) == before)
        let besideIt = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(besideIt.allSatisfy { $0.hasPrefix("state.sqlite") && !$0.contains("damaged") })
    }

    /// The old cache's list keys ("latest#2/10") and featured note ("tag:Featured") become columns.
    @Test func theListsOfAnOldCacheKeepTheirPagesAndTheFeaturedListItsTag() throws {
        let store = StoryStore(database: Self.database(try Self.homeWithFixtures()))
        let site = try #require(try store.siteID(root: APIRoot(discovered: Self.root)))
        let featured = try #require(try store.listing(site: site, query: ListKey(family: "featured?tag=featured", page: 1, perPage: 10)))
        #expect(featured.record.featuredSource(tagSlug: "featured") == .tag(name: "Featured", slug: "featured"))
        let second = try #require(try store.listing(site: site, query: ListKey(family: "latest", page: 2, perPage: 10)))
        #expect(second.record.featuredSource(tagSlug: nil) == nil)
        #expect(second.stories.count == 10)
    }

    static func database(_ home: String) -> AppDatabase {
        AppDatabase.open(AppDatabase.Files(cache: home + "/.cache/wpnews/wpnews.sqlite", state: home + "/.local/state/wpnews/state.sqlite"),
                         notice: { Issue.record("unexpected notice: \($0)") })
    }
}
