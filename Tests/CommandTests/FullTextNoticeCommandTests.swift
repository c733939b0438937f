import CommandRuns
import Foundation
import Testing

/// What a site's `full_text` default says on a REST site, whose articles are whole already.
@Suite struct FullTextNoticeCommandTests {
    /// The site's own setting reads its stories as they are, without a word on every read;
    /// asking for the page (`--full`) is what is told there is none to read.
    @Test func aRestSiteSetToFullTextSaysSoOnlyWhenThePageIsAskedFor() async throws {
        let (site, home) = (try TestSites.site, try TestSites.freshHome())
        let added = try await CommandRun.run(["sites", "add", "rest", site, "--full-text"], environment: ["HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        let latest = try await CommandRun.run(["latest", "--json"], environment: ["HOME": home])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(latest.stdout.utf8)) as? [[String: Any]])?.first?["id"] as? Int)
        let plain = try await CommandRun.run(["read", String(id), "--json"], environment: ["HOME": home])
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        let full = try await CommandRun.run(["read", String(id), "--json", "--full"], environment: ["HOME": home])
        #expect(full.status == 0 && full.stderrLines.count == 1, "\(full.stderr)")
        #expect(full.stderr.contains("is read through its REST API, whose articles are whole already"), "\(full.stderr)")
    }
}
