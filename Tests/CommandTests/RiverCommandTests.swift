import CommandRuns
import Foundation
import GRDB
import Testing
import TestHTTPServer

/// `latest --sites`: the followed sites' stories in one list by date.
@Suite struct RiverCommandTests {
    /// A home following the seeded site as `ledger` and the big one as `big`.
    func twoSites() async throws -> String {
        let home = try TestSites.freshHome()
        for (name, site) in [("ledger", try TestSites.site), ("big", try TestSites.bigSite)] {
            let added = try await CommandRun.run(["sites", "add", name, site], environment: ["HOME": home])
            try #require(added.status == 0, "\(added.stderr)")
        }
        return home
    }

    /// Also follows a site nothing listens on, as sites.toml would hold one gone down.
    func follow(_ name: String, at address: String, home: String) throws {
        let file = home + "/.config/wpnews/sites.toml"
        let entry = "\n[sites.\(name)]\nurl = \"\(address)\"\napi_root = \"\(address)/wp-json/\"\n"
        try (try String(contentsOfFile: file, encoding: .utf8) + entry).write(toFile: file, atomically: true, encoding: .utf8)
    }

    func dates(_ stories: [[String: Any]]) -> [String] { stories.compactMap { $0["date"] as? String } }

    @Test func theSitesAreMergedNewestFirstAndEachStoryNamesItsSite() async throws {
        let home = try await twoSites()
        let run = try await CommandRun.run(["latest", "--sites", "all", "--per-page", "6", "--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        let stories = try run.json()
        #expect(stories.count == 6)
        #expect(stories.allSatisfy { Set($0.keys) == StoryJSONKeys.all.union(["site"]) })
        #expect(dates(stories) == dates(stories).sorted(by: >), "newest first across the sites")
        // The six newest of the two sites' own first pages, whichever site was seeded last.
        var newest: [(date: String, site: String, id: Int)] = []
        for site in ["ledger", "big"] {
            let own = try await CommandRun.run(["latest", "--site", site, "--per-page", "6", "--json"], environment: ["HOME": home])
            newest += try own.json().compactMap { story in
                guard let date = story["date"] as? String, let id = story["id"] as? Int else { return nil }
                return (date, site, id)
            }
        }
        let expected = newest.sorted { $0.date > $1.date }.prefix(6).map { "\($0.site) \($0.id)" }
        #expect(stories.compactMap { story in (story["site"] as? String).map { "\($0) \(story["id"] as? Int ?? 0)" } } == Array(expected),
                "the river's first page is the newest of every site's")

        let text = try await CommandRun.run(["latest", "--sites", "big,ledger", "--per-page", "6"], environment: ["HOME": home])
        let titleLines = text.stdout.split(separator: "\n").filter { $0.first?.isNumber == true || $0.hasPrefix(" ") && $0.dropFirst().first?.isNumber == true }
        #expect(titleLines.count == 6 && titleLines.allSatisfy { $0.contains(" ledger ") || $0.contains(" big ") }, "\(text.stdout)")
        #expect(text.stdout.contains("next: wpnews latest --sites big,ledger --per-page 6 --page 2"))
    }

    /// The river leaves hidden stories out as a site's list does, and counts them in its footer
    /// as a site's list does.
    @Test func theFooterCountsTheHiddenStoriesLeftOut() async throws {
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "ledger", try TestSites.site], environment: ["HOME": home]).status == 0)
        let first = try await CommandRun.run(["latest", "--sites", "ledger", "--json"], environment: ["HOME": home]).json()
        let hidden = try #require(first.first?["id"] as? Int)
        try await SearchCommandTests.hide(hidden, home: home)
        let run = try await CommandRun.run(["latest", "--sites", "ledger", "--width", "200"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        let footer = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(footer.hasPrefix("page 1 of ") && footer.contains(" · 1 hidden · next: "), "\(run.stdout)")
    }

    @Test func laterPagesGoOnWithTheMergeAndReadNFindsTheStorysSite() async throws {
        let home = try await twoSites()
        let six = try await CommandRun.run(["latest", "--sites", "all", "--per-page", "6", "--json"], environment: ["HOME": home]).json()
        var pages: [[String: Any]] = []
        for page in 1...2 {
            let run = try await CommandRun.run(["latest", "--sites", "all", "--per-page", "3", "--page", String(page), "--json"],
                                               environment: ["HOME": home])
            pages += try run.json()
        }
        #expect(pages.map { "\($0["site"]!) \($0["id"]!)" } == six.map { "\($0["site"]!) \($0["id"]!)" })

        // read -n opens each number on the site it came from, whatever id the other site has.
        let printed = try await CommandRun.run(["latest", "--sites", "all", "--per-page", "6"], environment: ["HOME": home])
        #expect(printed.status == 0)
        for (index, story) in six.enumerated() {
            let read = try await CommandRun.run(["read", "-n", String(index + 1), "--json"], environment: ["HOME": home])
            let article = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any], "\(read.stderr)")
            #expect(article["link"] as? String == story["link"] as? String, "number \(index + 1)")
        }
    }

    @Test func aSiteThatCannotBeReachedIsNamedAndTheOthersAreShown() async throws {
        let home = try await twoSites()
        try follow("gone", at: "http://127.0.0.1:9", home: home)
        let run = try await CommandRun.run(["latest", "--sites", "all", "--per-page", "3"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("gone: left out, no copy to show: could not connect"), "\(run.stderr)")
        #expect(run.stdout.contains("1. "))

        let alone = try await CommandRun.run(["latest", "--sites", "gone"], environment: ["HOME": home])
        #expect(alone.status == 1 && alone.stdout.isEmpty)
        #expect(alone.stderrLines.last == "wpnews: the site could not be read, and has no copy: check your connection and try again",
                "\(alone.stderr)")
    }

    @Test func aSiteThatGoesDownIsShownFromItsCopyAndSaysHowOld() async throws {
        let home = try await twoSites()
        let server = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        let added = try await CommandRun.run(["sites", "add", "replay", server.baseURL], environment: ["HOME": home])
        try #require(added.status == 0, "\(added.stderr)")
        let first = try await CommandRun.run(["latest", "--sites", "replay,ledger", "--json"], environment: ["HOME": home])
        #expect(first.status == 0, "\(first.stderr)")
        server.stop()
        let again = try await CommandRun.run(["latest", "--sites", "replay,ledger", "--refresh", "--json"], environment: ["HOME": home])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("replay: showing the copy from"), "\(again.stderr)")
        #expect(try again.json().map { "\($0["site"]!) \($0["id"]!)" } == (try first.json()).map { "\($0["site"]!) \($0["id"]!)" })
    }

    /// Marks that cannot be written are one warning, the same as a site's list gives, and the
    /// list is still kept for `read -n`. A trigger in the state refuses every seen mark, as a
    /// state SQLite cannot write to would.
    @Test func storiesThatCannotBeMarkedSeenWarnAsASitesListDoes() async throws {
        let home = try await twoSites()
        let first = try await CommandRun.run(["latest", "--site", "ledger", "--per-page", "3"], environment: ["HOME": home])
        try #require(first.status == 0, "\(first.stderr)")
        try await DatabaseQueue(path: home + "/.local/state/wpnews/state.sqlite").write { db in
            for event in ["INSERT", "UPDATE"] {
                try db.execute(sql: "CREATE TRIGGER refuse\(event) BEFORE \(event) ON storyState BEGIN SELECT RAISE(ABORT, 'refused'); END")
            }
        }
        let river = try await CommandRun.run(["latest", "--sites", "big", "--per-page", "3"], environment: ["HOME": home])
        #expect(river.status == 0, "\(river.stderr)")
        let read = try await CommandRun.run(["read", "-n", "1", "--json"], environment: ["HOME": home])
        let article = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any], "\(read.stderr)")
        #expect((article["link"] as? String)?.hasPrefix(try TestSites.bigSite) == true, "read -n reads the river's list: \(article)")

        // A page not seen yet: the first page's stories are marked already, and showing them again writes nothing.
        let site = try await CommandRun.run(["latest", "--site", "ledger", "--per-page", "3", "--page", "2"], environment: ["HOME": home])
        #expect(site.status == 0, "\(site.stderr)")
        let warning = try #require(site.stderrLines.first { $0.contains("warning:") }, "\(site.stderr)")
        #expect(warning.hasPrefix("wpnews: warning: could not remember what was shown: "))
        #expect(river.stderrLines == [warning], "\(river.stderr)")
    }

    @Test func sitesNamesFollowedSitesOnlyAndNotWithSite() async throws {
        let home = try await twoSites()
        let both = try await CommandRun.run(["latest", "--sites", "all", "--site", "ledger"], environment: ["HOME": home])
        #expect(both.status == 64 && both.stderr.contains("--site and --sites cannot go together"), "\(both.stderr)")
        let unknown = try await CommandRun.run(["latest", "--sites", "ledger,ledgr"], environment: ["HOME": home])
        #expect(unknown.status == 1 && unknown.stderr.contains("no site named 'ledgr'"), "\(unknown.stderr)")
        let none = try await CommandRun.run(["latest", "--sites", "all"])
        #expect(none.status == 1 && none.stderr.contains("no sites followed yet"), "\(none.stderr)")
    }
}
