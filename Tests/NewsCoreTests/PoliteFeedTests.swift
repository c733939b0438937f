import Foundation
import Synchronization
import Testing
import TestHTTPServer
@testable import HTTPClient
@testable import NewsCore
@testable import WordPressAPI

/// A WordPress site read through its feed, whose server the test steers: it answers 304 to
/// the validators of its current copy, and can be made to fail, move or be gone.
final class FeedServer: Sendable {
    final class State: Sendable {
        /// Answers every request while set (nil: the feed).
        let override = Mutex<TestResponse?>(nil)
        /// The feed's copy: this many posts, the ETag `"vN"`.
        let version = Mutex(1)
    }

    let state = State()
    let server: TestHTTPServer

    /// `byWordPress`: false for a feed with no generator, read as a web feed.
    init(byWordPress: Bool = true) throws {
        let state = state
        server = try TestHTTPServer { request in
            if let response = state.override.withLock({ $0 }) { return response }
            let version = state.version.withLock { $0 }
            let etag = "\"v\(version)\""
            if request.header("If-None-Match") == etag { return .status(304, headers: [("ETag", etag)]) }
            return TestResponse(status: 200, headers: [("Content-Type", "application/rss+xml"), ("ETag", etag)], body: Self.rss(posts: version, byWordPress: byWordPress))
        }
    }

    func fail(with response: TestResponse?) { state.override.withLock { $0 = response } }
    func publish(version: Int) { state.version.withLock { $0 = version } }

    var feedURL: String { server.url("/feed/") }
    var feedRequests: [TestRequest] { server.requests.filter { $0.path == "/feed/" } }

    /// `posts` posts, newest first, as WordPress writes its feed.
    static func rss(posts: Int, byWordPress: Bool = true) -> String {
        let items = (1...posts).reversed().map { id in
            """
            <item><title>Story \(id)</title><link>http://ledger.test/story-\(id)/</link>
            <guid isPermaLink="false">http://ledger.test/?p=\(id)</guid>
            <pubDate>Sun, 22 Nov 2026 0\(id % 10):00:00 +0000</pubDate><description>About \(id)</description></item>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Ledger</title>
            <link>http://ledger.test/</link>\(byWordPress ? "<generator>https://wordpress.org/?v=6.1.9</generator>" : "")
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }
}

@Suite struct PoliteFeedTests {
    static let http = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 5, retry: .never))

    final class Clock: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 1_795_348_800))
        func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
        var read: @Sendable () -> Date { { self.now.withLock { $0 } } }
    }

    /// The feed server's site, followed as "ledger" in a sites.toml of the test's own.
    final class Followed: Sendable {
        let feed = try! FeedServer()
        let database = try! AppDatabase.inMemory()
        let clock = Clock()
        let sitesFile = FileManager.default.temporaryDirectory.appending(path: "wpnews-sites-\(UUID().uuidString).toml").path
        let notices = Mutex<[String]>([])

        init() throws {
            var sites = FollowedSites()
            try sites.add(name: "ledger", url: feed.server.baseURL, apiRoot: root)
            try sites.save(path: sitesFile)
        }

        var root: APIRoot { APIRoot(base: feed.server.url("/wp-json/"), style: .path).readingFeed(feed.feedURL) }

        /// The site as a run that read sites.toml now sees it.
        func content() throws -> SiteContent {
            let entry = try #require(try TOMLFile.read(FollowedSites.self, path: sitesFile)?.sites["ledger"])
            let choice = SiteChoice(address: entry.url, knownRoot: entry.root, label: "ledger",
                                    followed: FollowedEntry(name: "ledger", file: sitesFile, goneSince: entry.goneSince))
            return SiteContent(site: choice, database: database, http: PoliteFeedTests.http, clock: clock.read,
                               notice: { [self] line in self.notices.withLock { $0.append(line) } })
        }

        var entry: FollowedSites.Site? { try? TOMLFile.read(FollowedSites.self, path: sitesFile)?.sites["ledger"] }
    }

    @Test func aStaleListOfAnUnchangedFeedIsRenewedByA304() async throws {
        let site = try Followed()
        let first = try await site.content().latest()
        #expect(first.stories.map(\.id) == [1])
        site.clock.advance(600)  // past the lists' freshness
        let again = try await site.content().latest()
        #expect(again.stories.map(\.id) == [1] && again.origin == .network)
        let requests = site.feed.feedRequests
        #expect(requests.count == 2 && requests.last?.header("If-None-Match") == "\"v1\"")
        site.clock.advance(60)
        #expect(try await site.content().latest().origin == .cache(fetchedAt: site.clock.read().addingTimeInterval(-60)),
                "the 304 renewed the copy's freshness")
        #expect(site.feed.feedRequests.count == 2)

        site.feed.publish(version: 2)
        site.clock.advance(600)
        #expect(try await site.content().latest().stories.map(\.id) == [2, 1], "a changed feed is read again")
    }

    /// Validators describe the copy they came with: a list of another size made from a newer
    /// copy of the same feed must not let a 304 renew this list's older copy.
    @Test func a304RenewsOnlyTheCopyItsValidatorsCameWith() async throws {
        let site = try Followed()
        #expect(try await site.content().latest(perPage: 10).stories.map(\.id) == [1])
        site.feed.publish(version: 2)
        site.clock.advance(600)
        #expect(try await site.content().latest(perPage: 5).stories.map(\.id) == [2, 1])
        site.clock.advance(600)
        #expect(try await site.content().latest(perPage: 10).stories.map(\.id) == [2, 1],
                "not version 1's copy, renewed by a 304 to version 2's validators")
    }

    /// A poll whose lines could not be written is not committed, so the feed it read is not
    /// what watch holds: the next poll must not be answered 304 for it, and delivers again.
    @Test func aWatchPollNeverDeliveredIsNotAnsweredByA304() async throws {
        let site = try Followed()
        let content = try site.content()
        let since = Date(timeIntervalSince1970: 0)
        try content.commit(try await content.watchPoll(since: since, detail: .summary))
        site.feed.publish(version: 2)
        site.clock.advance(600)
        #expect(try await content.watchPoll(since: since, detail: .summary).events.map(\.storyID) == [2])
        // Its delivery failed: nothing committed.
        site.clock.advance(600)
        #expect(try await content.watchPoll(since: since, detail: .summary).events.map(\.storyID) == [2], "story 2 was never delivered")
    }

    @Test func theLastFailureIsKeptUntilAFetchSucceeds() async throws {
        let site = try Followed()
        site.feed.fail(with: .status(503))
        await #expect(throws: WordPressError.self) { try await site.content().latest() }
        let failure = try #require(try site.content().lastFeedFailure())
        #expect(failure.problem == "HTTP 503" && failure.at == site.clock.read())
        site.feed.fail(with: nil)
        _ = try await site.content().latest()
        #expect(try site.content().lastFeedFailure() == nil)
        // A search or term feed the site does not have is the question's fault, not the feed's.
        site.feed.fail(with: .status(404))
        _ = try? await site.content().stories(.search(text: "ferry", page: 1, perPage: 10))
        #expect(try site.content().lastFeedFailure() == nil)
    }

    @Test func aPermanentRedirectMovesTheFollowedFeedSayingSoOnce() async throws {
        let site = try Followed()
        let newFeed = site.feed.feedURL
        // Followed at an old address, which now redirects for good.
        let redirecting = try TestHTTPServer { _ in .status(301, headers: [("Location", newFeed)]) }
        _ = try FollowedSites.edit(path: site.sitesFile) { $0.moveFeed(name: "ledger", from: newFeed, to: redirecting.url("/feed/")) }

        #expect(try await site.content().latest().stories.map(\.id) == [1])
        #expect(site.entry?.feed == newFeed)
        #expect(site.notices.withLock { $0 } == ["ledger's feed has moved for good to \(newFeed): wpnews reads it there from now on (\(site.sitesFile))"])
        site.clock.advance(600)
        _ = try await site.content().latest()
        #expect(redirecting.requests.count == 1, "read at its new address")
        #expect(site.notices.withLock { $0 }.count == 1)
    }

    @Test func aTemporaryRedirectChangesNothing() async throws {
        let site = try Followed()
        let redirecting = try TestHTTPServer { _ in .status(307, headers: [("Location", site.feed.feedURL)]) }
        _ = try FollowedSites.edit(path: site.sitesFile) { $0.moveFeed(name: "ledger", from: site.feed.feedURL, to: redirecting.url("/feed/")) }
        #expect(try await site.content().latest().stories.map(\.id) == [1])
        #expect(site.entry?.feed == redirecting.url("/feed/"))
        #expect(site.notices.withLock { $0 }.isEmpty)
    }

    @Test func aGoneFeedIsNotedInSitesTOMLAndNeverAskedAgain() async throws {
        let site = try Followed()
        site.feed.fail(with: .status(410))
        await #expect(throws: NewsError.feedGone(site: "ledger", followed: "ledger")) { try await site.content().latest() }
        #expect(site.entry?.goneSince == site.clock.read())
        site.feed.fail(with: nil)
        site.clock.advance(600)
        await #expect(throws: NewsError.feedGone(site: "ledger", followed: "ledger")) { try await site.content().latest() }
        await #expect(throws: NewsError.feedGone(site: "ledger", followed: "ledger")) {
            try await site.content().stories(.search(text: "ferry", page: 1, perPage: 10))
        }
        #expect(site.feed.server.requests.count == 1, "asked no more, for any of its feeds")
        let line = ErrorMessage.line(for: NewsError.feedGone(site: "ledger", followed: "ledger"))
        #expect(line.contains("wpnews sites remove ledger") && line.contains("wpnews sites add ledger"))
    }

    @Test func watchPollsAFeedNoMoreOftenThanItAsksAndStopsAtAGoneOne() async throws {
        let site = try Followed()
        let content = try site.content()
        // Watch's last copy asked for an hour between polls (`<ttl>60</ttl>`), and is still the feed.
        _ = try await content.latest()
        let siteID = try #require(try content.cachedSiteID())
        let copy = FeedFetch(feed: nil, url: site.feed.feedURL, root: site.root, validators: FeedValidators(etag: "\"v1\"", lastModified: nil), pollInterval: 3600)
        try StoryStore(database: site.database).keepValidators(of: copy, copy: .watch, site: siteID)
        let sleeps = Mutex<[TimeInterval]>([])
        let loop = WatchLoop(
            sites: [WatchedSite(label: "ledger", content: content)], timing: WatchTiming(interval: 300), since: nil, detail: .summary,
            clock: site.clock.read,
            sleep: { seconds in
                let count = sleeps.withLock { $0.append(seconds); return $0.count }
                site.clock.advance(seconds)
                if count == 2 { site.feed.fail(with: .status(410)) }
            },
            random: { 0 }
        )
        await #expect(throws: NewsError.feedGone(site: "ledger", followed: "ledger")) {
            try await loop.run(once: false, deliver: { site, poll in try site.content.commit(poll) },
                               notice: { line in site.notices.withLock { $0.append(line) } })
        }
        #expect(sleeps.withLock { $0 } == [3600, 3600], "the feed's hour, not watch's 5 minutes less the jitter")
        let notices = site.notices.withLock { $0 }
        #expect(notices.first == "ledger's feed asks to be read at most every 60 min: watching it that often, not every 5 min", "\(notices)")
        #expect(notices.count == 2 && notices.last?.contains("410 Gone") == true, "\(notices)")
        #expect(site.feed.feedRequests.count == 4, "the list, two polls, then the gone one")
    }
}
