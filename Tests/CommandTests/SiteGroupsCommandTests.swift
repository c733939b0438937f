import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// Groups of followed sites: `sites add --group`, `sites set --groups`, `sites list`, and
/// the names a group may not take.
@Suite struct SiteGroupsCommandTests {
    @Test func aSiteAddedWithGroupsIsInThemAndListedWithThem() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let run = try await CommandRun.run(["sites", "add", "ledger", site, "--group", "uni", "--group", "local"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8).contains("groups = [\"local\", \"uni\"]"))
        let listed = try await CommandRun.run(["sites", "list"], environment: ["HOME": home])
        #expect(listed.stdout == "* ledger  rest  0 unread  \(site)  local,uni\n", "\(listed.stdout)")
        let json = try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home]).json()
        #expect(json.map { $0["groups"] as? [String] } == [["local", "uni"]])
    }

    @Test func groupsAreSetWithAddAndSetAndNeverNamedLikeASiteOrAll() async throws {
        let feeds = try TestHTTPServer { _ in .html("<html>not WordPress</html>") }
        defer { feeds.stop() }
        let home = try TestSites.freshHome()
        let env = ["HOME": home]
        try await Self.follow(["harbour", "quay"], home: home)
        let set = try await CommandRun.run(["sites", "set", "harbour", "--groups", "local,news"], environment: env)
        #expect(set.status == 0 && set.stderrLines == ["'harbour' is in local, news"], "\(set.stderr)")
        #expect(try await CommandRun.run(["sites", "list", "--json"], environment: env).json().map { $0["groups"] as? [String] } == [["local", "news"], []])
        for (arguments, status, line) in [
            (["sites", "set", "quay", "--groups", "harbour"], 1, "wpnews: 'harbour' names a followed site, so it cannot name a group too: pick another name"),
            (["sites", "set", "quay", "--groups", "all"], 64, "'all' means every followed site (--sites all), so it cannot name a group"),
            (["sites", "set", "quay", "--groups", "a b"], 64, "'a b' cannot name a group"),
            (["sites", "add", "x", feeds.url("/"), "--group", "all"], 64, "'all' means every followed site"),
            (["sites", "add", "local", feeds.url("/")], 1, "wpnews: 'local' names a group of sites, so it cannot name a site too: pick another name"),
            (["sites", "add", "x", feeds.url("/"), "--group", "quay"], 1, "wpnews: 'quay' names a followed site, so it cannot name a group too: pick another name"),
            (["sites", "set", "quay"], 64, "say what to change: --groups a,b"),
            (["latest", "--sites", "nope"], 1, "wpnews: no site or group named 'nope' (sites: harbour, quay; groups: local, news)"),
        ] as [([String], Int32, String)] {
            let run = try await CommandRun.run(arguments, environment: env)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(line), "\(arguments): \(run.stderr)")
        }
        #expect(feeds.requests.isEmpty, "refused before any lookup")
        let cleared = try await CommandRun.run(["sites", "set", "harbour", "--groups", ""], environment: env)
        #expect(cleared.status == 0 && cleared.stderrLines == ["'harbour' is in no group"], "\(cleared.stderr)")
        #expect(try await CommandRun.run(["sites", "list", "--json"], environment: env).json().map { $0["groups"] as? [String] } == [[], []])
    }

    /// A group may be named in any script (`sites set --groups` takes letters of any
    /// alphabet), so the groups column is measured in terminal columns: the failure column
    /// after it starts at the same column on every line, whatever the groups' widths.
    @Test func theGroupsColumnLinesUpWithWideGroupNames() async throws {
        let home = try TestSites.freshHome()
        let env = ["HOME": home]
        try await Self.follow(["harbour", "quay"], home: home)
        #expect(try await CommandRun.run(["sites", "set", "harbour", "--groups", "日本"], environment: env).status == 0)
        #expect(try await CommandRun.run(["sites", "set", "quay", "--groups", "tech"], environment: env).status == 0)
        // A feed gone for good makes the failure column without a fetch.
        let file = home + "/.config/wpnews/sites.toml"
        try (try String(contentsOfFile: file, encoding: .utf8)).replacing("kind = \"web-feed\"", with: "kind = \"web-feed\"\ngone = \"2026-01-01T00:00:00Z\"")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let listed = try await CommandRun.run(["sites", "list", "--no-color"], environment: env)
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        // 日本 takes four columns, as tech does.
        #expect(lines.map { $0.components(separatedBy: "gone (HTTP 410)").first } == [
            "  harbour  web-feed  0 unread  https://harbour.example/  日本  ",
            "  quay     web-feed  0 unread  https://quay.example/     tech  ",
        ], "\(listed.stdout)")
    }

    /// Web feeds followed under `names`, written straight into sites.toml.
    static func follow(_ names: [String], home: String) async throws {
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try names.map { "[sites.\"\($0)\"]\nurl = \"https://\($0).example/\"\nkind = \"web-feed\"\nfeed = \"https://\($0).example/feed.xml\"\n" }
            .joined(separator: "\n").write(toFile: home + "/.config/wpnews/sites.toml", atomically: true, encoding: .utf8)
    }

}
