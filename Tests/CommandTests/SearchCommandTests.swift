import CommandRuns
import Foundation
import Testing
import TestHTTPServer
@testable import NewsCore

/// One-shot search against the seeded WordPress, and its offline fallback.
@Suite struct SearchCommandTests {
    @Test func storiesMatchingMostRelevantFirst() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["search", "council", "--site", site, "--per-page", "5"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix(" 1. ") || run.stdout.hasPrefix("1. "))
        #expect(run.stdout.contains("next: wpnews search council --site \(site) --per-page 5 --page 2"))
        let json = try await CommandRun.run(["search", "city council", "--site", site, "--json"]).json()
        #expect(!json.isEmpty && json.allSatisfy { $0["type"] as? String == "post" && $0["title"] is String })
    }

    /// A page of results ends as a page of a story list does (`ListFooter`): where the page
    /// is, how many were hidden, then the command for the next page, which goes on a line of
    /// its own when the whole would be wider than the screen; the last page says only where it is.
    @Test(arguments: [["search", "council"], ["latest"]])
    func theFooterIsTheStoryListsFooter(command: [String]) async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let options = ["--site", site, "--per-page", "3"]
        let first = try await CommandRun.run(command + options + ["--json"], environment: ["HOME": home]).json()
        try await Self.hide(try #require(first.first?["id"] as? Int), home: home)
        let next = "next: wpnews \(command.joined(separator: " ")) --site \(site) --per-page 3 --page 2"

        let wide = try await CommandRun.run(command + options + ["--width", "200"], environment: ["HOME": home])
        #expect(wide.status == 0, "\(wide.stderr)")
        let wideFooter = wide.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().suffix(2).map(String.init)
        let pages = try #require(wideFooter.last?.firstMatch(of: #/^page 1 of (\d+) · /#).flatMap { Int($0.1) }, "\(wideFooter)")
        #expect(pages > 1)
        #expect(wideFooter == ["", "page 1 of \(pages) · 1 hidden · \(next)"])

        let narrow = try await CommandRun.run(command + options + ["--width", "40"], environment: ["HOME": home])
        let narrowFooter = narrow.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().suffix(3).map(String.init)
        #expect(narrowFooter == ["", "page 1 of \(pages) · 1 hidden", next])

        let last = try await CommandRun.run(command + options + ["--page", String(pages)], environment: ["HOME": home])
        #expect(last.status == 0, "\(last.stderr)")
        #expect(last.stdout.hasSuffix("\n\npage \(pages) of \(pages)\n"), "\(last.stdout.suffix(200))")
    }

    /// A search whose every hit the user hid says so, as a list does ("Only hidden stories"),
    /// not that nothing matches, and counts them in its footer.
    @Test func aSearchWhoseHitsAreAllHiddenSaysSo() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let options = ["--site", site, "--per-page", "100"]
        let hits = try await CommandRun.run(["search", "ferry", "--json"] + options, environment: ["HOME": home]).json()
        let ids = hits.compactMap { $0["id"] as? Int }
        #expect(!ids.isEmpty && ids.count < 100, "one page of hits: \(ids)")
        for id in ids { try await Self.hide(id, home: home) }
        let run = try await CommandRun.run(["search", "ferry"] + options, environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Only hidden stories match 'ferry'.\n\n\(ids.count) hidden\n", "\(run.stdout)")
    }

    /// Hides a story as the app does, in the state of the site `home` has cached.
    static func hide(_ storyID: Int, home: String) async throws {
        let report = try await CommandRun.run(["cache", "--json"], environment: ["HOME": home])
        let sites = try #require((try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])?["sites"] as? [[String: Any]])
        let root = try #require(sites.first?["api_root"] as? String)
        let database = AppDatabase.open(AppDatabase.Files(cache: home + "/.cache/wpnews/wpnews.sqlite", state: home + "/.local/state/wpnews/state.sqlite"),
                                        notice: { Issue.record("unexpected notice: \($0)") })
        try ReadingMarks(database: database).set(.hidden, on: [storyID], root: root, at: Date())
    }

    @Test func pagesAreIncludedAndMarked() async throws {
        let site = try TestSites.site
        let json = try await CommandRun.run(["search", "ethics", "--pages", "--site", site, "--json"]).json()
        #expect(json.contains { $0["type"] as? String == "page" && $0["title"] as? String == "Ethics Policy" })
        #expect(json.contains { $0["type"] as? String == "post" })
        let text = try await CommandRun.run(["search", "ethics", "--pages", "--site", site])
        #expect(text.stdout.contains("page · id "))
    }

    @Test func nothingFoundIsNotAnError() async throws {
        let run = try await CommandRun.run(["search", "xyzzyquux", "--site", try TestSites.site])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "No stories match 'xyzzyquux'.\n")
    }

    @Test func anUnreachableSiteSearchesTheCache() async throws {
        let server = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        let home = try TestSites.freshHome()
        _ = try await CommandRun.run(["latest", "--site", server.baseURL], environment: ["HOME": home])
        server.stop()
        let run = try await CommandRun.run(["search", "ferry", "--site", server.baseURL], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("offline: searching 10 cached stories: could not connect"))
        #expect(run.stdout.contains("ferry"))
        let offline = try await CommandRun.run(["search", "ferry", "--site", server.baseURL, "--offline", "--json"], environment: ["HOME": home])
        #expect(try offline.json().allSatisfy { ($0["title"] as? String ?? "").localizedCaseInsensitiveContains("ferry") || ($0["excerpt"] as? String ?? "").localizedCaseInsensitiveContains("ferry") })
    }

    @Test func withoutATerminalLiveSearchIsAUsageError() async throws {
        let run = try await CommandRun.run(["search", "--site", try TestSites.site])
        #expect(run.status == 64)
        #expect(run.stderr.contains("live search needs a terminal"))
    }
}
