import Foundation
import GRDB
import Testing
@testable import NewsCore
@testable import WordPressAPI

/// The cache over an in-memory SQLite database.
@Suite struct StoreTests {
    static let root = APIRoot(base: "https://news.example.org/wp-json/", style: .path)
    static let now = Date(timeIntervalSince1970: 1_795_359_600)

    static func post(_ id: Int, modified: String = "2026-11-20T10:00:00", author: Int = 2, tags: [Int] = [7], featuredMedia: Int = 0) throws -> WPPost {
        let json = """
            {"id":\(id),"slug":"story-\(id)","link":"https://news.example.org/story-\(id)/","title":{"rendered":"Story &#8216;\(id)&#8217;"},
             "excerpt":{"rendered":"<p>About \(id).</p>"},"date_gmt":"2026-11-20T09:00:00","modified_gmt":"\(modified)",
             "author":\(author),"featured_media":\(featuredMedia),"sticky":false,"categories":[3],"tags":\(tags)}
            """
        return try PostsJSON.post(Data(json.utf8))
    }

    static func names() -> StoryNames {
        var names = StoryNames()
        names.authors[2] = Author(id: 2, name: "Jane Okafor", slug: "jane")
        names.categories[3] = Category(id: 3, name: "City Hall", slug: "city-hall", parent: nil)
        names.tags[7] = Tag(id: 7, name: "Ferry", slug: "ferry")
        return names
    }

    /// The first page of a list of `family`, 10 a page.
    static func list(_ family: String) -> ListKey {
        ListKey(family: family, page: 1, perPage: 10)
    }

    func store() throws -> (StoryStore, Int64) {
        let store = StoryStore(database: try .inMemory())
        return (store, try store.register(root: Self.root, address: "news.example.org"))
    }

    @Test func aStoryFetchedTwiceIsOneRowUpdated() throws {
        let (store, site) = try store()
        try store.save(FetchedPage(posts: [try Self.post(1)], names: Self.names(), total: 1, totalPages: 1), site: site, query: Self.list("a"), at: Self.now)
        try store.save(FetchedPage(posts: [try Self.post(1, modified: "2026-11-21T10:00:00")], names: Self.names(), total: 1, totalPages: 1),
                       site: site, query: Self.list("b"), at: Self.now)
        let count = try store.database.read { try StoryRecord.fetchCount($0) }
        #expect(count == 1)
        let listing = try #require(try store.listing(site: site, query: Self.list("a")))
        #expect(listing.stories.first?.title == "Story ‘1’")
        #expect(listing.stories.first?.modified == GMTDate.parse("2026-11-21T10:00:00"))
        #expect(listing.stories.first?.author?.name == "Jane Okafor")
        #expect(listing.stories.first?.tags.map(\.name) == ["Ferry"])
    }

    @Test func contentIsKeptOnlyWhileModifiedStaysTheSame() throws {
        let (store, site) = try store()
        let page = FetchedPage(posts: [try Self.post(1)], names: Self.names(), total: 1, totalPages: 1)
        try store.save(page, site: site, query: Self.list("a"), at: Self.now)
        try store.database.write { try $0.execute(sql: "UPDATE story SET content = '<p>text</p>'") }
        try store.save(page, site: site, query: Self.list("a"), at: Self.now)
        #expect(try store.database.read { try String.fetchOne($0, sql: "SELECT content FROM story") } == "<p>text</p>")
        try store.save(FetchedPage(posts: [try Self.post(1, modified: "2026-11-22T08:00:00")], names: Self.names(), total: 1, totalPages: 1),
                       site: site, query: Self.list("a"), at: Self.now)
        #expect(try store.database.read { try String.fetchOne($0, sql: "SELECT content FROM story") } == nil)
    }

    @Test func seenStoriesAreNeitherNewNorUpdatedUntilTheyChange() throws {
        let (store, site) = try store()
        try store.save(FetchedPage(posts: [try Self.post(1), try Self.post(2)], names: Self.names(), total: 2, totalPages: 1),
                       site: site, query: Self.list("latest"), at: Self.now)
        let first = try #require(try store.listing(site: site, query: Self.list("latest"))).stories
        #expect(first.allSatisfy { $0.state == ReadingState(isNew: true) })
        try ReadingMarks(database: store.database).markSeen(first, site: site, at: Self.now)
        try ReadingMarks(database: store.database).set(.read, on: [2], root: Self.root.description, at: Self.now)
        #expect(try store.listing(site: site, query: Self.list("latest"))?.stories.map(\.state)
            == [ReadingState(), ReadingState(isRead: true)])

        try store.save(FetchedPage(posts: [try Self.post(1, modified: "2026-11-22T12:00:00"), try Self.post(2)], names: Self.names(), total: 2, totalPages: 1),
                       site: site, query: Self.list("latest"), at: Self.now)
        #expect(try store.listing(site: site, query: Self.list("latest"))?.stories.map(\.state)
            == [ReadingState(isUpdated: true), ReadingState(isRead: true)])
    }

    /// A feed's items go in together with their content: each is searchable, and one the feed
    /// gives again unmodified without content keeps what it had (a newer one loses it).
    @Test func aFeedsItemsAreStoredWithTheirContentAndIndexed() throws {
        let (store, site) = try store()
        func item(_ id: Int, modified: String = "2026-11-20T10:00:00", content: String?) throws -> WPPost {
            let post = try Self.post(id, modified: modified)
            return WPPost(id: post.id, slug: post.slug, link: post.link, title: post.title, excerpt: post.excerpt, dateGMT: post.dateGMT,
                          modifiedGMT: post.modifiedGMT, author: post.author, categories: post.categories, tags: post.tags,
                          content: content.map { RenderedContent(html: $0) })
        }
        let items = [try item(1, content: "<p>A heron on the quay.</p>"), try item(2, content: "<p>The ferry runs late.</p>")]
        try store.saveChanges(FetchedPage(posts: items, names: Self.names(), total: nil, totalPages: nil), site: site, at: Self.now, withContent: true)
        #expect(try store.search("heron", site: site, limit: 10).stories.map(\.id) == [1])
        #expect(try store.search("ferry", site: site, limit: 10).stories.map(\.id) == [2])
        #expect(try store.storyRecords(site: site, ids: [1])[1]?.contentFetchedAt == Self.now)

        let later = Self.now.addingTimeInterval(60)
        let again = [try item(1, content: nil), try item(2, modified: "2026-11-21T10:00:00", content: nil)]
        try store.saveChanges(FetchedPage(posts: again, names: Self.names(), total: nil, totalPages: nil), site: site, at: later, withContent: true)
        let records = try store.storyRecords(site: site, ids: [1, 2])
        #expect(records[1]?.content == "<p>A heron on the quay.</p>" && records[1]?.contentFetchedAt == Self.now)
        #expect(records[2]?.content == nil && records[2]?.contentFetchedAt == nil)
        #expect(records[2]?.fetchedAt == later)
        #expect(try store.search("ferry", site: site, limit: 10).stories.isEmpty)
        #expect(try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM story") } == 2)
    }

    @Test func aListKeepsTheOrderTheSiteGave() throws {
        let (store, site) = try store()
        let posts = try [5, 3, 9, 1].map { try Self.post($0) }
        try store.save(FetchedPage(posts: posts, names: Self.names(), total: 40, totalPages: 10), site: site, query: Self.list("q"), featuredSource: .tag(name: "Featured", slug: "featured"), at: Self.now)
        let listing = try #require(try store.listing(site: site, query: Self.list("q")))
        #expect(listing.stories.map(\.id) == [5, 3, 9, 1])
        #expect(listing.record.total == 40 && listing.record.totalPages == 10 && listing.record.featuredSource(tagSlug: "featured") == .tag(name: "Featured", slug: "featured"))
    }

    @Test func anAddressIsRememberedForItsSite() throws {
        let (store, site) = try store()
        #expect(try store.site(forAddress: "news.example.org")?.id == site)
        #expect(try store.site(forAddress: "news.example.org")?.root == Self.root)
        #expect(try store.site(forAddress: "elsewhere.example.org") == nil)
        #expect(try store.register(root: Self.root, address: "https://news.example.org/a-post/") == site)
    }

    @Test func pruningDropsOnlyOldUnlistedUnreadStories() throws {
        let (store, site) = try store()
        let old = Self.now.addingTimeInterval(-40 * 86_400)
        try store.save(FetchedPage(posts: try [1, 2, 3].map { try Self.post($0) }, names: Self.names(), total: 3, totalPages: 1),
                       site: site, query: Self.list("old"), at: old)
        try ReadingMarks(database: store.database).set(.read, on: [2], root: Self.root.description, at: old)
        // Story 3 is still in a list; 1 and 2 are not.
        try store.save(FetchedPage(posts: [try Self.post(3)], names: Self.names(), total: 1, totalPages: 1), site: site, query: Self.list("old"), at: old)
        let pruned = try CacheMaintenance(database: store.database).prune(fetchedBefore: Self.now.addingTimeInterval(-30 * 86_400))
        #expect(pruned.stories == 1 && pruned.ofWebFeeds == 0)
        #expect(try store.database.read { try Int.fetchAll($0, sql: "SELECT id FROM story ORDER BY id") } == [2, 3])
    }

    /// Two items of a web feed whose keys hash to the same id: the second seen takes the next
    /// number, and each keeps its number whatever order they come in later, and after the
    /// cache is cleared (the numbers are kept with the user's marks).
    @Test func aWebFeedItemsCollidingIdIsResolvedOnceAndForAll() throws {
        let (store, _) = try store()
        var byID: [Int: String] = [:]
        var pair: (String, String)?
        for index in 0..<100_000 where pair == nil {
            let key = "item-\(index)"
            if let other = byID[FeedIDs.short(key)] { pair = (other, key) } else { byID[FeedIDs.short(key)] = key }
        }
        let (first, second) = try #require(pair)
        let given = try store.feedItems(forKeys: [first, second], site: Self.root, at: Self.now)
        #expect(given[first]?.id == FeedIDs.short(first) && given[second]?.id == FeedIDs.nextShort(after: FeedIDs.short(first)))
        try CacheMaintenance(database: store.database).clear()
        let again = try store.feedItems(forKeys: [second, first], site: Self.root, at: Self.now.addingTimeInterval(60))
        #expect(again == given, "the same numbers and first sights")
    }

    /// A date stored as text would compare wrongly with the numbers every query binds.
    @Test func everyWriteStoresDatesAsNumbers() throws {
        let (store, site) = try store()
        var names = Self.names()
        names.images[4] = StoryImage(url: "https://news.example.org/a.jpg", renditions: [ImageRendition(address: "https://news.example.org/a-300x200.jpg", width: 300)])
        try store.save(FetchedPage(posts: [try Self.post(1), try Self.post(2)], names: names, total: 2, totalPages: 1),
                       site: site, query: Self.list("latest"), at: Self.now)
        let stories = try #require(try store.listing(site: site, query: Self.list("latest"))).stories
        try ReadingMarks(database: store.database).markSeen(stories, site: site, at: Self.now)
        try ReadingMarks(database: store.database).set(.read, on: [1], root: Self.root.description, at: Self.now)
        try ReadingMarks(database: store.database).set(.hidden, on: [2], root: Self.root.description, at: Self.now)
        try store.saveArticle(try SearchIndexTests.item(1, content: RenderedContent(html: "<p>Text</p>")), names: names, site: site, at: Self.now)
        try store.saveAllTerms([TermRecord(siteId: site, taxonomy: .tag, id: 8, name: "Ferries", slug: "ferries", fetchedAt: Self.now)],
                               .tag, site: site, at: Self.now)
        let page = try JSONDecoder().decode(WPPage.self, from: Data("""
            {"id":5,"slug":"about","link":"https://news.example.org/about/","title":{"rendered":"About"},
             "parent":0,"menu_order":0,"modified_gmt":"2026-11-20T10:00:00"}
            """.utf8))
        try store.savePages([page], site: site, complete: true, at: Self.now)
        try store.saveCatchUp(FetchedPage(posts: [try Self.post(3)], names: names, total: 3, totalPages: 1),
                              listed: [3, 1, 2], changesSince: Self.now, site: site, query: Self.list("latest"), at: Self.now)
        var cursor = WatchCursor(startedAt: Self.now)
        cursor.checkedRemovedAt = Self.now
        try WatchCursors(database: store.database).commit(site: Self.root.description, cursor: cursor, delivered: [(id: 1, modified: Self.now)],
                                                          removed: [], at: Self.now)
        _ = try store.feedItems(forKeys: ["an item of a web feed"], site: Self.root, at: Self.now)
        try SavedStories(database: store.database).keep(SavedStory(siteRoot: Self.root.description, siteName: "news", story: stories[0],
                                                                  html: "<p>Text</p>", savedAt: Self.now))

        try store.database.read { db in
            // Every DATETIME column of every table, as the schema says, not a list kept by hand.
            let dateColumns = try Row.fetchAll(db, sql: """
                SELECT m.name AS tableName, p.name AS columnName FROM sqlite_master m, pragma_table_info(m.name) p
                WHERE m.type = 'table' AND p.type = 'DATETIME'
                """)
            // And the user's state, whose dates are REAL columns.
            let stateColumns = try Row.fetchAll(db, sql: """
                SELECT 'state.' || m.name AS tableName, p.name AS columnName FROM state.sqlite_master m, pragma_table_info(m.name, 'state') p
                WHERE m.type = 'table' AND p.type = 'REAL'
                """)
            #expect(dateColumns.count == 12 && stateColumns.count == 14)
            for column in dateColumns + stateColumns {
                let (table, name): (String, String) = (column["tableName"], column["columnName"])
                #expect(try Int.fetchOne(db, sql: "SELECT count(\(name)) FROM \(table)")! > 0, "\(table).\(name) was written")
                let texts = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE typeof(\(name)) = 'text'")
                #expect(texts == 0, "\(table).\(name)")
            }
        }
        #expect(try store.knownNames(site: site, fetchedSince: Self.now.addingTimeInterval(-1)).authors[2]?.name == "Jane Okafor")
        #expect(try store.knownNames(site: site, fetchedSince: Self.now.addingTimeInterval(1)).authors.isEmpty)
    }

    /// Caches written before v4 held GRDB's text dates; they read back as the same instants,
    /// and their reading state moves to the user's own store (v8).
    @Test func textDatesOfOlderCachesBecomeNumbers() throws {
        let queue = try AppDatabase.connect(cache: nil, state: ":memory:")
        try Schema.migrate(queue, through: "v3: full-text search of cached stories")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO site (id, apiRoot) VALUES (1, 'https://news.example.org/wp-json/')")
            try db.execute(sql: """
                INSERT INTO story (siteId, id, slug, title, link, date, modified, authorId, categoryIds, tagIds, excerpt, sticky,
                                   featuredMediaId, content, contentFetchedAt, fetchedAt)
                VALUES (1, 1, 's', 'Ferry', 'https://news.example.org/s/', '2026-11-20 09:00:00.000', '2026-11-20 10:30:15.250',
                        2, '[3]', '[7,8]', '', 0, 0, NULL, NULL, '2026-11-22 08:00:00.000')
                """)
            try db.execute(sql: "INSERT INTO storyState (siteId, storyId, firstSeenAt, seenModified, readAt) VALUES (1, 1, '2026-11-21 00:00:00.000', '2026-11-20 10:30:15.250', NULL)")
        }
        let store = StoryStore(database: try AppDatabase(migrated: queue))
        let record = try #require(try store.article(site: 1, id: 1)).record
        #expect(record.date == GMTDate.parse("2026-11-20T09:00:00"))
        #expect(record.modified.timeIntervalSince1970 == GMTDate.parse("2026-11-20T10:30:15")!.timeIntervalSince1970 + 0.25)
        #expect(record.tagIds == [7, 8])
        #expect(try store.article(site: 1, id: 1)?.story.state == ReadingState(), "seen at the same modified time: not updated")
        // DATETIME columns have NUMERIC affinity: whole seconds are kept as integers.
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT typeof(fetchedAt) FROM story") } == "integer")
        #expect(try store.search("ferry", site: 1, limit: 5).stories.map(\.id) == [1], "the search index followed the update")
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT site FROM state.storyState") } == "https://news.example.org/wp-json/")
    }

    static let bridge = StoryImage(url: "https://news.example.org/up/bridge.jpg", renditions: [
        ImageRendition(address: "https://news.example.org/up/bridge-300x169.jpg", width: 300),
        ImageRendition(address: "https://news.example.org/up/bridge 768.jpg", width: 768),
        ImageRendition(address: "https://news.example.org/up/bridge.jpg", width: 1600),
    ])

    @Test func aFeaturedImagesSizesComeBackFromTheCache() throws {
        let (store, site) = try store()
        var names = Self.names()
        // A line break would split the stored line: that address is not kept.
        names.images[4] = StoryImage(url: Self.bridge.url, renditions: Self.bridge.renditions + [ImageRendition(address: "https://x\n1 y", width: 2)])
        try store.save(FetchedPage(posts: [try Self.post(1, featuredMedia: 4)], names: names, total: 1, totalPages: 1),
                       site: site, query: Self.list("latest"), at: Self.now)
        let listed = try #require(try store.listing(site: site, query: Self.list("latest"))?.stories.first)
        #expect(listed.featuredImage == Self.bridge.url)
        #expect(listed.featuredImageRenditions == Self.bridge.renditions)
        #expect(try store.article(site: site, id: 1)?.story.featuredImageRenditions == Self.bridge.renditions)
    }

    /// A cache from before v9 has no sizes for the images it named: they show at full size
    /// until they are named again.
    @Test func anOlderCachesImagesGainTheirSizesWhenNamedAgain() throws {
        let queue = try AppDatabase.connect(cache: nil, state: ":memory:")
        try Schema.migrate(queue, through: "v8: reading state moves to the user's own store")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO site (id, apiRoot) VALUES (1, 'https://news.example.org/wp-json/')")
            try db.execute(sql: """
                INSERT INTO story (siteId, id, slug, title, link, date, modified, authorId, categoryIds, tagIds, excerpt, sticky,
                                   featuredMediaId, content, contentFetchedAt, fetchedAt)
                VALUES (1, 1, 's', 'Ferry', 'https://news.example.org/s/', 1795338000, 1795338000, 2, '[3]', '[7]', '', 0, 4, NULL, NULL, 1795338000);
                INSERT INTO media (siteId, id, url, fetchedAt) VALUES (1, 4, 'https://news.example.org/up/bridge.jpg', 1795338000);
                """)
        }
        let store = StoryStore(database: try AppDatabase(migrated: queue))
        let old = try #require(try store.article(site: 1, id: 1)).story
        #expect(old.featuredImage == Self.bridge.url && old.featuredImageRenditions.isEmpty)
        var names = StoryNames()
        names.images[4] = Self.bridge
        try store.save(names, site: 1, at: Self.now)
        #expect(try store.article(site: 1, id: 1)?.story.featuredImageRenditions == Self.bridge.renditions)
    }

    /// The bundled demo is a cache written by an earlier schema: it opens, migrated, and its
    /// featured images are still named.
    @Test func theBundledDemoStillOpens() throws {
        let bundled = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Resources/demo/demo.sqlite").standardized
        let copy = FileManager.default.temporaryDirectory.appending(path: "wpnews-demo-\(UUID().uuidString).sqlite").path
        try FileManager.default.copyItem(atPath: bundled.path, toPath: copy)
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) } }
        let database = try AppDatabase(migrated: try AppDatabase.connect(cache: copy, state: ":memory:"))
        let row = try #require(try database.read { try Row.fetchOne($0, sql: "SELECT siteId, id FROM story WHERE featuredMediaId IN (SELECT id FROM media)") })
        let story = try #require(try StoryStore(database: database).article(site: row["siteId"], id: row["id"])).story
        #expect(story.featuredImage?.hasSuffix(".png") == true)
        #expect(try database.read { try Int.fetchOne($0, sql: "SELECT count(renditions) FROM media") } != nil, "the sizes have their column")
    }

    /// Clearing the cache forgets stories, not what the user did with them.
    @Test func readingStateOutlivesTheCache() throws {
        let (store, site) = try store()
        let root = Self.root.description
        try store.save(FetchedPage(posts: [try Self.post(1), try Self.post(2)], names: Self.names(), total: 2, totalPages: 1),
                       site: site, query: Self.list("q"), at: Self.now)
        try ReadingMarks(database: store.database).markSeen(try #require(try store.listing(site: site, query: Self.list("q"))).stories, site: site, at: Self.now)
        try ReadingMarks(database: store.database).set(.read, on: [1], root: root, at: Self.now)
        try ReadingMarks(database: store.database).set(.hidden, on: [2], root: root, at: Self.now)
        try CacheMaintenance(database: store.database).clear()
        #expect(try ReadingMarks(database: store.database).hiddenStories(root: root) == [HiddenStory(id: 2, story: nil, hiddenAt: Self.now)])
        let again = try store.register(root: Self.root, address: nil)
        try store.save(FetchedPage(posts: [try Self.post(1), try Self.post(2)], names: Self.names(), total: 2, totalPages: 1),
                       site: again, query: Self.list("q"), at: Self.now)
        #expect(try store.listing(site: again, query: Self.list("q"))?.stories.map(\.state)
            == [ReadingState(isRead: true), ReadingState(isHidden: true)])
        #expect(try ReadingMarks(database: store.database).hiddenStories(root: root).map(\.story?.id) == [2])
    }

    /// Offline, a page another page size fetched stands in for the page asked for.
    @Test func aPageIsCutFromACachedPageThatHoldsIt() throws {
        let (store, site) = try store()
        let posts = try (1...25).map { try Self.post($0) }
        try store.save(FetchedPage(posts: posts, names: Self.names(), total: 25, totalPages: 1), site: site,
                       query: ListKey(family: "latest", page: 1, perPage: 100), at: Self.now)
        let second = try #require(try store.coveringListing(site: site, family: "latest", page: 2, perPage: 10))
        #expect(second.stories.map(\.id) == Array(11...20))
        #expect(second.record.total == 25 && second.record.totalPages == 3)
        #expect(try store.coveringListing(site: site, family: "latest", page: 3, perPage: 10)?.stories.map(\.id) == Array(21...25))
        #expect(try store.coveringListing(site: site, family: "latest", page: 4, perPage: 10) == nil, "past the end")
        #expect(try store.coveringListing(site: site, family: "latest-other", page: 1, perPage: 10) == nil)
    }

    @Test func clearingASiteLeavesTheOthers() throws {
        let (store, site) = try store()
        let other = try store.register(root: APIRoot(base: "https://other.example.org/wp-json/", style: .path), address: nil)
        for id in [site, other] {
            try store.save(FetchedPage(posts: [try Self.post(1)], names: Self.names(), total: 1, totalPages: 1), site: id, query: Self.list("q"), at: Self.now)
        }
        let maintenance = CacheMaintenance(database: store.database)
        #expect(try maintenance.clear(site: "news.example.org") == 1)
        #expect(try maintenance.summary().map(\.apiRoot) == ["https://other.example.org/wp-json/"])
        #expect(try maintenance.clear() == 1)
        #expect(try maintenance.summary().isEmpty)
    }

    /// A state from a newer wpnews stops every use, also when the cache cannot be used and
    /// the state would otherwise be opened on its own.
    @Test func aNewerStateIsRefusedAlsoWhenTheCacheCannotBeUsed() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "wpnews-newer-\(UUID().uuidString)").path
        // A directory where the cache file should be: SQLite cannot open it.
        try FileManager.default.createDirectory(atPath: directory + "/cache.sqlite", withIntermediateDirectories: true)
        try DatabaseQueue(path: directory + "/state.sqlite").writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 99") }
        let before = try Data(contentsOf: URL(filePath: directory + "/state.sqlite"))
        let database = AppDatabase.open(AppDatabase.Files(cache: directory + "/cache.sqlite", state: directory + "/state.sqlite"),
                                        notice: { Issue.record("unexpected notice: \($0)") })
        #expect(throws: NewsError.stateFromNewerWpnews(path: directory + "/state.sqlite")) {
            try database.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
        }
        #expect(try Data(contentsOf: URL(filePath: directory + "/state.sqlite")) == before)
    }

    /// What the cache learnt about a site (its terms and pages fetched in full, its heaviest
    /// tags, that it ignores `modified_after`) goes with the site, and stays for the others.
    @Test func clearingASiteClearsWhatWasLearntAboutIt() throws {
        let (store, site) = try store()
        let other = try store.register(root: APIRoot(base: "https://other.example.org/wp-json/", style: .path), address: nil)
        for id in [site, other] {
            try store.saveAllTerms([TermRecord(siteId: id, taxonomy: .category, id: 3, name: "City Hall", slug: "city-hall", fetchedAt: Self.now)],
                                   .category, site: id, at: Self.now)
            try store.saveHeaviestTags([Tag(id: 7, name: "Ferry", slug: "ferry", count: 4)], siteTotal: 9, site: id, at: Self.now)
            try store.savePages([], site: id, complete: true, at: Self.now)
            try store.rememberIgnoresModifiedAfter(site: id)
        }
        try CacheMaintenance(database: store.database).clear(site: "news.example.org")

        let left = try store.database.read { db in
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM main.sqlite_master WHERE type = 'table' AND EXISTS (SELECT 1 FROM pragma_table_info(name) WHERE name = 'siteId')
                """)
            let rows = try tables.map { try Int.fetchOne(db, sql: "SELECT count(*) FROM \"\($0)\" WHERE siteId = ?", arguments: [site]) ?? 0 }
            let notes = try Int.fetchOne(db, sql: "SELECT count(*) FROM meta WHERE key LIKE '%:' || ?", arguments: [site]) ?? 0
            return rows.reduce(notes, +)
        }
        #expect(left == 0)
        #expect(try store.allTerms(.category, site: other)?.terms.map(\.slug) == ["city-hall"])
        #expect(try store.heaviestTags(site: other, covering: .heaviest(1))?.tags.tags.map(\.slug) == ["ferry"])
        #expect(try store.pagesList(site: other) != nil)
        #expect(try store.ignoresModifiedAfter(site: other))
    }
}

@Suite struct SettingsTests {
    func temporaryPath(_ name: String = "config.toml") -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-settings-\(UUID().uuidString)/\(name)").path
    }

    @Test func sitesRoundTripThroughTheirFile() throws {
        var sites = FollowedSites()
        try sites.add(name: "campus", url: "https://news.example.org", apiRoot: StoreTests.root)
        try sites.add(name: "club", url: "club.example.org", apiRoot: APIRoot(base: "https://club.example.org/", style: .query))
        #expect(sites.defaultName == "campus", "the first site added is the default")
        let path = temporaryPath("sites.toml")
        try sites.save(path: path)
        let loaded = try FollowedSites.load(path: path, config: temporaryPath(), settings: Settings()) { _ in }
        #expect(loaded == sites)
        #expect(loaded.sites["club"]?.apiRoot == "https://club.example.org/?rest_route=/")
    }

    @Test func removingTheDefaultPicksAnother() throws {
        var sites = FollowedSites()
        try sites.add(name: "a", url: "https://a.example.org", apiRoot: StoreTests.root)
        try sites.add(name: "b", url: "https://b.example.org", apiRoot: APIRoot(base: "https://b.example.org/wp-json/", style: .path))
        try sites.remove(name: "a")
        #expect(sites.defaultName == "b")
        #expect(throws: SettingsError.unknownSite("a", known: ["b"])) { try sites.makeDefault(name: "a") }
        #expect(throws: SettingsError.nameTaken("b")) { try sites.add(name: "b", url: "x", apiRoot: StoreTests.root) }
        #expect(throws: SettingsError.badName("my site")) { try sites.add(name: "my site", url: "x", apiRoot: StoreTests.root) }
        #expect(throws: SettingsError.badName("-x")) { try sites.add(name: "-x", url: "x", apiRoot: StoreTests.root) }
        #expect(throws: SettingsError.urlTaken("https://b.example.org", name: "b")) {
            try sites.add(name: "c", url: "https://b.example.org", apiRoot: StoreTests.root)
        }
        #expect(throws: SettingsError.urlTaken("b.example.org", name: "b"), "the same API root under another address") {
            try sites.add(name: "c", url: "b.example.org", apiRoot: APIRoot(base: "https://b.example.org/wp-json/", style: .path))
        }
    }

    /// wpnews before 0.2 kept the sites in config.toml; they move to sites.toml once, and
    /// the user's file keeps every other byte.
    @Test func sitesInTheConfigMoveOutOnceLeavingTheRestAsItWas() throws {
        let config = temporaryPath()
        let sitesFile = (config as NSString).deletingLastPathComponent + "/sites.toml"
        try FileManager.default.createDirectory(atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let before = """
            # My wpnews settings.
            default_site = "campus"   # the paper
            [freshness]
            # Lists go stale fast on a news day.
            lists_minutes = 2
            [sites.campus]
            url = "https://news.example.org"
            api_root = "https://news.example.org/wp-json/"

            # Not a wpnews key, but mine.
            [my_notes]
            colour = "blue"
            """
        try before.write(toFile: config, atomically: true, encoding: .utf8)
        var notices: [String] = []
        let sites = try FollowedSites.load(path: sitesFile, config: config, settings: try Settings.load(path: config)) { notices.append($0) }
        #expect(sites.names == ["campus"] && sites.defaultName == "campus")
        #expect(sites.sites["campus"]?.apiRoot == "https://news.example.org/wp-json/")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == """
            # My wpnews settings.
            [freshness]
            # Lists go stale fast on a news day.
            lists_minutes = 2

            # Not a wpnews key, but mine.
            [my_notes]
            colour = "blue"
            """)
        #expect(notices.count == 1)
        #expect(try Settings.load(path: config).freshness.lists == 120)
        // From now on sites.toml is the one read; the config is not touched again.
        let again = try FollowedSites.load(path: sitesFile, config: config, settings: try Settings.load(path: config)) { notices.append($0) }
        #expect(again == sites && notices.count == 1)
    }

    /// TOML may quote any key: the move takes out the sites however the keys were written,
    /// as TOMLKit read them, and the file is not warned about again.
    @Test func quotedSitesKeysInTheConfigMoveOutToo() throws {
        let config = temporaryPath()
        let sitesFile = (config as NSString).deletingLastPathComponent + "/sites.toml"
        try FileManager.default.createDirectory(atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try """
            "default_site" = "campus"
            [freshness]
            lists_minutes = 2
            [ "sites" . 'campus' ]
            url = "https://news.example.org"
            """.write(toFile: config, atomically: true, encoding: .utf8)
        var notices: [String] = []
        let sites = try FollowedSites.load(path: sitesFile, config: config, settings: try Settings.load(path: config)) { notices.append($0) }
        #expect(sites.names == ["campus"] && sites.defaultName == "campus")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "[freshness]\nlists_minutes = 2")
        _ = try FollowedSites.load(path: sitesFile, config: config, settings: try Settings.load(path: config)) { notices.append($0) }
        #expect(notices.count == 1, "\(notices)")
    }

    @Test func freshnessComesFromTheFile() throws {
        let path = temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "[freshness]\nlists_minutes = 1\nterms_hours = 2\n\n[cache]\nprune_after_days = 7\n".write(toFile: path, atomically: true, encoding: .utf8)
        let settings = try Settings.load(path: path)
        #expect(settings.freshness == Freshness(lists: 60, content: 86_400, terms: 7_200))
        #expect(settings.pruneAfter == 7 * 86_400)
    }

    /// Writes `text` as a configuration file and reads it back.
    private func settings(from text: String) throws -> Settings {
        let path = temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try Settings.load(path: path)
    }

    @Test func keysAreOneNameOrAListOfNamesAsWritten() throws {
        let settings = try settings(from: """
            [keys]
            down = ["j", "down", "wheel-down"]
            refresh = "ctrl-r"
            bottom = "G"
            no_such_action = "x"
            hide = []
            """)
        #expect(settings.keys == Settings.KeySettings(bindings: [
            "down": ["j", "down", "wheel-down"], "refresh": ["ctrl-r"], "bottom": ["G"], "no_such_action": ["x"], "hide": [],
        ]))
    }

    /// A wrong entry is reported and the rest of the file still counts, `[keys]` included.
    @Test func aBadKeyEntryLeavesTheRestOfTheConfiguration() throws {
        let settings = try settings(from: """
            [freshness]
            lists_minutes = 1

            [keys]
            up = "k"
            down = 3
            top = ["g", 1]
            quit = true

            [keys.bottom]
            key = "G"
            """)
        #expect(settings.freshness.lists == 60)
        #expect(settings.keys.bindings == ["up": ["k"]])
        #expect(settings.keys.badEntries == ["bottom", "down", "quit", "top"].map {
            "keys.\($0): not a key name or a list of them, such as \"j\" or [\"j\", \"down\"]; the default stays"
        })
    }

    @Test func keysThatAreNoTableAreReportedNotFatal() throws {
        let settings = try settings(from: "keys = \"j\"\n\n[cache]\nprune_after_days = 7\n")
        #expect(settings.pruneAfter == 7 * 86_400)
        #expect(settings.keys.bindings.isEmpty)
        #expect(settings.keys.badEntries == ["keys: not a table of actions and their keys (write [keys], then lines such as down = \"j\"); the defaults stay"])
    }

    @Test func aBrokenFileSaysWhereAndWhat() throws {
        let path = temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // A mistake is kept to its section: that one keeps its defaults, the others are read.
        try "[freshness]\nlists_minutes = \"soon\"\n[images]\nmode = \"bogus\"\n[cache]\nprune_after_days = 7\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let settings = try Settings.load(path: path)
        #expect(settings.invalidSections == [
            .freshness: "'freshness.lists_minutes' is missing or has the wrong type",
            .images: "'images.mode' must be auto, kitty, sixel, iterm, symbols or none",
        ])
        #expect(settings.freshness == Freshness() && settings.images == nil && settings.pruneAfter == 7 * 86_400)
        try "default_site = [".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SettingsError.self) { try Settings.load(path: path) }
    }

    @Test func noFileIsAnEmptyConfiguration() throws {
        #expect(try Settings.load(path: temporaryPath()) == Settings())
    }

    @Test func theSiteComesFromTheOptionThenTheEnvironmentThenTheDefaultThenTheDemo() throws {
        var sites = FollowedSites()
        try sites.add(name: "campus", url: "https://news.example.org", apiRoot: StoreTests.root)
        let campus = SiteChoice(address: "https://news.example.org", knownRoot: StoreTests.root, label: "campus")
        #expect(try SiteSelection.resolve(option: "campus", environment: "https://x.org", sites: sites) == .site(campus, name: "campus"))
        #expect(try SiteSelection.resolve(option: "https://y.org", environment: nil, sites: sites) == .site(SiteChoice(address: "https://y.org"), name: nil))
        #expect(try SiteSelection.resolve(option: nil, environment: "https://x.org", sites: sites) == .site(SiteChoice(address: "https://x.org"), name: nil))
        #expect(try SiteSelection.resolve(option: nil, environment: nil, sites: sites) == .site(campus, name: "campus"))
        #expect(try SiteSelection.resolve(option: nil, environment: "", sites: FollowedSites()) == .demo)
    }

    @Test func aMistypedNameIsNotLookedUpAsAHost() throws {
        var sites = FollowedSites()
        try sites.add(name: "campus", url: "https://news.example.org", apiRoot: StoreTests.root)
        #expect(throws: SettingsError.unknownSite("campsu", known: ["campus"])) {
            try SiteSelection.resolve(option: "campsu", environment: nil, sites: sites)
        }
        #expect(try SiteSelection.resolve(option: "localhost", environment: nil, sites: sites) == .site(SiteChoice(address: "localhost"), name: nil))
        #expect(try SiteSelection.resolve(option: "127.0.0.1:8090", environment: nil, sites: sites)
            == .site(SiteChoice(address: "127.0.0.1:8090"), name: nil))
        let missing = FollowedSites(sites: sites.sites, defaultName: "gone")
        #expect(throws: SettingsError.missingDefault("gone", known: ["campus"])) {
            try SiteSelection.resolve(option: nil, environment: nil, sites: missing)
        }
    }

    /// A sites.toml without a `default` line: the only site followed is the one read; of
    /// several, none is picked behind the user's back, nor the demo shown instead.
    @Test func withoutADefaultTheOnlySiteIsReadAndSeveralAskForOne() throws {
        var one = FollowedSites()
        try one.add(name: "campus", url: "https://news.example.org", apiRoot: StoreTests.root)
        let campus = SiteChoice(address: "https://news.example.org", knownRoot: StoreTests.root, label: "campus")
        #expect(try SiteSelection.resolve(option: nil, environment: nil, sites: FollowedSites(sites: one.sites)) == .site(campus, name: "campus"))
        var two = one
        try two.add(name: "club", url: "club.example.org", apiRoot: APIRoot(base: "https://club.example.org/wp-json/", style: .path))
        do {
            let chosen = try SiteSelection.resolve(option: nil, environment: nil, sites: FollowedSites(sites: two.sites))
            Issue.record("several sites and no default read \(chosen.label)")
        } catch {
            #expect(error.description.contains("choose one with `wpnews sites default NAME`") && error.description.contains("campus, club"),
                    "\(error)")
        }
    }

    /// `all` means every site in `--sites all`: a site of that name could not be chosen alone.
    @Test func allCannotNameASite() {
        #expect(throws: SettingsError.badName("all")) { try FollowedSites().checkNew(name: "all", url: "https://x.org") }
        #expect(SettingsError.badName("all").description.contains("'all' means every followed site"))
    }

    @Test func severalSitesAreAllOrNamesEachFollowedInTheOrderGiven() throws {
        var sites = FollowedSites()
        try sites.add(name: "campus", url: "https://news.example.org", apiRoot: StoreTests.root)
        try sites.add(name: "club", url: "club.example.org", apiRoot: APIRoot(base: "https://club.example.org/wp-json/", style: .path))
        #expect(try SiteSelection.resolveMany("all", sites: sites).map(\.label) == ["campus", "club"])
        #expect(try SiteSelection.resolveMany("club, campus,club", sites: sites).map(\.label) == ["club", "campus"])
        #expect(throws: SettingsError.unknownSite("clu", known: ["campus", "club"])) { try SiteSelection.resolveMany("campus,clu", sites: sites) }
        #expect(throws: SettingsError.unknownSite(",", known: ["campus", "club"])) { try SiteSelection.resolveMany(",", sites: sites) }
        #expect(throws: SettingsError.noSitesFollowed) { try SiteSelection.resolveMany("all", sites: FollowedSites()) }
    }

    @Test func aStoryURLNamesItsOwnSite() throws {
        var sites = FollowedSites()
        try sites.add(name: "campus", url: "https://news.example.org", apiRoot: StoreTests.root)
        try sites.add(name: "club", url: "club.example.org", apiRoot: APIRoot(base: "https://club.example.org/wp-json/", style: .path))
        #expect(SiteSelection.forStoryURL("https://club.example.org/?p=1148", sites: sites).label == "club")
        #expect(SiteSelection.forStoryURL("https://NEWS.example.org/some-slug/", sites: sites).label == "campus")
        #expect(SiteSelection.forStoryURL("http://other.example.org/some-slug/", sites: sites)
            == .site(SiteChoice(address: "http://other.example.org/some-slug/"), name: nil))
    }
}

@Suite struct CacheSearchTests {
    @Test func cachedStoriesAreSearchedByWordPrefixTitlesFirst() throws {
        let store = StoryStore(database: try .inMemory())
        let site = try store.register(root: StoreTests.root, address: nil)
        let json = """
            [{"id":1,"slug":"a","link":"l","title":{"rendered":"Ferry timetable"},"excerpt":{"rendered":"The council voted."},
              "date_gmt":"2026-11-20T09:00:00","modified_gmt":"2026-11-20T09:00:00","author":2,"featured_media":0,"sticky":false,"categories":[],"tags":[]},
             {"id":2,"slug":"b","link":"l","title":{"rendered":"Council approves the budget"},"excerpt":{"rendered":"Café owners cheer."},
              "date_gmt":"2026-11-19T09:00:00","modified_gmt":"2026-11-19T09:00:00","author":2,"featured_media":0,"sticky":false,"categories":[],"tags":[]}]
            """
        let posts = try PostsJSON.posts(Data(json.utf8))
        try store.save(FetchedPage(posts: posts, names: StoreTests.names(), total: 2, totalPages: 1), site: site, query: StoreTests.list("q"), at: StoreTests.now)
        #expect(try store.search("coun", site: site, limit: 10).stories.map(\.id) == [2, 1], "the title match first")
        #expect(try store.search("cafe", site: site, limit: 10).stories.map(\.id) == [2], "accents folded")
        #expect(try store.search("ferry council", site: site, limit: 10).stories.map(\.id) == [1], "every word")
        #expect(try store.search("\" OR * NEAR(", site: site, limit: 10).stories.isEmpty, "no FTS syntax from the user")
        #expect(try store.search("zebra", site: site, limit: 10) .searched == 2)
    }

    /// A story saved again is re-indexed only when its words change, and then fully.
    @Test func theIndexFollowsChangedWordsAndContent() throws {
        let store = StoryStore(database: try .inMemory())
        let site = try store.register(root: StoreTests.root, address: nil)
        func page(_ title: String, content: String = "") throws -> FetchedPage {
            let post = try PostsJSON.post(Data("""
                {"id":1,"slug":"a","link":"l","title":{"rendered":"\(title)"},"excerpt":{"rendered":"Harbour news."},
                 "date_gmt":"2026-11-20T09:00:00","modified_gmt":"2026-11-20T09:00:00","author":2,"featured_media":0,"sticky":false,"categories":[],"tags":[]
                 \(content.isEmpty ? "" : #","content":{"rendered":"\#(content)"}"#)}
                """.utf8))
            return FetchedPage(posts: [post], names: StoreTests.names(), total: 1, totalPages: 1)
        }
        try store.save(try page("Ferry timetable"), site: site, query: StoreTests.list("q"), at: StoreTests.now)
        try store.save(try page("Ferry timetable"), site: site, query: StoreTests.list("q"), at: StoreTests.now.addingTimeInterval(60))
        #expect(try store.search("ferry", site: site, limit: 10).stories.map(\.id) == [1], "saved twice, found once")
        try store.save(try page("Bridge closed"), site: site, query: StoreTests.list("q"), at: StoreTests.now)
        #expect(try store.search("ferry", site: site, limit: 10).stories.isEmpty, "the old title is forgotten")
        #expect(try store.search("bridge", site: site, limit: 10).stories.map(\.id) == [1])
        let read = try page("Bridge closed", content: "<p>Lighthouse keepers</p>")
        try store.saveArticle(read.posts[0], names: read.names, site: site, at: StoreTests.now)
        #expect(try store.search("lighthouse", site: site, limit: 10).stories.map(\.id) == [1], "content is indexed when read")
        #expect(try store.search("harbour", site: site, limit: 10).stories.map(\.id) == [1])
    }
}
