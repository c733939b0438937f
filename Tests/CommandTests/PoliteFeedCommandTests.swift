import CommandRuns
import Foundation
import Synchronization
import Testing
import TestHTTPServer

/// Feeds fetched politely, as the commands show it: the seeded WordPress feed site answers an
/// unchanged feed 304; a feed's failures show in `sites list` until a fetch succeeds; a feed
/// that moved for good is followed at its new address; one that is gone is asked no more.
@Suite struct PoliteFeedCommandTests {
    /// A home following `feed` (read through it) as "ledger", its site's root beside it.
    static func following(site: String, feed: String) throws -> String {
        let home = try TestSites.freshHome()
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try """
            default = "ledger"
            [sites."ledger"]
            url = "\(site)"
            api_root = "\(site)/wp-json/"
            feed = "\(feed)"
            """.write(toFile: home + "/.config/wpnews/sites.toml", atomically: true, encoding: .utf8)
        return home
    }

    static func sitesFile(_ home: String) throws -> String {
        try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8)
    }

    @Test func theWordPressFeedSiteAnswersAnUnchangedFeedWithA304() async throws {
        let site = try TestSites.feedSite
        let home = try Self.following(site: site, feed: site + "/feed/")
        let first = try await CommandRun.run(["latest", "--verbose", "--json"], environment: ["HOME": home])
        #expect(first.status == 0 && first.stderr.contains("/feed/ -> 200"), "\(first.stderr)")
        let again = try await CommandRun.run(["latest", "--refresh", "--verbose", "--json"], environment: ["HOME": home])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("/feed/ -> 304, 0.0 KB"), "\(again.stderr)")
        #expect(try Self.ids(again.stdout) == Self.ids(first.stdout), "the list held is the one shown")
        #expect(try Self.ids(first.stdout).count == 10)
    }

    @Test func watchFollowsTheWordPressFeedSiteThroughItsFeedAskingOnlyIfItChanged() async throws {
        let site = try TestSites.feedSite
        let home = try Self.following(site: site, feed: site + "/feed/")
        let first = try await CommandRun.run(["watch", "--once", "--since", "3650d", "--json"], environment: ["HOME": home])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.split(separator: "\n").count == 10, "every story of the feed is news: \(first.stdout)")
        let again = try await CommandRun.run(["watch", "--once", "--verbose"], environment: ["HOME": home])
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)")
        #expect(again.stderr.contains("/feed/ -> 304, 0.0 KB") && again.stderr.split(separator: "\n").count == 1, "\(again.stderr)")
    }

    static func ids(_ json: String) throws -> [Int] {
        (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    @Test func aFeedsLastFailureShowsInSitesListUntilAFetchSucceeds() async throws {
        let failing = Mutex(true)
        let feed = """
            <?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Ledger</title>
            <generator>https://wordpress.org/?v=6.1.9</generator><item><title>Council votes</title>
            <link>http://ledger.test/council/</link><guid isPermaLink="false">http://ledger.test/?p=5</guid>
            <pubDate>Sun, 22 Nov 2026 09:00:00 +0000</pubDate><description>The vote.</description></item></channel></rss>
            """
        let server = try TestHTTPServer { _ in
            failing.withLock { $0 } ? .status(503) : TestResponse(headers: [("Content-Type", "application/rss+xml")], body: feed)
        }
        defer { server.stop() }
        let home = try Self.following(site: server.baseURL, feed: server.url("/feed/"))
        let failed = try await CommandRun.run(["latest"], environment: ["HOME": home])
        #expect(failed.status == 1)
        let list = try await CommandRun.run(["sites", "list"], environment: ["HOME": home])
        #expect(list.stdout.hasSuffix("  HTTP 503, just now\n"), "\(list.stdout)")
        let json = try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home])
        let entry = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(entry["last_error"] as? String == "HTTP 503")
        #expect((entry["last_error_at"] as? String)?.hasSuffix("Z") == true, "\(entry)")

        failing.withLock { $0 = false }
        #expect(try await CommandRun.run(["latest"], environment: ["HOME": home]).status == 0)
        let cleared = try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home])
        let after = try #require((try JSONSerialization.jsonObject(with: Data(cleared.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(after["last_error"] is NSNull && after["last_error_at"] is NSNull, "\(after)")
    }

    @Test func aFeedThatMovedForGoodIsFollowedAtItsNewAddressSayingSoOnce() async throws {
        let site = try TestSites.feedSite
        let redirecting = try TestHTTPServer { _ in .status(301, headers: [("Location", site + "/feed/")]) }
        defer { redirecting.stop() }
        let home = try Self.following(site: site, feed: redirecting.url("/feed/"))
        let first = try await CommandRun.run(["latest"], environment: ["HOME": home])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("ledger's feed has moved for good to \(site)/feed/"), "\(first.stderr)")
        #expect(try Self.sitesFile(home).contains("feed = \"\(site)/feed/\""))
        let again = try await CommandRun.run(["latest", "--refresh"], environment: ["HOME": home])
        #expect(again.status == 0 && !again.stderr.contains("moved"), "\(again.stderr)")
        #expect(redirecting.requests.count == 1)
    }

    @Test func aGoneFeedIsRefusedInOneLineAndLeftOutOfWatch() async throws {
        let server = try TestHTTPServer { _ in .status(410) }
        defer { server.stop() }
        let home = try Self.following(site: server.baseURL, feed: server.url("/feed/"))
        for command in [["latest"], ["latest"], ["watch", "--once"]] {
            let run = try await CommandRun.run(command, environment: ["HOME": home])
            #expect(run.status == 1 && run.stdout.isEmpty, "\(command)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("ledger's feed is gone") && run.stderr.contains("wpnews sites remove ledger"), "\(run.stderr)")
        }
        #expect(server.requests.count == 1, "asked once, then never again")
        #expect(try Self.sitesFile(home).contains("gone = \""))
        let list = try await CommandRun.run(["sites", "list"], environment: ["HOME": home])
        #expect(list.stdout.contains("gone (HTTP 410), just now"), "\(list.stdout)")
    }
}
