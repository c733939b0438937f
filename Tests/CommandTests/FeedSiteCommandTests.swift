import CommandRuns
import Foundation
import ProcessSpawn
import Synchronization
import Testing
import TestHTTPServer

/// A WordPress whose REST API turns visitors away (401 `rest_cannot_access`) is read through
/// its feed: the same stories under the same ids as through the API, what a feed cannot carry
/// refused in one line. Serialized: one test switches the site's REST API back on.
@Suite(.serialized) struct FeedSiteCommandTests {
    /// Follows the feed site in a fresh home, as a user would.
    func followingFeedSite() async throws -> String {
        let home = try TestSites.freshHome()
        let added = try await CommandRun.run(["sites", "add", "ledger", try TestSites.feedSite], environment: ["HOME": home])
        #expect(added.status == 0 && added.stderr.contains("read through its feed"), "\(added.stderr)")
        return home
    }

    func ids(_ arguments: [String], home: String) async throws -> [Int] {
        let run = try await CommandRun.run(arguments + ["--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        let stories = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
        return stories.compactMap { $0["id"] as? Int }
    }

    @Test func everyStoryListReadsTheFeedWithTheIDsTheRESTAPIGives() async throws {
        let home = try await followingFeedSite()
        let list = try await CommandRun.run(["sites", "list"], environment: ["HOME": home])
        #expect(list.stdout.contains("ledger  feed  "), "\(list.stdout)")
        // The small site is the same seed, read through its REST API.
        let rest = try TestSites.site
        for command in [["latest"], ["category", "City Hall"], ["tag", "ferry"], ["search", "ferry"]] {
            let throughFeed = try await ids(command, home: home)
            let throughAPI = try await ids(command + ["--site", rest], home: try TestSites.freshHome())
            #expect(!throughFeed.isEmpty, "\(command)")
            // A search's order is the site's relevance, which the search feed orders by date.
            #expect(command[0] == "search" ? Set(throughFeed) == Set(throughAPI) : throughFeed == throughAPI, "\(command)")
        }
        let featured = try await CommandRun.run(["featured"], environment: ["HOME": home])
        #expect(featured.status == 0 && featured.stdout.contains("Live: council votes"), "\(featured.stderr)")
        #expect(featured.stderr.components(separatedBy: "read through its feed").count == 2, "said once: \(featured.stderr)")
    }

    /// A feed holds ten stories a page, and WordPress pages it (`paged=N`) until a page past
    /// the end answers 404: `--all` walks every page, so it gives the archive the API gives.
    @Test func allWalksEveryPageOfTheFeed() async throws {
        let home = try await followingFeedSite()
        let throughFeed = try await ids(["latest", "--all"], home: home)
        let throughAPI = try await ids(["latest", "--all", "--site", try TestSites.site], home: try TestSites.freshHome())
        #expect(throughAPI.count > 10, "the seed has more than a page of feed")
        #expect(throughFeed == throughAPI, "\(throughFeed.count) stories through the feed, \(throughAPI.count) through the API")
    }

    /// A feed whose server ignores `paged` (a cache or a plugin that drops the query) answers
    /// its first page for every page: `--all` ends when a page brings no story it has not
    /// shown, rather than asking forever. The server gives up after a few pages of its own,
    /// so a walk that does not stop fails here rather than hanging.
    @Test func allStopsWhenTheFeedRepeatsItsFirstPage() async throws {
        let asked = Counter()
        let server = try TestHTTPServer { request in
            guard request.path == "/feed/" else { return .status(404) }
            guard asked.next() <= 6 else { return .status(404) }
            let items = (1...2).map { id in
                "<item><title>Story \(id)</title><link>http://127.0.0.1/story-\(id)/</link>"
                    + "<guid isPermaLink=\"false\">http://127.0.0.1/?p=\(id)</guid>"
                    + "<pubDate>Mon, 23 Nov 2026 0\(id):00:00 GMT</pubDate><description>Text \(id)</description></item>"
            }
            return .text("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Repeats</title><link>http://127.0.0.1/</link>"
                + "<generator>https://wordpress.org/?v=6.8</generator>" + items.joined() + "</channel></rss>",
                headers: [("Content-Type", "application/rss+xml")])
        }
        defer { server.stop() }
        let home = try PoliteFeedCommandTests.following(site: server.baseURL, feed: server.url("/feed/"))
        let all = try await ids(["latest", "--all"], home: home)
        #expect(all == [1, 2], "each story once, in the feed's order: \(all)")
        #expect(asked.count <= 3, "the walk stops at the first page that repeats: \(asked.count) pages asked")
    }

    @Test func readShowsTheFeedsContentWithoutAnotherRequest() async throws {
        let home = try await followingFeedSite()
        _ = try await ids(["latest"], home: home)
        let read = try await CommandRun.run(["read", "56", "--offline", "--no-pager"], environment: ["HOME": home])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("We are in the council chamber"), "\(read.stdout)")
    }

    @Test(arguments: [["tags"], ["categories"], ["pages"], ["author", "jane"], ["read", "56", "--comments", "--no-pager"]])
    func whatAFeedCannotCarryIsRefusedInOneLine(command: [String]) async throws {
        let home = try await followingFeedSite()
        let run = try await CommandRun.run(command, environment: ["HOME": home])
        #expect(run.status == 1, "\(command)")
        #expect(run.stdout.isEmpty, "\(command): \(run.stdout)")
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("closes its REST API to visitors"), "\(run.stderr)")
    }

    @Test func theRESTAPIBackOnKeepsTheCachedStoriesWithoutDuplicates() async throws {
        let site = try TestSites.feedSite
        let home = try TestSites.freshHome()
        let throughFeed = try await ids(["latest", "--site", site], home: home)
        let cached = try await CommandRun.run(["cache", "show"], environment: ["HOME": home])
        try switchREST(on: true, site: site)
        defer { try? switchREST(on: false, site: site) }
        let throughAPI = try await ids(["latest", "--site", site, "--refresh"], home: home)
        #expect(throughAPI == throughFeed)
        let after = try await CommandRun.run(["cache", "show"], environment: ["HOME": home])
        #expect(after.stdout.contains("10 stories") && cached.stdout.contains("10 stories"), "before: \(cached.stdout) after: \(after.stdout)")
    }

    @Test func anImportedFeedSiteIsFollowedThroughItsFeedAndExportedAsIt() async throws {
        let site = try TestSites.feedSite
        let home = try TestSites.freshHome()
        let list = home + "/feeds.opml"
        try "<opml version=\"2.0\"><body><outline text=\"Ledger\" xmlUrl=\"\(site)/feed/\"/></body></opml>"
            .write(toFile: list, atomically: true, encoding: .utf8)
        let imported = try await CommandRun.run(["sites", "import", list], environment: ["HOME": home])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8).contains("feed = \"\(site)/feed/\""))
        let exported = try await CommandRun.run(["sites", "export"], environment: ["HOME": home])
        #expect(exported.stdout.contains("xmlUrl=\"\(site)/feed/\""), "\(exported.stdout)")
    }

    /// `scripts/wordpress/feed-site.php URL rest on|off`, as the test bed's start does.
    func switchREST(on: Bool, site: String) throws {
        let script = TestSites.packageRoot.appendingPathComponent("scripts/wordpress/feed-site.php").path
        let finished = try ChildProcess(executable: "/usr/bin/php", arguments: [script, site, "rest", on ? "on" : "off"],
                                        environment: ProcessInfo.processInfo.environment).run()
        #expect(finished.exit == .exited(0))
    }
}

/// Feeds that are not what they say, from a site whose REST API is closed: one line, exit 1.
@Suite struct BrokenFeedCommandTests {
    static let closed = TestResponse.json(
        "{\"code\":\"rest_cannot_access\",\"message\":\"Closed.\",\"data\":{\"status\":401}}", status: 401)

    @Test(arguments: ["truncated-before-items.xml", "billion-laughs.xml", "html-page.xml"])
    func aBrokenFeedIsOneLine(file: String) async throws {
        let run = try await Self.latest(serving: file)
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("/feed/ cannot be read"), "\(run.stderr)")
    }

    /// An answer cut off in its fourth item shows the three before it, and one in the wrong
    /// encoding shows its text: neither is an error any more.
    @Test func aFeedCutOffOrMisencodedShowsWhatItHolds() async throws {
        let truncated = try await Self.latest(serving: "truncated.xml")
        #expect(truncated.status == 0, "\(truncated.stderr)")
        #expect(truncated.stdout.contains("School lunches go local as Eastbank farms sign supply deal"))
        #expect(!truncated.stdout.contains("Council agenda: five things to watch tonight"))
        let misencoded = try await Self.latest(serving: "wrong-encoding.xml")
        #expect(misencoded.status == 0, "\(misencoded.stderr)")
        #expect(misencoded.stdout.contains("Z\u{FC}rich"))
    }

    /// `latest` on a site whose REST API is closed and whose feed is the fixture `file`.
    private static func latest(serving file: String) async throws -> CommandRun {
        let bytes = try [UInt8](Data(contentsOf: TestSites.packageRoot.appendingPathComponent("Tests/Fixtures/feeds/\(file)")))
        let server = try TestHTTPServer { request in
            request.path == "/feed/" ? TestResponse(headers: [("Content-Type", "application/rss+xml")], body: bytes) : Self.closed
        }
        defer { server.stop() }
        let home = try PoliteFeedCommandTests.following(site: server.baseURL, feed: server.url("/feed/"))
        return try await CommandRun.run(["latest"], environment: ["HOME": home])
    }

    /// No REST API and a feed from another generator: not a site wpnews reads.
    @Test func aFeedWordPressDidNotWriteIsNotAWordPressSite() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/feed/"
                ? .text("<rss version=\"2.0\"><channel><generator>Hugo</generator><item><title>x</title></item></channel></rss>")
                : request.path == "/" ? .html("<html><head></head></html>") : .status(404)
        }
        defer { server.stop() }
        let run = try await CommandRun.run(["latest", "--site", server.baseURL])
        #expect(run.status == 1)
        #expect(run.stderr.contains("does not look like a WordPress site"), "\(run.stderr)")
    }
}

/// Requests counted across the server's threads.
private final class Counter: Sendable {
    private let value = Mutex(0)
    /// The count after this one.
    func next() -> Int { value.withLock { $0 += 1; return $0 } }
    var count: Int { value.withLock { $0 } }
}
