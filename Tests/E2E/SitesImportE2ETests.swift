import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// `wpnews sites import` stopped by Ctrl-C: only a process of its own can be interrupted.
@Suite struct SitesImportE2ETests {
    @Test func ctrlCDuringAnImportLeavesTheFollowedSitesAsTheyWere() async throws {
        let site = try TestSites.site
        let wordPress = try FakeWordPress.start { _, _ in nil }
        let stalling = try TestHTTPServer { _ in .stall() }
        defer { wordPress.stop(); stalling.stop() }
        let home = try TestSites.freshHome()
        #expect(try await WPNewsRun.run(["sites", "add", "ledger", site], environment: ["HOME": home]).status == 0)
        let sitesFile = home + "/.config/wpnews/sites.toml"
        let before = try String(contentsOfFile: sitesFile, encoding: .utf8)
        try """
            <opml version="2.0"><body>
            <outline type="rss" title="Found" xmlUrl="\(wordPress.url("/feed/"))"/>
            <outline type="rss" title="Stalls" xmlUrl="\(stalling.url("/feed/"))"/>
            </body></opml>
            """.write(toFile: home + "/feeds.opml", atomically: true, encoding: .utf8)

        let stderrFile = home + "/stderr"
        let process = try WPNewsRun.launch(["sites", "import", "-v", home + "/feeds.opml"], home: home, stderrFile: stderrFile)
        // The WordPress site's lookup ends with its API index (-v reports each answer as it
        // arrives): "Found" is then ready to be followed, while the other feed never answers.
        // Interrupted only now, the import has something it could have half-written.
        let apiIndex = wordPress.url("/wp-json/")
        #expect(await eventually {
            let said = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
            return said.split(separator: "\n").contains { $0.hasPrefix("GET \(apiIndex)") } && !stalling.requests.isEmpty
        })
        kill(process.processIdentifier, SIGINT)
        await waitForExit(process)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        #expect(try String(contentsOfFile: sitesFile, encoding: .utf8) == before, "nothing half-imported")
        #expect(await eventually(within: 5) { !stalling.hungUpRequests.isEmpty }, "the stalled lookup is cancelled")
    }
}
