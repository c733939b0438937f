import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// Which story `read` opens, and where from: a URL names its own site, `-n` the last list
/// printed, whatever printed it.
@Suite struct ReadTargetE2ETests {
    /// A default site that is not the one the URL is on (the recorded answers of the seeded site).
    func homeWithAnotherDefaultSite() async throws -> (home: String, server: TestHTTPServer) {
        let server = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        let home = try TestSites.freshHome()
        let added = try await WPNewsRun.run(["sites", "add", "elsewhere", server.baseURL], environment: ["HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        return (home, server)
    }

    @Test func aURLIsReadOnItsOwnSiteNotTheDefault() async throws {
        let site = try TestSites.site
        let (home, server) = try await homeWithAnotherDefaultSite()
        let story = try #require(try await WPNewsRun.run(["latest", "--site", site, "--json"]).json().first)
        let (id, link) = (try #require(story["id"] as? Int), try #require(story["link"] as? String))

        for url in ["\(site)/?p=\(id)", link] {
            let run = try await WPNewsRun.run(["read", url, "--no-pager"], environment: ["HOME": home])
            #expect(run.status == 0, "\(url): \(run.stderr)")
            #expect(run.stdout.hasPrefix(story["title"] as? String ?? "?"), "\(url)")
            #expect(run.stderr.contains("reading it on \(site)"), "it says which site it read: \(run.stderr)")
        }
        #expect(!server.requests.contains { $0.path.contains("/posts") }, "the default site was not asked")

        // A URL on a followed site is read as that site, by its name.
        let followed = try await WPNewsRun.run(["sites", "add", "ledger", site], environment: ["HOME": home])
        #expect(followed.status == 0, "\(followed.stderr)")
        let byName = try await WPNewsRun.run(["read", link, "--no-pager", "-v"], environment: ["HOME": home])
        #expect(byName.status == 0 && byName.stderr.contains("reading it on ledger"), "\(byName.stderr)")
        #expect(!byName.stderr.contains("HEAD "), "a followed site needs no discovery")
    }

    @Test func numbersAreTheLastListPrintedAsNumberedWhateverPrintedIt() async throws {
        let site = try TestSites.site
        let (home, _) = try await homeWithAnotherDefaultSite()
        let env = ["HOME": home]
        func titleOf(_ run: WPNewsRun) -> String { String(run.stdout.split(separator: "\n").first ?? "") }

        // Page 2 is numbered 11 to 20, and those are the numbers -n takes.
        let second = try await WPNewsRun.run(["latest", "--site", site, "--page", "2", "--json"], environment: env).json()
        _ = try await WPNewsRun.run(["latest", "--site", site, "--page", "2"], environment: env)
        let eleventh = try await WPNewsRun.run(["read", "-n", "11", "--no-pager"], environment: env)
        #expect(eleventh.status == 0, "read -n reads from the list's site, not the default: \(eleventh.stderr)")
        #expect(titleOf(eleventh) == second.first?["title"] as? String)
        let first = try await WPNewsRun.run(["read", "-n", "1", "--no-pager"], environment: env)
        #expect(first.status == 1 && first.stderr.contains("the last list showed numbers 11 to 20, not 1"), "\(first.stderr)")

        // A search is a list too; a --json run is not.
        let search = try await WPNewsRun.run(["search", "ferry", "--site", site], environment: env)
        #expect(search.status == 0, "\(search.stderr)")
        let hits = try await WPNewsRun.run(["search", "ferry", "--site", site, "--json"], environment: env).json()
        let fromSearch = try await WPNewsRun.run(["read", "-n", "1", "--no-pager"], environment: env)
        #expect(fromSearch.status == 0, "\(fromSearch.stderr)")
        #expect(titleOf(fromSearch) == hits.first?["title"] as? String)

        _ = try await WPNewsRun.run(["latest", "--json"], environment: env)
        let stillSearch = try await WPNewsRun.run(["read", "-n", "1", "--no-pager"], environment: env)
        #expect(titleOf(stillSearch) == hits.first?["title"] as? String, "--json lists are not remembered")

        let none = try await WPNewsRun.run(["read", "-n", "1"], environment: ["HOME": try TestSites.freshHome()])
        #expect(none.status == 1 && none.stderr.contains("no list shown yet"))
    }

    /// The story is not lost when the pager fails before reading it.
    @Test func aPagerThatFailsStillLeavesTheArticle() async throws {
        let site = try TestSites.site
        let command = "\(WPNewsRun.binary) read 27 --site \(site) --width 70"
        let run = try await WPNewsRun.run(["-qec", command, "/dev/null"], environment: ["PAGER": "false"], executable: "/usr/bin/script")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Permalink: "), "printed after the pager failed")
        #expect(run.stdout.contains("the pager (false) failed"), "and says why (script merges stderr): \(run.stdout.suffix(300))")
    }
}
