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

        let process = try WPNewsRun.launch(["sites", "import", home + "/feeds.opml"], home: home)
        // The WordPress feed is looked up (one answer: its Link header); the other never answers.
        #expect(await eventually { !wordPress.requests.isEmpty && !stalling.requests.isEmpty })
        try await Task.sleep(for: .milliseconds(300))
        kill(process.processIdentifier, SIGINT)
        await waitForExit(process)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        #expect(try String(contentsOfFile: sitesFile, encoding: .utf8) == before, "nothing half-imported")
        #expect(await eventually(within: 5) { !stalling.hungUpRequests.isEmpty }, "the stalled lookup is cancelled")
    }
}
