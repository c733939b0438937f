import CommandRuns
import Foundation
import Testing

/// The river through the built binary (`make test` runs the E2E suite on the release build):
/// its sites are fetched by a task group, and a release build once lost which answer came
/// from which site, where the in-process tests (a debug build) saw nothing wrong.
@Suite struct RiverE2ETests {
    @Test func everySiteOfTheRiverKeepsItsOwnStories() async throws {
        let home = try TestSites.freshHome()
        for (name, site) in [("ledger", try TestSites.site), ("big", try TestSites.bigSite)] {
            let added = try await WPNewsRun.run(["sites", "add", name, site], environment: ["HOME": home])
            try #require(added.status == 0, "\(added.stderr)")
        }
        let river = try await WPNewsRun.run(["latest", "--sites", "all", "--per-page", "6", "--json"], environment: ["HOME": home])
        #expect(river.status == 0, "\(river.stderr)")
        let stories = try river.json()
        #expect(Set(stories.compactMap { $0["site"] as? String }) == ["ledger", "big"], "\(river.stdout.prefix(500))")
        // Each story's link is on the host of the site it is named with.
        for story in stories {
            let (site, link) = (story["site"] as? String, story["link"] as? String ?? "")
            #expect(link.contains(site == "ledger" ? try TestSites.site : try TestSites.bigSite), "\(site ?? "?"): \(link)")
        }
    }
}
