import CommandRuns
import Foundation
import Testing
import TestHTTPServer

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
        #expect(run.stdout == "No stories match 'xyzzyquux'\n")
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
