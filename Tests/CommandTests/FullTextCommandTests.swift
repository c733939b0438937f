import CommandRuns
import Foundation
import HTTPClient
import ProcessSpawn
import TestHTTPServer
import Testing

/// `read --full` and full-text sites against the web-feed bed's feed of summaries
/// (Tests/Fixtures/web/summaries): each story's page read, kept, and limited. One at a time:
/// tests count the bed's requests for a page, which another test may read meanwhile.
@Suite(.serialized) struct FullTextCommandTests {
    /// A fresh home following the feed of summaries, and its stories' ids by title.
    static func following(_ extra: [String] = []) async throws -> (home: String, ids: [String: Int]) {
        let (home, bed) = (try TestSites.freshHome(), try WebFeedCommandTests.bed)
        let added = try await CommandRun.run(["sites", "add", "summaries", bed + "/summaries/feed.rss"] + extra, environment: ["HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        let latest = try await CommandRun.run(["latest", "--json"], environment: ["HOME": home])
        let stories = try JSONSerialization.jsonObject(with: Data(latest.stdout.utf8)) as? [[String: Any]] ?? []
        var ids: [String: Int] = [:]
        for story in stories { if let title = story["title"] as? String, let id = story["id"] as? Int { ids[title] = id } }
        return (home, ids)
    }

    static func read(_ id: Int?, _ options: [String], home: String) async throws -> (run: CommandRun, json: [String: Any]) {
        let id = try #require(id, "the feed's story")
        let run = try await CommandRun.run(["read", String(id), "--json"] + options, environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        return (run, try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:])
    }

    static func requests(under path: String) throws -> [String] {
        let log = try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_WEB_FEEDS_LOG"], "run under scripts/with-wordpress.sh")
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { $0.split(separator: " ").dropFirst().first?.hasPrefix(path) ?? false }
    }

    @Test func fullReadsTheStoryPageOnceAndKeepsItForOfflineReading() async throws {
        let (home, ids) = try await Self.following()
        let before = try Self.requests(under: "/summaries/whole/").count
        let (run, json) = try await Self.read(ids["Board approves the new breakwater"], ["--full"], home: home)
        let text = json["content_text"] as? String ?? ""
        #expect(json["full_text"] as? Bool == true)
        #expect(text.contains("Fishermen asked for a gap") && text.contains("three years of studies"), "\(text)")
        #expect(!text.contains("Copyright") && !text.contains("Sport"), "the page's chrome: \(text)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        // The page itself, once; none of what it would load in a browser.
        #expect(try Self.requests(under: "/summaries/whole/").count == before + 1)
        for asset in ["tracker.js", "head.js", "frame.html", "site.css", "style.css", "subscribe.php", "background.png"] {
            #expect(try Self.requests(under: "/summaries/whole/" + asset).isEmpty, "\(asset) was fetched")
        }
        let (offline, kept) = try await Self.read(ids["Board approves the new breakwater"], ["--full", "--offline"], home: home)
        #expect(kept["full_text"] as? Bool == true && kept["content_text"] as? String == text, "\(offline.stderr)")
        #expect(try Self.requests(under: "/summaries/whole/").count == before + 1, "read again from the cache")
        let (_, summary) = try await Self.read(ids["Board approves the new breakwater"], [], home: home)
        #expect(summary["full_text"] == nil && (summary["content_text"] as? String ?? "").contains("approved the breakwater on Tuesday"))
    }

    @Test func savingAStoryReadInFullKeepsThePagesArticleThroughCacheClear() async throws {
        let (home, ids) = try await Self.following()
        let id = try #require(ids["Board approves the new breakwater"], "the feed's story")
        _ = try await Self.read(id, ["--full"], home: home)
        let save = try await CommandRun.run(["save", String(id)], environment: ["HOME": home])
        #expect(save.status == 0, "\(save.stderr)")
        #expect(try await CommandRun.run(["cache", "clear"], environment: ["HOME": home]).status == 0)
        let file = home + "/saved.html"
        let export = try await CommandRun.run(["saved", "--export", file], environment: ["HOME": home])
        #expect(export.status == 0, "\(export.stderr)")
        let kept = try String(contentsOfFile: file, encoding: .utf8)
        #expect(kept.contains("Fishermen asked for a gap") && kept.contains("three years of studies"), "the summary was saved: \(kept)")
    }

    @Test func aPostSplitIntoPagesIsReadToItsLastPage() async throws {
        let (home, ids) = try await Self.following()
        let (_, json) = try await Self.read(ids["Ferry timetable in three parts"], ["--full"], home: home)
        let text = json["content_text"] as? String ?? ""
        #expect(text.contains("Part one") && text.contains("Part two") && text.contains("Part three"), "\(text)")
    }

    @Test func aSiteWithFullTextReadsPagesWithoutBeingAskedAndItsListsFetchNone() async throws {
        let before = try Self.requests(under: "/summaries/whole/").count
        let (home, ids) = try await Self.following(["--full-text"])
        let sites = try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8)
        #expect(sites.contains("full_text = true"), "\(sites)")
        #expect(try Self.requests(under: "/summaries/whole/").count == before, "latest fetched a story's page")
        let (_, json) = try await Self.read(ids["Board approves the new breakwater"], [], home: home)
        #expect(json["full_text"] as? Bool == true && (json["content_text"] as? String ?? "").contains("Fishermen"))
        let list = try await CommandRun.run(["sites", "list"], environment: ["HOME": home])
        #expect(list.stdout.contains("summaries  web-feed, full text  "), "\(list.stdout)")
    }

    @Test func sitesSetTurnsFullTextOnAndOffAndKeepsASelector() async throws {
        let (home, _) = try await Self.following()
        let on = try await CommandRun.run(["sites", "set", "summaries", "--full-text", "on", "--full-text-selector", "div.story-body"], environment: ["HOME": home])
        #expect(on.status == 0, "\(on.stderr)")
        let file = home + "/.config/wpnews/sites.toml"
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("full_text = true\nfull_text_selector = \"div.story-body\""))
        let listed = try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home])
        #expect(listed.stdout.contains("\"full_text\" : true") && listed.stdout.contains("\"full_text_selector\" : \"div.story-body\""), "\(listed.stdout)")
        let off = try await CommandRun.run(["sites", "set", "summaries", "--full-text", "off", "--full-text-selector", ""], environment: ["HOME": home])
        #expect(off.status == 0, "\(off.stderr)")
        #expect(try !String(contentsOfFile: file, encoding: .utf8).contains("full_text"))
        let wrong = try await CommandRun.run(["sites", "set", "summaries", "--full-text", "maybe"], environment: ["HOME": home])
        #expect(wrong.status == 64, "\(wrong.stderr)")
    }

    /// Whatever the page does, the summary stays, with one line saying why.
    @Test(arguments: [
        ("Four hops away", ["--full"], "redirected more than 3 times"),
        ("A slow page", ["--full", "--timeout", "1"], "no answer from"),
        ("Thinner than its summary", ["--full"], "held less text than the summary"),
        ("No article on the page", ["--full"], "no article was found on the story's page"),
        ("Sent inside", ["--full"], "10.0.0.1 is at 10.0.0.1, a private address"),
    ])
    func thePageThatCannotBeReadLeavesTheSummary(title: String, options: [String], why: String) async throws {
        let (home, ids) = try await Self.following()
        let (run, json) = try await Self.read(ids[title], options, home: home)
        #expect(json["full_text"] as? Bool == false)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(why) && lines[0].hasSuffix("showing the summary"), "\(run.stderr)")
    }

    /// A short post's summary is the whole of it: the page gives the same words, without the
    /// line saying the feed carries only an excerpt, and is shown.
    @Test func aPageAsLongAsItsSummaryIsShown() async throws {
        let (home, ids) = try await Self.following()
        let (run, json) = try await Self.read(ids["Whole in its summary"], ["--full"], home: home)
        #expect(json["full_text"] as? Bool == true, "\(run.stderr)")
        #expect((json["content_text"] as? String ?? "").contains("The quay lights are back on after the storm."))
        #expect(!(json["content_text"] as? String ?? "").contains("gives only this excerpt"))
    }

    @Test func threeRedirectsAreFollowedEachShownWithVerbose() async throws {
        let (home, ids) = try await Self.following()
        let (run, json) = try await Self.read(ids["Three hops away"], ["--full", "-v"], home: home)
        #expect(json["full_text"] as? Bool == true)
        for hop in ["hop3.html", "hop4.html", "whole/"] {
            #expect(run.stderr.contains("redirected to \(try WebFeedCommandTests.bed)/summaries/\(hop)"), "\(run.stderr)")
        }
    }

    @Test func aPageOverFiveMegabytesLeavesTheSummary() async throws {
        let live = try WebFeedCommandTests.liveDirectory()
        let body = "<html><body><div class=\"entry-content\"><p>" + String(repeating: "word ", count: 6 * 1_048_576 / 5) + "</p></div></body></html>"
        try body.write(toFile: live.path + "/big.html", atomically: true, encoding: .utf8)
        try WebFeedCommandTests.rss([(guid: "big", title: "Big page", text: "A summary.", date: nil)])
            .replacingOccurrences(of: "https://quay.example/big/", with: "big.html")
            .write(toFile: live.path + "/feed.rss", atomically: true, encoding: .utf8)
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "big", live.url + "/feed.rss"], environment: ["HOME": home]).status == 0)
        let latest = try await CommandRun.run(["latest", "--json"], environment: ["HOME": home])
        let id = (try JSONSerialization.jsonObject(with: Data(latest.stdout.utf8)) as? [[String: Any]])?.first?["id"] as? Int
        let (run, json) = try await Self.read(id, ["--full"], home: home)
        #expect(json["full_text"] as? Bool == false)
        #expect(run.stderr.contains("larger than 5 MiB") && run.stderr.hasSuffix("showing the summary\n"), "\(run.stderr)")
    }

    /// An IPv4 address of this machine that is not loopback, private or link-local: a feed
    /// served there is one from the web as far as wpnews can tell.
    static let webAddressOfThisMachine: String? = {
        var interfaces: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&interfaces) == 0 else { return nil }
        defer { freeifaddrs(interfaces) }
        var entry = interfaces
        while let current = entry {
            entry = current.pointee.ifa_next
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            var ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &ipv4, &text, socklen_t(text.count)) != nil else { continue }
            let found = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if AddressKind.of(address: found) == nil { return found }
        }
        return nil
    }()

    /// A feed from the web linking a page on this machine: the page is never asked for.
    @Test(.enabled(if: webAddressOfThisMachine != nil, "this machine has no address outside loopback and private networks"))
    func aFeedFromTheWebMayNotLinkAPageOnThisMachine() async throws {
        let (address, bed) = (try #require(Self.webAddressOfThisMachine), try WebFeedCommandTests.bed)
        let root = NSTemporaryDirectory() + "wpnews-web-feed-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try WebFeedCommandTests.rss([(guid: "inside", title: "A page inside", text: "A summary.", date: nil)])
            .replacingOccurrences(of: "https://quay.example/inside/", with: bed + "/summaries/whole/")
            .write(toFile: root + "/feed.rss", atomically: true, encoding: .utf8)
        let port = Int.random(in: 20_000...40_000)
        let script = TestSites.packageRoot.appendingPathComponent("scripts/feed-server.py").path
        let said = root + "/stdout"
        let server = try StartedChild(.redirecting("/usr/bin/python3", [script, "--root", root, "--hosts", address, "--port", String(port)],
                                                   output: said, environment: ProcessInfo.processInfo.environment))
        defer { server.stop() }
        // It says so once it listens.
        _ = await eventually { server.exit != nil || !((try? String(contentsOfFile: said, encoding: .utf8)) ?? "").isEmpty }
        let home = try TestSites.freshHome()
        let added = try await CommandRun.run(["sites", "add", "web", "http://\(address):\(port)/feed.rss"], environment: ["HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        let latest = try await CommandRun.run(["latest", "--json"], environment: ["HOME": home])
        let id = (try JSONSerialization.jsonObject(with: Data(latest.stdout.utf8)) as? [[String: Any]])?.first?["id"] as? Int
        let before = try Self.requests(under: "/summaries/whole/").count
        let (run, json) = try await Self.read(id, ["--full"], home: home)
        #expect(json["full_text"] as? Bool == false)
        #expect(run.stderr.contains("127.0.0.1, a loopback address, which a page from the web may not send wpnews to"), "\(run.stderr)")
        #expect(try Self.requests(under: "/summaries/whole/").count == before, "the page on this machine was asked for")
    }

    /// A REST site's articles are whole: `--full` asks for no page, and says so.
    @Test func onARestSiteFullOnlySaysSo() async throws {
        let (site, home) = (try TestSites.site, try TestSites.freshHome())
        let latest = try await CommandRun.run(["latest", "--site", site, "--json"], environment: ["HOME": home])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(latest.stdout.utf8)) as? [[String: Any]])?.first?["id"] as? Int)
        let plain = try await CommandRun.run(["read", String(id), "--site", site, "--json"], environment: ["HOME": home])
        let full = try await CommandRun.run(["read", String(id), "--site", site, "--json", "--full"], environment: ["HOME": home])
        #expect(full.status == 0 && full.stderr.contains("is read through its REST API, whose articles are whole already"), "\(full.stderr)")
        let content = { (run: CommandRun) in (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])?["content_html"] as? String }
        #expect(content(full) != nil && content(full) == content(plain))
    }
}
