import CommandRuns
import Foundation
import Testing

/// Several sites through the built binary (`make test` runs the E2E suite on the release
/// build): the river and watch ask their sites in a task group, and a release build once lost
/// which answer came from which site, where the in-process tests (a debug build) saw nothing.
@Suite struct RiverE2ETests {
    /// A home following the seeded site as `ledger` and the big one as `big`.
    func twoSites() async throws -> String {
        let home = try TestSites.freshHome()
        for (name, site) in [("ledger", try TestSites.site), ("big", try TestSites.bigSite)] {
            let added = try await WPNewsRun.run(["sites", "add", name, site], environment: ["HOME": home])
            try #require(added.status == 0, "\(added.stderr)")
        }
        return home
    }

    @Test func everySiteOfTheRiverKeepsItsOwnStories() async throws {
        let home = try await twoSites()
        // A page longer than the seeded site's whole list (about 60 posts) holds stories of both
        // sites, whichever was seeded last.
        let river = try await WPNewsRun.run(["latest", "--sites", "all", "--per-page", "100", "--json"], environment: ["HOME": home])
        #expect(river.status == 0, "\(river.stderr)")
        let stories = try river.json()
        #expect(Set(stories.compactMap { $0["site"] as? String }) == ["ledger", "big"], "\(river.stdout.prefix(500))")
        // Each story's link is on the host of the site it is named with.
        for story in stories {
            let (site, link) = (story["site"] as? String, story["link"] as? String ?? "")
            #expect(link.contains(site == "ledger" ? try TestSites.site : try TestSites.bigSite), "\(site ?? "?"): \(link)")
        }
    }

    @Test func watchCreditsEveryStoryToItsOwnSite() async throws {
        let home = try await twoSites()
        let watch = try await WPNewsRun.run(["watch", "--once", "--sites", "all", "--since", "3d", "--json"], environment: ["HOME": home])
        #expect(watch.status == 0, "\(watch.stderr)")
        let lines = try watch.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
        #expect(Set(lines.compactMap { $0["site"] as? String }) == ["ledger", "big"], "\(watch.stdout.prefix(500))")
        for line in lines {
            let (site, link) = (line["site"] as? String, line["link"] as? String ?? "")
            #expect(link.contains(site == "ledger" ? try TestSites.site : try TestSites.bigSite), "\(site ?? "?"): \(link)")
        }
    }
}
