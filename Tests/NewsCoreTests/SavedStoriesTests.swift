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

    /// The saved stories live in the state file: a damaged one set aside takes them along, and
    /// the notice says so and where they are; a damaged cache's notice says they are kept.
    @Test func theDamagedStatesNoticeSaysWhereTheSavedStoriesAre() throws {
        let files = try AppDatabase.Files.inNewFolder()
        _ = try storeWithASavedStory(AppDatabase.open(files) { Issue.record("notice: \($0)") })
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: files.state + suffix) }
        try Data(repeating: 0x5A, count: 64 * 1024).write(to: URL(filePath: files.state))
        let notices = Mutex<[String]>([])
        let reopened = AppDatabase.open(files) { line in notices.withLock { $0.append(line) } }
        #expect(try SavedStories(database: reopened).all().isEmpty, "the new state starts empty")
        let said = try #require(notices.withLock { $0 }.first { $0.contains("reading state") }, "\(notices.withLock { $0 })")
        let aside = try #require(try FileManager.default.contentsOfDirectory(atPath: (files.state as NSString).deletingLastPathComponent)
            .first { $0.hasPrefix("state.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })
        #expect(said.contains("saved stories") && said.contains(aside), "\(said)")
        #expect(!said.contains("\n"), "one line")

        try Data(repeating: 0x5A, count: 64 * 1024).write(to: URL(filePath: files.cache))
        let cacheNotices = Mutex<[String]>([])
        _ = AppDatabase.open(files) { line in cacheNotices.withLock { $0.append(line) } }
        let cacheSaid = cacheNotices.withLock { $0 }
        #expect(cacheSaid.count == 1 && cacheSaid[0].contains("saved stories are kept"), "\(cacheSaid)")
    }

    @Test func forgettingASavedStoryTakesItsMarkToo() throws {
        let database = try AppDatabase.inMemory()
        let (store, site) = try storeWithASavedStory(database)
        #expect(try SavedStories(database: database).forget(root: Self.root, storyID: 1)?.html == "<p>Kept for good.</p>")
        #expect(try SavedStories(database: database).forget(root: Self.root, storyID: 1) == nil, "not saved any more")
        #expect(try SavedStories(database: database).all().isEmpty)
        #expect(try store.listing(site: site, query: StoreTests.list("latest"))?.stories.map(\.state.isSaved) == [false, false])
    }
}

/// `saved --export`: one HTML file in which nothing from a server is markup of its own.
@Suite struct SavedExportTests {
    @Test func serverStringsAreEscapedAndArticlesAllowListed() {
        let story = Story(id: 9, slug: "s9", title: "<b onmouseover=\"x()\">\"Boss\" & co</b>", link: "javascript:alert(1)",
                          date: Date(timeIntervalSince1970: 1_795_359_600), modified: Date(timeIntervalSince1970: 1_795_359_600),
                          author: Author(id: 0, name: "<i>Eve</i>", slug: ""), categories: [], tags: [], excerpt: "", sticky: false, featuredImage: nil)
        let saved = SavedStory(siteRoot: "https://news.example.org/wp-json/", siteName: "</small><script>x()</script>", story: story,
                               html: "<p>Hi <a href=\"story-2/\">next</a></p><script>alert(1)</script>",
                               savedAt: Date(timeIntervalSince1970: 1_795_359_600))
        let document = SavedExport.document([saved])
        #expect(document.contains("<h2>&lt;b onmouseover=&quot;x()&quot;&gt;&quot;Boss&quot; &amp; co&lt;/b&gt;</h2>"), "no link: not http(s)\n\(document)")
        #expect(document.contains("<p><small>&lt;/small&gt;&lt;script&gt;x()&lt;/script&gt; · 2026-11-22T15:00:00Z · &lt;i&gt;Eve&lt;/i&gt;</small></p>"), "\(document)")
        #expect(document.contains("<p>Hi next</p>"), "a relative link against a page that is not http(s) is dropped: \(document)")
        #expect(!document.contains("<script") && !document.contains("javascript:"))
    }

    @Test func relativeLinksAreReadAgainstTheStorysPage() {
        let story = Story(id: 9, slug: "s9", title: "T", link: "https://news.example.org/2026/s9/", date: Date(timeIntervalSince1970: 0),
                          modified: Date(timeIntervalSince1970: 0), author: nil, categories: [], tags: [], excerpt: "", sticky: false, featuredImage: nil)
        let document = SavedExport.document([SavedStory(siteRoot: "r", siteName: "ledger", story: story, html: "<a href=\"../s8/\">before</a>",
                                                        savedAt: Date(timeIntervalSince1970: 0))])
        #expect(document.contains("<h2><a href=\"https://news.example.org/2026/s9/\">T</a></h2>"))
        // Dot segments stay as written (`WebAddress.resolve`): servers read them the same.
        #expect(document.contains("<a href=\"https://news.example.org/2026/s9/../s8/\">before</a>"), "\(document)")
    }
}
