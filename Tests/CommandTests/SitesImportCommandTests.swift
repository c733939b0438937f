import CommandRuns
import Foundation
import ProcessSpawn
import Synchronization
import Testing
import TestHTTPServer

/// `wpnews sites import` and `export`: subscription lists from feed readers in, the followed
/// sites out, against the seeded WordPress, a server that is not WordPress and a dead port.
@Suite struct SitesImportCommandTests {
    /// A port nothing listens on.
    static let deadFeed = "http://127.0.0.1:9/feed/"

    @Test func newsboatsExportImportsExportsAndImportsBackTheSame() async throws {
        let site = try TestSites.site
        let plain = try TestHTTPServer { _ in .html("<html><body>Just a page, no WordPress here.</body></html>") }
        defer { plain.stop() }
        let newsboat = try Newsboat()
        try newsboat.subscribe(to: [site + "/feed/", plain.url("/feed.xml"), Self.deadFeed])
        _ = try await newsboat.run(["-x", "reload"])
        let exported = try newsboat.write(try await newsboat.run(["-e"]), to: "newsboat.opml")

        let home = try TestSites.freshHome()
        let imported = try await CommandRun.run(["sites", "import", exported], environment: ["HOME": home])
        #expect(imported.status == 0, "\(imported.stderr)")
        let lines = imported.stderrLines
        #expect(lines.count == 4, "\(imported.stderr)")
        #expect(lines.first == "added 'the-riverside-ledger', a WordPress site: The Riverside Ledger (\(site)/feed/)", "\(imported.stderr)")
        // A web page where a feed should be is neither followed nor taken for a dead host.
        #expect(lines.dropFirst().first?.hasPrefix("not a feed: \(plain.url("/feed.xml")): ") == true, "\(imported.stderr)")
        #expect(lines.dropFirst().first?.hasSuffix(": follow its page with `wpnews sites add NAME URL`") == true, "\(imported.stderr)")
        #expect(Array(lines.suffix(2)) == [
            "unreachable: \(Self.deadFeed): could not connect to 127.0.0.1:9 (connection refused): check that the site is up and the address and port are right",
            "1 WordPress site and 0 feeds added, 1 not a feed, 1 unreachable; 'the-riverside-ledger' is the default site",
        ], "\(imported.stderr)")
        let followed = try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home])
        #expect(try followed.json().map { $0["api_root"] as? String } == ["\(site)/wp-json/"])

        let export = try await CommandRun.run(["sites", "export"], environment: ["HOME": home])
        #expect(export.status == 0 && export.stderr.isEmpty, "\(export.stderr)")
        #expect(export.stdout.contains("<opml version=\"2.0\">"))
        #expect(export.stdout.contains("<outline type=\"rss\" text=\"the-riverside-ledger\" title=\"the-riverside-ledger\" xmlUrl=\"\(site)/feed/\" htmlUrl=\"\(site)/\"/>"), "\(export.stdout)")
        let ours = try newsboat.write(export.stdout, to: "wpnews.opml")

        let freshHome = try TestSites.freshHome()
        let again = try await CommandRun.run(["sites", "import", ours], environment: ["HOME": freshHome])
        #expect(again.stderrLines.last == "1 WordPress site and 0 feeds added; 'the-riverside-ledger' is the default site", "\(again.stderr)")
        #expect(try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": freshHome]).stdout == followed.stdout)

        // newsboat reads our export too.
        let readBack = try Newsboat()
        _ = try await readBack.run(["-i", ours])
        #expect(try readBack.subscriptions() == ["\(site)/feed/"])
    }

    @Test func titlesBecomeUniqueNamesAndAFollowedSiteIsLeftAlone() async throws {
        let site = try TestSites.site
        let (first, second) = (try FakeWordPress.start { _, _ in nil }, try FakeWordPress.start { _, _ in nil })
        defer { first.stop(); second.stop() }
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "ledger", site], environment: ["HOME": home]).status == 0)
        let list = try Self.write(opml: """
            <outline text="Folder"><outline type="rss" title="The Ledger again" xmlUrl="\(site)/feed/"/>
              <outline type="rss" title="Campus" xmlUrl="\(first.url("/feed/"))"/></outline>
            <outline type="rss" title="Camp&#x9b;us&#x202e;" xmlUrl="\(second.url("/feed/"))"/>
            """)
        let run = try await CommandRun.run(["sites", "import", list], environment: ["HOME": home])
        #expect(run.status == 0)
        #expect(run.stderrLines == [
            "followed already, as 'ledger', now also in folder: The Ledger again (\(site)/feed/)",
            "added 'campus', a WordPress site: Campus (\(first.url("/feed/")))",
            "added 'campus-2', a WordPress site: Campus (\(second.url("/feed/")))",
            "2 WordPress sites and 0 feeds added, 1 followed already",
        ], "\(run.stderr)")
        let sites = try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home]).json()
        #expect(sites.map { $0["name"] as? String } == ["campus", "campus-2", "ledger"])
        #expect(sites.first { $0["default"] as? Bool == true }?["name"] as? String == "ledger")
    }

    @Test func feedsAreLookedUpTogetherWithinTheLimitPerHost() async throws {
        let server = try TestHTTPServer { _ in TestResponse.html("<html>not WordPress</html>").delayed(0.05) }
        defer { server.stop() }
        let list = try Self.write(opml: (1...20).map { "<outline type=\"rss\" xmlUrl=\"\(server.url("/feed/\($0)"))\"/>" }.joined(separator: "\n"))
        let run = try await CommandRun.run(["sites", "import", list])
        #expect(run.stderrLines.last == "0 WordPress sites and 0 feeds added, 20 not feeds", "\(run.stderr)")
        #expect((2...6).contains(server.peakRequestsInProgress), "\(server.peakRequestsInProgress) at once")
    }

    @Test(arguments: [
        "billion-laughs.opml", "external-entity.opml", "truncated.opml", "html-page.opml", "xhtml-page.opml", "not-utf8.opml",
    ])
    func aHostileOrBrokenListIsOneLineAndChangesNothing(file: String) async throws {
        let home = try TestSites.freshHome()
        let path = TestSites.packageRoot.appendingPathComponent("Tests/Fixtures/opml/\(file)").path
        let run = try await CommandRun.run(["sites", "import", path], environment: ["HOME": home])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("wpnews: cannot import \(path): "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home + "/.config/wpnews/sites.toml"))
    }

    @Test func aNewsboatURLsFileIsFollowedFeedsTagsAndAllAndItsProgramsNeverRun() async throws {
        let feeds = try TestHTTPServer { request in
            switch request.path {
            case "/rss.xml": TestResponse(headers: [("Content-Type", "application/rss+xml")], body: Self.rss(title: "Théme Ünit", home: "https://theme.example/"))
            // A feed this build cannot make out, said to be one by its server: followed all the same.
            case "/feed.json": TestResponse(headers: [("Content-Type", "application/feed+json")], body: "{\"version\": \"https://jsonfeed.org/version/1.1\", \"title\": \"Ferry\"}")
            case "/gone.xml": .status(410)
            default: .html("<html><body>not WordPress</body></html>", status: request.path == "/" ? 200 : 404)
            }
        }
        defer { feeds.stop() }
        let home = try TestSites.freshHome()
        let ran = home + "/exec-ran"
        let urls = home + "/urls"
        try """
            # newsboat's urls
            \(feeds.url("/rss.xml")) tech "Local news"
            \(feeds.url("/feed.json")) "~Ferry Log" tech
            "exec:touch \(ran)" tech
            "filter:touch \(ran):\(feeds.url("/rss.xml"))"
            "query:Unread:unread = \\"yes\\""
            \(feeds.url("/gone.xml"))
            file:///etc/passwd
            """.write(toFile: urls, atomically: true, encoding: .utf8)
        let run = try await CommandRun.run(["sites", "import", urls], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines == [
            "added 'theme-unit', a feed: \(feeds.url("/rss.xml"))",
            "added 'ferry-log', a feed: Ferry Log (\(feeds.url("/feed.json")))",
            "unreachable: \(feeds.url("/gone.xml")): the feed answers HTTP 410",
            "not followed, not an http or https address: file:///etc/passwd",
            "skipped line 4: exec: lines run or search something in newsboat, which an import never does",
            "skipped line 5: filter: lines run or search something in newsboat, which an import never does",
            "skipped line 6: query: lines run or search something in newsboat, which an import never does",
            "0 WordPress sites and 2 feeds added, 1 unreachable, 1 not http or https, 3 query:, exec: or filter: lines skipped; 'theme-unit' is the default site",
        ], "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ran), "no program of the list ran")
        #expect(!feeds.requests.contains { $0.target.contains("touch") })
        let sites = try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home]).json()
        #expect(sites.map { $0["name"] as? String } == ["ferry-log", "theme-unit"])
        #expect(sites.map { $0["reading"] as? String } == ["web-feed", "web-feed"])
        #expect(sites.map { $0["groups"] as? [String] } == [["tech"], ["local-news", "tech"]])
        // A list without home pages: the feed's own link when the reader gives one (RSS's
        // `<link>`, which the feed reader fills in from issue 25's second item on), else the feed.
        let homes = sites.map { $0["url"] as? String }
        #expect(homes.first == feeds.url("/feed.json"))
        #expect([feeds.url("/rss.xml"), "https://theme.example/"].contains(homes.last ?? nil), "\(homes)")
        let file = try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8)
        #expect(file.contains("""
            kind = "web-feed"
            feed = "\(feeds.url("/rss.xml"))"
            groups = ["local-news", "tech"]
            """), "\(file)")
    }

    /// A `watch` running beside a long import may note in sites.toml, while the import looks
    /// feeds up, that a feed is gone or has moved: the import adds its sites to the file as it
    /// is when it writes, so that note stays.
    @Test func anEditMadeWhileImportingLooksUpIsKept() async throws {
        let home = try TestSites.freshHome()
        let file = home + "/.config/wpnews/sites.toml"
        try await SiteGroupsCommandTests.follow(["harbour"], home: home)
        let edited = Mutex(false)
        let feeds = try TestHTTPServer { request in
            // What watch writes on a 410 and on a permanent move, made before the lookup answers.
            let first = edited.withLock { done in defer { done = true }; return !done }
            if first, let text = try? String(contentsOfFile: file, encoding: .utf8) {
                try? text.replacing("feed = \"https://harbour.example/feed.xml\"", with: "feed = \"https://harbour.example/moved.xml\"\ngone = \"2026-01-01T00:00:00Z\"")
                    .write(toFile: file, atomically: true, encoding: .utf8)
            }
            return request.path == "/new.xml"
                ? TestResponse(headers: [("Content-Type", "application/rss+xml")], body: Self.rss(title: "New", home: nil))
                : .html("<html>not WordPress</html>", status: 404)
        }
        defer { feeds.stop() }
        let list = try Self.write(opml: "<outline text=\"New\" xmlUrl=\"\(feeds.url("/new.xml"))\"/>")
        let run = try await CommandRun.run(["sites", "import", list], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(edited.withLock { $0 }, "the lookup asked the server")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("feed = \"https://harbour.example/moved.xml\"\ngone = \"2026-01-01T00:00:00Z\""), "\(text)")
        #expect(text.contains("[sites.\"new\"]"), "\(text)")
    }

    @Test func exportWritesGroupsAsFoldersAndImportingItBackGivesTheSameSites() async throws {
        let feeds = try TestHTTPServer { request in
            request.path.hasSuffix(".xml")
                ? TestResponse(headers: [("Content-Type", "application/rss+xml")], body: Self.rss(title: "Feed \(request.path)", home: nil))
                : .html("<html>not WordPress</html>", status: 404)
        }
        defer { feeds.stop() }
        let home = try TestSites.freshHome()
        let list = try Self.write(opml: """
            <outline text="Local"><outline text="Harbour" xmlUrl="\(feeds.url("/harbour.xml"))"/>
              <outline text="Sport"><outline text="Quay" xmlUrl="\(feeds.url("/quay.xml"))"/></outline></outline>
            <outline text="Tech"><outline text="Quay" xmlUrl="\(feeds.url("/quay.xml"))"/></outline>
            <outline text="Solo" xmlUrl="\(feeds.url("/solo.xml"))"/>
            """)
        #expect(try await CommandRun.run(["sites", "import", list], environment: ["HOME": home]).status == 0)
        let listed = try await CommandRun.run(["sites", "list"], environment: ["HOME": home])
        #expect(listed.stdout.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) } == ["local", "local,sport,tech", feeds.url("/solo.xml")], "\(listed.stdout)")
        let export = try await CommandRun.run(["sites", "export"], environment: ["HOME": home])
        #expect(export.status == 0, "\(export.stderr)")
        let outlines = export.stdout.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("<outline") || $0 == "</outline>" }
        #expect(outlines.map { $0.hasPrefix("<outline type") ? String($0.split(separator: "\"")[3]) : String($0) } == [
            "solo", "<outline text=\"local\" title=\"local\">", "harbour", "quay", "</outline>",
            "<outline text=\"sport\" title=\"sport\">", "quay", "</outline>", "<outline text=\"tech\" title=\"tech\">", "quay", "</outline>",
        ], "\(export.stdout)")
        let exported = try TestSites.freshHome() + "/sites.opml"
        try export.stdout.write(toFile: exported, atomically: true, encoding: .utf8)
        let again = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "import", exported], environment: ["HOME": again]).status == 0)
        // All but which is the default, which a subscription list does not say.
        let described = { (home: String) in
            try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home]).json().map {
                [$0["name"], $0["url"], $0["reading"], $0["groups"], $0["api_root"]].map { "\($0 ?? "-")" }
            }
        }
        #expect(try await described(again) == described(home))
    }

    /// A small RSS 2.0 feed.
    static func rss(title: String, home: String?) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>\(title)</title>\(home.map { "<link>\($0)</link>" } ?? "")
        <item><title>One</title><link>https://example.org/one</link><guid>one</guid></item></channel></rss>
        """
    }

    @Test func aMissingFileSaysSo() async throws {
        let run = try await CommandRun.run(["sites", "import", "/nonexistent/feeds.opml"])
        #expect(run.status == 1 && run.stderrLines.count == 1 && run.stderr.contains("cannot read /nonexistent/feeds.opml"), "\(run.stderr)")
    }

    @Test func exportingNoSitesIsAnEmptyList() async throws {
        let run = try await CommandRun.run(["sites", "export"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("<body/>"), "\(run.stdout)")
    }

    /// An OPML file around `outlines`, in a folder of its own.
    static func write(opml outlines: String) throws -> String {
        let path = try TestSites.freshHome() + "/feeds.opml"
        try "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><head><title>t</title></head><body>\n\(outlines)\n</body></opml>\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// newsboat with a urls file, config and cache in a folder of its own.
struct Newsboat {
    let folder: String

    init() throws {
        folder = try TestSites.freshHome()
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/newsboat"), "newsboat is not installed: `make test` installs it")
        try "".write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
        try "".write(toFile: folder + "/config", atomically: true, encoding: .utf8)
    }

    func subscribe(to feeds: [String]) throws {
        try feeds.map { $0 + "\n" }.joined().write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
    }

    func subscriptions() throws -> [String] {
        try String(contentsOfFile: folder + "/urls", encoding: .utf8).split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    }

    func write(_ text: String, to name: String) throws -> String {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        return folder + "/" + name
    }

    /// Its stdout; waits without holding a thread, so the in-process servers it reads keep answering.
    func run(_ arguments: [String]) async throws -> String {
        let files = ["-u", folder + "/urls", "-C", folder + "/config", "-c", folder + "/cache.db"]
        let output = folder + "/stdout"
        let newsboat = ChildProcess.redirecting("/usr/bin/newsboat", files + arguments, output: output, errors: "/dev/null", in: folder,
                                                environment: ["HOME": folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        let finished = try await newsboat.finish(input: .nothing)
        try #require(finished.exit == .exited(0), "newsboat \(arguments.joined(separator: " ")) \(finished.exit)")
        return try String(contentsOfFile: output, encoding: .utf8)
    }
}
