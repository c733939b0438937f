import Foundation
import GRDB
import Synchronization
import Testing
import TestHTTPServer
import WordPressAPI
@testable import HTTPClient
@testable import NewsCore

/// The content manager against a stand-in WordPress that replays recorded answers.
@Suite struct SiteContentTests {
    static let http = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 5, retry: .never))

    /// Routes answered from `Tests/Fixtures/wordpress`; `overrides` changes single routes.
    static func site(
        _ overrides: @escaping @Sendable (String, TestRequest) -> TestResponse? = { _, _ in nil }
    ) throws -> TestHTTPServer {
        try FakeWordPress.start { route, request in
            if let answer = overrides(route, request) { return answer }
            switch route {
            case "/wp/v2/posts":
                return request.query["page"] == "1"
                    ? try? WordPressFixture.response("posts-page1.json")
                    : try? WordPressFixture.response("posts-page-past-end.json", status: 400)
            case "/wp/v2/users": return try? WordPressFixture.response("users.json")
            case "/wp/v2/categories": return try? WordPressFixture.response("categories.json")
            case "/wp/v2/media": return try? WordPressFixture.response("media.json")
            case "/wp/v2/tags":
                return request.query["slug"] == "featured"
                    ? try? WordPressFixture.response("tag-featured.json")
                    : try? WordPressFixture.response("tags.json")
            default: return nil
            }
        }
    }

    @Test func aSummaryIsNamedFromNamesFetchedAlongsideTheList() async throws {
        // The site's authors and categories arrive with the list; nothing waits for it.
        let server = try Self.site { route, request in
            switch (route, request.query["include"]) {
            case ("/wp/v2/users", nil): try? WordPressFixture.response("users.json")
            case ("/wp/v2/categories", nil): try? WordPressFixture.response("categories.json")
            default: nil
            }
        }
        let list = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).latest(detail: .summary)
        #expect(list.stories.first?.author?.name == "Jane Okafor")
        #expect(list.stories.first?.categories.map(\.name) == ["City Hall"])
        #expect(list.stories.allSatisfy { $0.tags.isEmpty && $0.featuredImage == nil })
        #expect(server.requests.allSatisfy { $0.query["include"] == nil }, "\(server.requests.map(\.target))")
        #expect(server.requests.allSatisfy { !$0.path.hasSuffix("/tags") && !$0.path.hasSuffix("/media") })
    }

    @Test func latestNamesAuthorsCategoriesTagsAndImagesWithOneRequestPerKind() async throws {
        let server = try Self.site()
        let list = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).latest()
        #expect(list.stories.count == 10)
        #expect(list.total == 49 && list.totalPages == 5 && list.hasNextPage)
        let first = try #require(list.stories.first)
        #expect(first.title == "Live: council votes on the ferry contract")
        #expect(first.author?.name == "Jane Okafor")
        #expect(first.categories.map(\.name) == ["City Hall"])
        #expect(first.tags.count == 4)
        #expect(first.excerpt.hasPrefix("We are in the council chamber, where the ten-year ferry contract is the first item on tonight’s agenda."))
        #expect(list.stories.contains { $0.featuredImage?.hasSuffix(".png") == true })

        let routes = server.requests.map(\.path)
        #expect(routes.filter { $0 == "/wp-json/wp/v2/posts" }.count == 1)
        for kind in ["users", "categories", "tags", "media"] {
            #expect(routes.filter { $0 == "/wp-json/wp/v2/\(kind)" }.count == 1, "\(kind)")
        }
        let postsQuery = try #require(server.requests.first { $0.path == "/wp-json/wp/v2/posts" }?.query)
        #expect(postsQuery["ignore_sticky"] == "true")
        #expect(postsQuery["_fields"]?.split(separator: ",").contains("content") == false)
    }

    @Test func aLaterPageAsksOnlyForTheTagsAndPicturesTheCacheDoesNotHoldFresh() async throws {
        // Both pages list the same posts: the second names only tags and pictures the first did.
        let server = try Self.site { route, _ in route == "/wp/v2/posts" ? try? WordPressFixture.response("posts-page1.json") : nil }
        let now = Mutex(Date())
        let database = try AppDatabase.inMemory()
        let content = SiteContent(site: SiteChoice(address: server.baseURL), database: database, http: Self.http, clock: { now.withLock { $0 } })
        func names(ofPage page: Int) async throws -> (tags: Int, media: Int, named: Bool) {
            let before = server.requests.count
            let list = try await content.latest(page: page)
            let routes = server.requests.dropFirst(before).map(\.path)
            return (routes.filter { $0.hasSuffix("/tags") }.count, routes.filter { $0.hasSuffix("/media") }.count,
                    list.stories.first?.tags.count == 4 && list.stories.contains { $0.featuredImage != nil })
        }
        let first = try await names(ofPage: 1)
        #expect(first.tags == 1 && first.media == 1 && first.named)
        let cost = WarmListCostTests.SQLCost()
        try WarmListCostTests.watch(database, into: cost)
        let second = try await names(ofPage: 2)
        try WarmListCostTests.stopWatching(database)
        #expect(second.tags == 0 && second.media == 0 && second.named, "\(second)")
        // Looked up once, by id, for the request and the page shown alike.
        let termReads = cost.statements.withLock { $0.filter { $0.sql.contains("FROM term") } }
        #expect(termReads.count == 1, "\(termReads.map(\.sql))")
        // A day on, the names are asked for again, as the authors and categories are.
        now.withLock { $0 += 25 * 3_600 }
        let later = try await names(ofPage: 3)
        #expect(later.tags == 1 && later.media == 1 && later.named, "\(later)")
    }

    @Test func featuredAsksForTheTaggedPosts() async throws {
        let server = try Self.site()
        let featured = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).featured()
        guard case .tag(let name, "featured") = featured.source else {
            Issue.record("expected the featured tag, got \(featured.source)")
            return
        }
        #expect(name == "Featured")
        let tagID = try WordPressFixture.text("tag-featured.json").firstMatch(of: /"id": (\d+)/).map { String($0.1) }
        #expect(server.requests.last { $0.path == "/wp-json/wp/v2/posts" }?.query["tags"] == tagID)
    }

    @Test func featuredFallsBackToStickyPostsWhenTheTagIsMissing() async throws {
        let server = try Self.site { route, request in
            route == "/wp/v2/tags" && (request.query["slug"] ?? request.query["search"]) != nil ? .json("[]") : nil
        }
        let featured = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).featured()
        #expect(featured.source == .sticky(missingTag: "featured", tagExists: false))
        #expect(server.requests.last { $0.path == "/wp-json/wp/v2/posts" }?.query["sticky"] == "true")
    }

    @Test func theFeaturedTagCanBeNamedByItsName() async throws {
        let server = try Self.site { route, request in
            guard route == "/wp/v2/tags" else { return nil }
            if request.query["slug"] != nil { return .json("[]") }
            return request.query["search"] == "top stories"
                ? .json("[{\"id\":9,\"name\":\"Top Stories\",\"slug\":\"top\",\"count\":4},{\"id\":10,\"name\":\"Top stories archive\",\"slug\":\"top-archive\",\"count\":9}]")
                : nil
        }
        let featured = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http)
            .featured(tagSlug: "top stories")
        #expect(featured.source == .tag(name: "Top Stories", slug: "top stories"))
        #expect(server.requests.last { $0.path == "/wp-json/wp/v2/posts" }?.query["tags"] == "9")
    }

    @Test func featuredFallsBackWhenTheTagHoldsNoPosts() async throws {
        let server = try Self.site { route, request in
            route == "/wp/v2/tags" && request.query["slug"] != nil
                ? .json("[{\"id\":9,\"name\":\"Featured\",\"slug\":\"featured\",\"count\":0}]") : nil
        }
        let featured = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).featured()
        #expect(featured.source == .sticky(missingTag: "featured", tagExists: true))
    }

    @Test func pagesComeInMenuOrderLiveAndCached() async throws {
        // WordPress orders by menu_order alone: pages that share one come in no set order.
        let pages = [(7, "Zoning", 0, 0), (3, "About", 0, 0), (9, "Staff", 2, 3), (5, "Archive", 1, 0)].map { id, title, order, parent in
            #"{"id":\#(id),"slug":"p\#(id)","link":"https://example.org/p\#(id)/","title":{"rendered":"\#(title)"},"parent":\#(parent),"menu_order":\#(order),"modified_gmt":"2026-01-01T00:00:00"}"#
        }
        let server = try Self.site { route, _ in route == "/wp/v2/pages" ? .json("[" + pages.joined(separator: ",") + "]") : nil }
        let content = SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http)
        let live = try await content.pages().map(\.title)
        let cached = try await content.pages().map(\.title)
        #expect(server.requests.filter { $0.path.hasSuffix("/pages") }.count == 1, "the second list came from the cache")
        #expect(live == ["About", "Zoning", "Archive", "Staff"], "menu order, then title")
        #expect(cached == live)
    }

    /// Whether the stand-in site answers 503 from now on.
    final class Outage: Sendable {
        private let down = Mutex(false)
        var isDown: Bool { down.withLock { $0 } }
        func begin() { down.withLock { $0 = true } }
    }

    /// Each copy served in place of the site is reported once: a long app session asks again
    /// and again, and what it was told before is not kept for ever.
    @Test func copiesServedAreReportedOnceAndNotKept() async throws {
        let outage = Outage()
        let server = try Self.site { route, _ in
            route == "/wp/v2/pages" ? (outage.isDown ? .status(503) : .json(#"[{"id":3,"slug":"about","link":"https://example.org/about/","title":{"rendered":"About"},"parent":0,"menu_order":0,"modified_gmt":"2026-01-01T00:00:00"}]"#)) : nil
        }
        let content = SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).refreshing()
        _ = try await content.pages()
        #expect(content.copiesServed().isEmpty, "the site answered")
        outage.begin()
        #expect(try await content.pages().map(\.title) == ["About"], "the copy stands in for the site")
        #expect(content.copiesServed().count == 1)
        #expect(content.copiesServed().isEmpty, "reported once")
        _ = try await content.pages()
        #expect(content.copiesServed().count == 1, "only the copy served since")
    }

    @Test func aPostPasswordTravelsInTheBodyNeverInTheAddress() async throws {
        // Addresses end up in server logs, proxies and caches: the password must not be in one.
        let secret = "heron1911"
        @Sendable func post(_ content: String) -> String {
            #"{"id":64,"slug":"qa","link":"https://example.org/qa/","title":{"rendered":"Q&amp;A"},"excerpt":{"rendered":"","protected":true},"date_gmt":"2026-01-01T00:00:00","modified_gmt":"2026-01-01T00:00:00","author":1,"featured_media":0,"sticky":false,"categories":[],"tags":[],"content":{"rendered":"\#(content)","protected":true}}"#
        }
        let server = try Self.site { route, request in
            let unlocked = String(decoding: request.body, as: UTF8.self).contains(secret)
            switch route {
            case "/wp/v2/posts/64": return .json(post(unlocked ? "<p>The crossword moved.</p>" : ""))
            case "/wp/v2/comments": return unlocked ? .json("[]") : .json(#"{"code":"rest_cannot_read_post","message":"no","data":{"status":401}}"#, status: 401)
            default: return nil
            }
        }
        let content = SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http)
        let article = try await content.article(.id(64), password: secret)
        #expect(article.html.contains("crossword"))
        #expect(try await content.comments(for: article.story, password: secret).isEmpty)
        #expect(server.requests.allSatisfy { !$0.target.contains(secret) }, "\(server.requests.map(\.target))")
    }

    @Test func aPagePastTheEndSaysHowManyPagesThereAre() async throws {
        let server = try Self.site()
        await #expect(throws: NewsError.pageOutOfRange(page: 9, totalPages: 5)) {
            try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).latest(page: 9)
        }
    }

    @Test func aSiteThatHidesItsUsersStillLists() async throws {
        let server = try Self.site { route, _ in
            route == "/wp/v2/users"
                ? .json("{\"code\":\"rest_user_cannot_view\",\"message\":\"Sorry, you are not allowed to list users.\",\"data\":{\"status\":401}}", status: 401)
                : nil
        }
        let list = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).latest()
        #expect(list.stories.count == 10)
        #expect(list.stories.allSatisfy { $0.author == nil })
    }

    @Test func aHomeURLGoesStraightToWPJSONWithoutDiscovery() async throws {
        let server = try Self.site()
        _ = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).latest()
        #expect(server.requests.allSatisfy { $0.path.hasPrefix("/wp-json/wp/v2/") })
    }

    @Test func anyOtherURLIsDiscoveredOncePerManager() async throws {
        let server = try Self.site()
        let manager = SiteContent(site: SiteChoice(address: server.url("/2026/11/a-post/")), database: try AppDatabase.inMemory(), http: Self.http)
        async let first = manager.latest()
        async let second = manager.featured()
        _ = try await (first, second)
        #expect(server.requests.filter { !$0.path.hasPrefix("/wp-json") }.map(\.method) == ["HEAD"])
    }

    @Test func aHomeURLWhoseWPJSONIsNotTheAPIIsDiscovered() async throws {
        // A site without pretty permalinks: /wp-json/ is a 404 page, the API is at ?rest_route=.
        let server = try TestHTTPServer { request in
            guard let route = request.query["rest_route"] else {
                return .html("<html>not found</html>", status: 404)
            }
            return route == "/" ? .json("{\"namespaces\":[\"wp/v2\"]}") : FakeWordPress.collection("[]", total: 0, totalPages: 0)
        }
        let list = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).latest()
        #expect(list.stories.isEmpty)
        #expect(server.requests.contains { $0.query["rest_route"] == "/wp/v2/posts" })
    }

    @Test func anEmptySiteIsAnEmptyListNotAnError() async throws {
        let server = try Self.site { route, _ in
            route == "/wp/v2/posts" ? FakeWordPress.collection("[]", total: 0, totalPages: 0) : nil
        }
        let list = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http).latest()
        #expect(list.stories.isEmpty && !list.hasNextPage)
        #expect(server.requests.allSatisfy { $0.query["include"] == nil }, "no names to look up")
    }

    /// What the site answers in the catch-up tests: to `modified_after`, a post of the page
    /// retitled (52) and an old post edited (30, too old for the page); to `after`, a
    /// scheduled post (57) that WordPress published without a new modified time.
    static func changes() throws -> (edited: String, published: String) {
        let page = try #require(try JSONSerialization.jsonObject(with: Data(WordPressFixture.text("posts-page1.json").utf8)) as? [[String: Any]])
        var scheduled = page[0], retitled = page[4], old = page[9]
        scheduled["id"] = 57
        (scheduled["date_gmt"], scheduled["modified_gmt"]) = ("2026-11-22T11:00:00", "2026-11-22T08:00:00")
        retitled["title"] = ["rendered": "Retitled"]
        retitled["modified_gmt"] = "2026-11-22T11:05:00"
        old["id"] = 30
        (old["date_gmt"], old["modified_gmt"]) = ("2026-06-01T08:00:00", "2026-11-22T11:10:00")
        let json = { (posts: [[String: Any]]) in String(decoding: try JSONSerialization.data(withJSONObject: posts), as: UTF8.self) }
        return (try json([retitled, old]), try json([scheduled]))
    }

    @Test func aStaleFirstPageCatchesUpWithOnlyTheChangedPosts() async throws {
        let (edited, published) = try Self.changes()
        let server = try Self.site { route, request in
            guard route == "/wp/v2/posts" else { return nil }
            if request.query["modified_after"] != nil { return FakeWordPress.collection(edited, total: 2, totalPages: 1) }
            if request.query["after"] != nil { return FakeWordPress.collection(published, total: 1, totalPages: 1) }
            return nil
        }
        let now = Mutex(Date(timeIntervalSince1970: 1_795_348_800))  // 2026-11-22 12:00 UTC
        let database = try AppDatabase.inMemory()
        let manager = SiteContent(site: SiteChoice(address: server.baseURL), database: database, http: Self.http, clock: { now.withLock { $0 } })
        let postRequests = { server.requests.filter { $0.path == "/wp-json/wp/v2/posts" }.map(\.query) }

        let first = try await manager.latest(detail: .summary)
        #expect(first.stories.map(\.id) == Array((47...56).reversed()))
        // Another command (`read`) brings a story of the page up to a later edit: the list
        // must still ask for what changed since its own newest change.
        let later = now.withLock { $0 }.stored
        try database.write { try $0.execute(sql: "UPDATE story SET modified = ? WHERE id = 56", arguments: [later]) }
        now.withLock { $0 += 10 * 60 }
        let caughtUp = try await manager.latest(detail: .summary)
        let changeRequests = postRequests().dropFirst()
        #expect(changeRequests.count == 2)
        #expect(changeRequests.contains { $0["modified_after"] == "2026-11-22T09:59:00Z" }, "a second before the list's newest change")
        #expect(changeRequests.contains { $0["after"] == "2026-11-22T09:48:00Z" }, "a second before its newest post")
        #expect(caughtUp.stories.map(\.id) == Array((48...57).reversed()), "the scheduled post leads, the oldest leaves the page")
        #expect(caughtUp.stories.first { $0.id == 52 }?.title == "Retitled")
        #expect(caughtUp.total == 50 && caughtUp.totalPages == 5, "one post joined the list")
        #expect(caughtUp.origin == .network)
        #expect(try await manager.latest(detail: .summary).origin == .cache(fetchedAt: now.withLock { $0 }), "fresh again")

        // An hour after the last full fetch only a full fetch will do (deleted posts).
        now.withLock { $0 += 3600 }
        _ = try await manager.latest(detail: .summary)
        #expect(postRequests().count == 4)
        #expect(postRequests().last?["modified_after"] == nil && postRequests().last?["after"] == nil)
    }

    /// WordPress before 5.7 ignores `modified_after`: noticed once, then lists are fetched in full.
    @Test func aSiteThatIgnoresModifiedAfterIsFetchedInFull() async throws {
        let server = try Self.site()
        let now = Mutex(Date(timeIntervalSince1970: 1_795_348_800))
        let manager = SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: Self.http,
                                     clock: { now.withLock { $0 } })
        let postRequests = { server.requests.filter { $0.path == "/wp-json/wp/v2/posts" }.map(\.query) }
        _ = try await manager.latest(detail: .summary)
        now.withLock { $0 += 10 * 60 }
        let list = try await manager.latest(detail: .summary)
        #expect(list.stories.map(\.id) == Array((47...56).reversed()))
        #expect(postRequests().filter { $0["modified_after"] != nil }.count == 1)
        #expect(postRequests().last?["modified_after"] == nil, "then the page in full")
        now.withLock { $0 += 10 * 60 }
        _ = try await manager.latest(detail: .summary)
        #expect(postRequests().filter { $0["modified_after"] != nil }.count == 1, "not asked again")
    }

    @Test func refreshAndLaterPagesAreFetchedInFull() async throws {
        let server = try Self.site { route, request in
            route == "/wp/v2/posts" && request.query["page"] == "2" ? try? WordPressFixture.response("posts-page1.json") : nil
        }
        let now = Mutex(Date(timeIntervalSince1970: 1_795_348_800))
        let database = try AppDatabase.inMemory()
        let manager = { (mode: FetchMode) in
            SiteContent(site: SiteChoice(address: server.baseURL), database: database, http: Self.http, mode: mode, clock: { now.withLock { $0 } })
        }
        _ = try await manager(.normal).latest(detail: .summary)
        _ = try await manager(.normal).latest(page: 2, detail: .summary)
        now.withLock { $0 += 10 * 60 }
        _ = try await manager(.refresh).latest(detail: .summary)
        _ = try await manager(.normal).latest(page: 2, detail: .summary)
        let queries = server.requests.filter { $0.path == "/wp-json/wp/v2/posts" }.map(\.query)
        #expect(queries.map { $0["page"] } == ["1", "2", "1", "2"])
        #expect(queries.allSatisfy { $0["modified_after"] == nil })
    }

    /// `--after 3d` from cron names a new window every run: the cache keeps one dated listing
    /// of a list, not one a run, and pruning lets go of a dated listing and of the stories only
    /// it named once it is as old as the stories pruned.
    @Test func aListKeepsOneDatedListingWhichPruningDrops() async throws {
        let server = try Self.site()
        let now = Date(timeIntervalSince1970: 1_795_348_800)
        let database = try AppDatabase.inMemory()
        for days in [3.0, 2.0] {
            let window = DateWindow(after: now.addingTimeInterval(-days * 86_400))
            _ = try await SiteContent(site: SiteChoice(address: server.baseURL), database: database, http: Self.http, clock: { now })
                .stories(ListQuery.latest(page: 1, perPage: 10).within(window), detail: .summary)
        }
        let dated = { try database.read { try String.fetchAll($0, sql: "SELECT family FROM listing WHERE family LIKE 'latest|%'") } }
        let windows = try dated()
        #expect(windows.count == 1, "\(windows)")
        let stories = { try database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM story") ?? 0 } }
        #expect(try stories() == 10)
        try CacheMaintenance(database: database).prune(fetchedBefore: now.addingTimeInterval(60))
        #expect(try dated().isEmpty)
        #expect(try stories() == 0, "no other list names them")
    }
}

@Suite struct StoryJSONTests {
    @Test func everyKeyIsPresentAndDatesAreUTCWithZ() async throws {
        let server = try SiteContentTests.site()
        let list = try await SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: SiteContentTests.http).latest(perPage: 10)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(list.stories.map(StoryJSON.init)), as: UTF8.self)
        #expect(json.contains("\"date\":\"2026-11-22T09:48:01Z\""))
        #expect(json.contains("\"featured_image\":null"))
        #expect(json.contains("\"author\":\"Jane Okafor\""))
    }
}

/// Read and hidden: the user's marks, set through the content manager and kept apart from the cache.
@Suite struct StoryMarkTests {
    /// A manager on the fake site; `knownRoot`, as for a followed site, so the site's marks
    /// can be found with the cache cleared.
    static func manager(
        _ server: TestHTTPServer, database: AppDatabase, mode: FetchMode = .normal, clock: @escaping @Sendable () -> Date = Date.init
    ) -> SiteContent {
        let site = SiteChoice(address: server.baseURL, knownRoot: APIRoot(base: server.baseURL + "/wp-json/", style: .path))
        return SiteContent(site: site, database: database, http: SiteContentTests.http, mode: mode, clock: clock)
    }

    @Test func aHiddenStoryLeavesEveryListAndSearchUntilUnhidden() async throws {
        let server = try SiteContentTests.site()
        let database = try AppDatabase.inMemory()
        let manager = Self.manager(server, database: database)
        let before = try await manager.latest(detail: .summary)
        #expect(before.hiddenCount == 0)
        // The first story is the one that matches "council" in the cache's own search.
        let (first, second) = (before.stories[0], before.stories[1])
        try manager.setHidden(first, true)
        try manager.setHidden(second, true)

        let latest = try await manager.latest(detail: .summary)
        #expect(latest.stories.map(\.id) == before.stories.dropFirst(2).map(\.id))
        #expect(latest.hiddenCount == 2)
        #expect(latest.total == before.total && latest.totalPages == before.totalPages, "the site's totals stay the site's")
        let lists = [
            try await manager.featured(detail: .summary).list,
            try await manager.stories(.category(ids: [3], page: 1, perPage: 10), detail: .summary),
            try await manager.stories(.author(id: 2, page: 1, perPage: 10), detail: .summary),
        ]
        for list in lists {
            #expect(!list.stories.contains { $0.id == first.id || $0.id == second.id } && list.hiddenCount == 2)
        }
        let storyIDs = { (results: SearchResults) in
            results.hits.compactMap { hit -> Int? in if case .story(let story) = hit { story.id } else { nil } }
        }
        let search = try await manager.search("ferry", detail: .summary)
        #expect(storyIDs(search) == before.stories.dropFirst(2).map(\.id) && search.hiddenCount == 2)
        let offline = try await Self.manager(server, database: database, mode: .offline).search("council", detail: .summary)
        #expect(!storyIDs(offline).contains(first.id) && offline.hiddenCount == 1, "the cache's own search leaves it out too")

        try manager.setHidden(first, false)
        let after = try await manager.latest(detail: .summary)
        #expect(after.stories.map(\.id) == [first.id] + before.stories.dropFirst(2).map(\.id), "back in its place")
        #expect(after.hiddenCount == 1 && after.stories.allSatisfy { !$0.state.isHidden })
    }

    @Test func hiddenStoriesAreListedLatestFirstAndOutliveTheCache() async throws {
        let server = try SiteContentTests.site()
        let database = try AppDatabase.inMemory()
        let now = Mutex(Date(timeIntervalSince1970: 1_795_348_800))
        let manager = Self.manager(server, database: database, clock: { now.withLock { $0 } })
        let stories = try await manager.latest(detail: .summary).stories
        for story in stories.prefix(3) {
            try manager.setHidden(story, true)
            now.withLock { $0 += 60 }
        }
        try manager.setHidden(stories[1], false)
        let hidden = try manager.hiddenStories()
        #expect(hidden.map(\.id) == [stories[2].id, stories[0].id], "the latest hidden first; unhidden is not listed")
        #expect(hidden.map(\.hiddenAt) == [1_795_348_920, 1_795_348_800].map { Date(timeIntervalSince1970: $0) })
        #expect(hidden.map(\.story?.title) == [stories[2].title, stories[0].title])
        #expect(hidden.allSatisfy { $0.story?.state.isHidden == true })

        try CacheMaintenance(database: database).clear()
        let afterClear = try manager.hiddenStories()
        #expect(afterClear.map(\.id) == hidden.map(\.id) && afterClear.map(\.hiddenAt) == hidden.map(\.hiddenAt))
        #expect(afterClear.allSatisfy { $0.story == nil }, "the cache no longer holds the stories")
        let refetched = try await manager.latest(detail: .summary)
        #expect(refetched.origin == .network && refetched.hiddenCount == 2, "still hidden once the stories come back")
        #expect(try manager.hiddenStories().map(\.story?.id) == [stories[2].id, stories[0].id])
    }

    @Test func readCanBeTakenBackAndAListMarkedReadAtOnce() async throws {
        let server = try SiteContentTests.site()
        let manager = Self.manager(server, database: try AppDatabase.inMemory())
        let stories = try await manager.latest(detail: .summary).stories
        try manager.markRead(stories[0])
        try manager.setRead(stories[1], true)
        #expect(try await manager.latest(detail: .summary).stories.map(\.state.isRead) == [true, true] + Array(repeating: false, count: 8))
        try manager.setRead(stories[0], false)
        #expect(try await manager.latest(detail: .summary).stories.map(\.state.isRead) == [false, true] + Array(repeating: false, count: 8))

        try manager.markRead(Array(stories.suffix(5)))
        #expect(try await manager.latest(detail: .summary).stories.map(\.state.isRead)
            == [false, true, false, false, false] + Array(repeating: true, count: 5))
        try manager.markRead([Story]())
    }
}
