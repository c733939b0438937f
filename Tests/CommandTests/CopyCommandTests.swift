import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// What the commands say when they answer from the cache instead of the site: what is
/// missing from the copy, and that a copy was shown at all.
@Suite struct CopyCommandTests {
    /// A tag the copy does not hold may well exist on the site: not "no tag".
    @Test func offlineATagNotCachedIsNotInTheCopy() async throws {
        let server = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        defer { server.stop() }
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["tags", "--site", server.baseURL], environment: ["HOME": home]).status == 0)
        let run = try await CommandRun.run(["tag", "not-a-cached-tag", "--site", server.baseURL, "--offline"], environment: ["HOME": home])
        #expect(run.status == 1)
        #expect(run.stderrLines == [
            "wpnews: the tag 'not-a-cached-tag' is not in the offline copy of \(server.baseURL): run the command again when \(server.baseURL) can be reached",
        ], "\(run.stderr)")
    }

    /// Several things are missing: the sentence agrees with them.
    @Test func offlineMissingTermsAreSaidInGoodEnglish() async throws {
        let home = try TestSites.freshHome()
        let site = "http://127.0.0.1:9"
        let categories = try await CommandRun.run(["categories", "--site", site, "--offline"], environment: ["HOME": home])
        #expect(categories.status == 1 && categories.stderr.contains("the site's categories are not in the offline copy of \(site)"), "\(categories.stderr)")
        let search = try await CommandRun.run(["search", "ferry", "--site", site, "--offline"], environment: ["HOME": home])
        #expect(search.status == 1 && search.stderr.contains("the stories to search are not in the offline copy of \(site)"), "\(search.stderr)")
    }

    /// `--refresh` on a site that cannot be reached shows the copy, and says so with its age.
    @Test(arguments: [["categories"], ["tags"], ["tags", "--list"]])
    func aCopyShownForAnUnreachableSiteIsSaid(command: [String]) async throws {
        // Tags with their counts, as WordPress gives them to a cloud (the recorded fixture has none).
        let tags = #"[{"id": 16, "name": "City Council", "slug": "city-council", "count": 9}, {"id": 17, "name": "Budget", "slug": "budget", "count": 4}]"#
        let server = try FakeWordPress.start { route, request in
            route == "/wp/v2/tags" ? .json(tags, headers: [("X-WP-Total", "2"), ("X-WP-TotalPages", "1")]) : FakeWordPress.seededSiteRoutes(route, request)
        }
        let home = try TestSites.freshHome()
        let fresh = try await CommandRun.run(command + ["--site", server.baseURL], environment: ["HOME": home])
        #expect(fresh.status == 0 && fresh.stderr.isEmpty, "\(fresh.stderr)")
        server.stop()
        let copy = try await CommandRun.run(command + ["--site", server.baseURL, "--refresh"], environment: ["HOME": home])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout == fresh.stdout, "\(command): \(copy.stdout) \(copy.stderr)")
        #expect(copy.stderrLines.count == 1 && copy.stderr.hasPrefix("offline: showing the copy from just now: could not connect"), "\(command): \(copy.stderr)")
    }
}
