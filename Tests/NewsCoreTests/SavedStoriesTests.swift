import Foundation
import GRDB
import Synchronization
import Testing
@testable import NewsCore
@testable import WordPressAPI

/// Saved stories are the user's: kept in the state store with their articles, so neither
/// `cache clear`, pruning nor a damaged cache takes them, and every list marks them.
@Suite struct SavedStoriesTests {
    static let root = StoreTests.root.description
    static let now = StoreTests.now

    /// Stories 1 and 2 of the store's site listed, and story 1 saved with its article.
    func storeWithASavedStory(_ database: AppDatabase) throws -> (StoryStore, Int64) {
        let store = StoryStore(database: database)
        let site = try store.register(root: StoreTests.root, address: "news.example.org")
        try store.save(FetchedPage(posts: [try StoreTests.post(1), try StoreTests.post(2)], names: StoreTests.names(), total: 2, totalPages: 1),
                       site: site, query: StoreTests.list("latest"), at: Self.now)
        let story = try #require(try store.listing(site: site, query: StoreTests.list("latest"))?.stories.first)
        try SavedStories(database: database).keep(SavedStory(siteRoot: Self.root, siteName: "ledger", story: story,
                                                              html: "<p>Kept for good.</p>", savedAt: Self.now))
        return (store, site)
    }

    func expectKept(_ database: AppDatabase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let kept = try SavedStories(database: database).all()
        #expect(kept.map(\.story.id) == [1], sourceLocation: sourceLocation)
        #expect(kept.first?.html == "<p>Kept for good.</p>" && kept.first?.story.title == "Story ‘1’", sourceLocation: sourceLocation)
        #expect(kept.first?.story.author?.name == "Jane Okafor" && kept.first?.siteName == "ledger", sourceLocation: sourceLocation)
    }

    @Test func everyListMarksASavedStory() throws {
        let (store, site) = try storeWithASavedStory(try .inMemory())
        let states = try #require(try store.listing(site: site, query: StoreTests.list("latest"))).stories.map(\.state.isSaved)
        #expect(states == [true, false])
    }

    @Test func aSavedStoryOutlivesCacheClear() throws {
        let database = try AppDatabase.inMemory()
        let (store, _) = try storeWithASavedStory(database)
        try CacheMaintenance(database: database).clear()
        try expectKept(database)
        // Listed again, it is still marked.
        let again = try store.register(root: StoreTests.root, address: nil)
        try store.save(FetchedPage(posts: [try StoreTests.post(1)], names: StoreTests.names(), total: 1, totalPages: 1),
                       site: again, query: StoreTests.list("latest"), at: Self.now)
        #expect(try store.listing(site: again, query: StoreTests.list("latest"))?.stories.map(\.state.isSaved) == [true])
    }

    @Test func aSavedStoryOutlivesPruning() throws {
        let database = try AppDatabase.inMemory()
        let (store, site) = try storeWithASavedStory(database)
        // Stories 1 and 2 leave the list, and are pruned as old, unread and in no list.
        try store.save(FetchedPage(posts: [try StoreTests.post(3)], names: StoreTests.names(), total: 1, totalPages: 1),
                       site: site, query: StoreTests.list("latest"), at: Self.now)
        let pruned = try CacheMaintenance(database: database).prune(fetchedBefore: Self.now.addingTimeInterval(86_400))
        #expect(pruned.stories == 2, "the cache lost both stories")
        try expectKept(database)
    }

    @Test func aSavedStoryOutlivesADamagedCache() throws {
        let files = try AppDatabase.Files.inNewFolder()
        _ = try storeWithASavedStory(AppDatabase.open(files) { Issue.record("notice: \($0)") })
        // The database above is closed once the store lets go of it: the cache is whole on disk.
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: files.cache + suffix) }
        try Data(repeating: 0x5A, count: 64 * 1024).write(to: URL(filePath: files.cache))
        let notices = Mutex<[String]>([])
        let reopened = AppDatabase.open(files) { line in notices.withLock { $0.append(line) } }
        try expectKept(reopened)
        #expect(try reopened.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM story") } == 0, "the cache was started again")
        let said = notices.withLock { $0 }
        #expect(said.contains { $0.contains("damaged") }, "\(said)")
    }

    @Test func forgettingASavedStoryTakesItsMarkToo() throws {
        let database = try AppDatabase.inMemory()
        let (store, site) = try storeWithASavedStory(database)
        #expect(try SavedStories(database: database).forget(root: Self.root, storyID: 1))
        #expect(try !SavedStories(database: database).forget(root: Self.root, storyID: 1), "not saved any more")
        #expect(try SavedStories(database: database).all().isEmpty)
        #expect(try store.listing(site: site, query: StoreTests.list("latest"))?.stories.map(\.state.isSaved) == [false, false])
    }
}
