import CommandRuns
import Foundation
import ProcessSpawn
import Testing
import TestHTTPServer

/// `wpnews sites import` as installed: stopped by Ctrl-C (only a process of its own can be
/// interrupted), and bringing over real lists, WordPress sites and web feeds together.
@Suite struct SitesImportE2ETests {
    /// The web-feed test bed, which `scripts/with-wordpress.sh` starts.
    static var webFeeds: String {
        get throws {
            try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_WEB_FEEDS"], "WPNEWS_E2E_WEB_FEEDS is not set: run the tests with `make test`")
        }
    }

    /// A loopback port nothing listens on: a dead host.
    static let deadFeed = "http://127.0.0.1:9/feed/"

    @Test func anOPMLOfWordPressSitesAndWebFeedsInFoldersImportsAllButTheDeadHost() async throws {
        let (site, feedSite, web) = (try TestSites.site, try TestSites.feedSite, try Self.webFeeds)
        let home = try TestSites.freshHome()
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Everything</title></head><body>
              <outline text="WordPress">
                <outline type="rss" text="The Riverside Ledger" xmlUrl="\(site)/feed/"/>
                <outline type="rss" text="Closed Ledger" xmlUrl="\(feedSite)/feed/"/>
              </outline>
              <outline text="Web &amp; feeds">
                <outline text="Harbour">
                  <outline type="rss" xmlUrl="\(web)/feed.rss"/>
                </outline>
                <outline type="rss" xmlUrl="\(web)/atom/feed.atom" htmlUrl="\(web)/atom/"/>
                <outline type="rss" text="Ferry Log" xmlUrl="\(web)/json/feed.json" htmlUrl="\(web)/json/"/>
              </outline>
              <outline type="rss" text="Gone quiet" xmlUrl="\(Self.deadFeed)"/>
            </body></opml>
            """.write(toFile: home + "/feeds.opml", atomically: true, encoding: .utf8)
        let run = try await WPNewsRun.run(["sites", "import", home + "/feeds.opml"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.count == 7, "\(run.stderr)")
        #expect(Array(run.stderrLines.prefix(5)) == [
            "added 'the-riverside-ledger', a WordPress site: The Riverside Ledger (\(site)/feed/)",
            "added 'closed-ledger', a WordPress site: Closed Ledger (\(feedSite)/feed/)",
            "added 'harbour-notes', a feed: \(web)/feed.rss",
            "added 'quay-street-journal', a feed: \(web)/atom/feed.atom",
            "added 'ferry-log', a feed: Ferry Log (\(web)/json/feed.json)",
        ], "\(run.stderr)")
        #expect(run.stderrLines.dropFirst(5).first?.hasPrefix("unreachable: Gone quiet (\(Self.deadFeed)): could not connect") == true, "\(run.stderr)")
        #expect(run.stderrLines.last == "2 WordPress sites and 3 feeds added, 1 unreachable; 'the-riverside-ledger' is the default site")

        let sites = try await WPNewsRun.run(["sites", "list", "--json"], environment: ["HOME": home]).json()
        #expect(sites.map { $0["name"] as? String } == ["closed-ledger", "ferry-log", "harbour-notes", "quay-street-journal", "the-riverside-ledger"])
        #expect(sites.map { $0["groups"] as? [String] } == [["wordpress"], ["web-feeds"], ["harbour", "web-feeds"], ["web-feeds"], ["wordpress"]])
        #expect(sites.map { $0["reading"] as? String }.map { $0 == "web-feed" } == [false, true, true, true, false])
        // The list's home pages; the feed's own link where it gives none (once the feed reader
        // fills it in, issue 25's second item), else the feed.
        let urls = sites.map { $0["url"] as? String }
        #expect(urls[1] == "\(web)/json/" && urls[3] == "\(web)/atom/", "\(urls)")
        #expect(["http://harbour.example/", "\(web)/feed.rss"].contains(urls[2]), "\(urls)")

        // The river reads a group by its name.
        let river = try await WPNewsRun.run(["latest", "--sites", "wordpress", "--json"], environment: ["HOME": home])
        #expect(river.status == 0, "\(river.stderr)")
        #expect(Set(try river.json().compactMap { $0["site"] as? String }) == ["closed-ledger", "the-riverside-ledger"])
    }

    @Test func aNewsboatURLsFileImportsItsFeedsWithTagsAndRunsNothing() async throws {
        let (site, web) = (try TestSites.site, try Self.webFeeds)
        let home = try TestSites.freshHome()
        let ran = home + "/ran"
        try """
            # newsboat's urls, every kind of line
            \(site)/feed/ news "~Riverside"
            \(web)/feed.rss news "local news"
            \(web)/atom/feed.atom "~Quay" !hidden

            "exec:touch \(ran)" news
            "filter:touch \(ran):\(web)/feed.rss"
            "query:Unread:unread = \\"yes\\""
            \(Self.deadFeed) news
            file://\(home)/urls
            """.write(toFile: home + "/urls", atomically: true, encoding: .utf8)
        let run = try await WPNewsRun.run(["sites", "import", home + "/urls"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.last == "1 WordPress site and 2 feeds added, 1 unreachable, 1 not http or https, 3 query:, exec: or filter: lines skipped; 'riverside' is the default site", "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ran))
        let sites = try await WPNewsRun.run(["sites", "list", "--json"], environment: ["HOME": home]).json()
        #expect(sites.map { $0["name"] as? String } == ["harbour-notes", "quay", "riverside"])
        #expect(sites.map { $0["groups"] as? [String] } == [["local-news", "news"], [], ["news"]])
        #expect(sites.map { $0["reading"] as? String } == ["web-feed", "web-feed", "rest"])
    }

    @Test func ctrlCDuringAnImportLeavesTheFollowedSitesAsTheyWere() async throws {
        let site = try TestSites.site
        let wordPress = try FakeWordPress.start { _, _ in nil }
        let stalling = try TestHTTPServer { _ in .stall() }
        defer { wordPress.stop(); stalling.stop() }
        let home = try TestSites.freshHome()
        #expect(try await WPNewsRun.run(["sites", "add", "ledger", site], environment: ["HOME": home]).status == 0)
        let sitesFile = home + "/.config/wpnews/sites.toml"
        let before = try String(contentsOfFile: sitesFile, encoding: .utf8)
        try """
            <opml version="2.0"><body>
            <outline type="rss" title="Found" xmlUrl="\(wordPress.url("/feed/"))"/>
            <outline type="rss" title="Stalls" xmlUrl="\(stalling.url("/feed/"))"/>
            </body></opml>
            """.write(toFile: home + "/feeds.opml", atomically: true, encoding: .utf8)

        let stderrFile = home + "/stderr"
        let process = try WPNewsRun.launch(["sites", "import", "-v", home + "/feeds.opml"], home: home, stderrFile: stderrFile)
        // The WordPress site's lookup ends with its API index (-v reports each answer as it
        // arrives): "Found" is then ready to be followed, while the other feed never answers.
        // Interrupted only now, the import has something it could have half-written.
        let apiIndex = wordPress.url("/wp-json/")
        #expect(await eventually {
            let said = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
            return said.split(separator: "\n").contains { $0.hasPrefix("GET \(apiIndex)") } && !stalling.requests.isEmpty
        })
        process.signal(SIGINT)
        #expect(await process.ended() == .exited(130))
        #expect(try String(contentsOfFile: sitesFile, encoding: .utf8) == before, "nothing half-imported")
        #expect(await eventually(within: 5) { !stalling.hungUpRequests.isEmpty }, "the stalled lookup is cancelled")
    }
}
