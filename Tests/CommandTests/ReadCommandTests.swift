import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// `read`: which site and which story it reads, and what it says when it cannot.
@Suite struct ReadCommandTests {
    /// `-n` names a story of the last list, on its own site: a `--site` naming another one
    /// is a mistake, not a request to read another site's story of that number.
    @Test func aNumberWithTheSiteOfAnotherListIsAUsageError() async throws {
        let listed = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        let other = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        defer { listed.stop(); other.stop() }
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["latest", "--site", listed.baseURL], environment: ["HOME": home]).status == 0)
        let run = try await CommandRun.run(["read", "-n", "2", "--site", other.baseURL], environment: ["HOME": home])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderrLines.first == "wpnews: story 2 of the last list is on \(listed.baseURL), not \(other.baseURL): leave out --site, or name \(listed.baseURL)",
                "\(run.stderr)")
        #expect(other.requests.isEmpty, "nothing asked of the other site")
        let same = try await CommandRun.run(["read", "-n", "2", "--site", listed.baseURL, "--offline"], environment: ["HOME": home])
        #expect(same.status == 1 && same.stderr.contains("is not in the offline copy of \(listed.baseURL)"), "\(same.stderr)")
    }
}
