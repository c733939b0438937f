import CommandRuns
import Foundation
import Testing

/// Clicks in `wpnews browse`, in a real terminal against the test WordPress: `browse-mouse.sh`
/// drives it in tmux and saves each screen.
@Suite struct MouseE2ETests {
    @Test func clicksSelectOpenSwitchTabsAndFollowLinksAndReportingEndsWithTheApp() async throws {
        let steps = try await TmuxSteps.run("browse-mouse.sh", site: try TestSites.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let screen = steps.screen
        #expect(try steps.file("mouse.on") == "1\n", "the app asks for mouse reports")
        #expect(try screen("selected").contains(">3. "), "a click selected the third story")
        #expect(try screen("reader").contains(" min read"), "a second click on it read it")
        #expect(try screen("nothing-clicked").contains(">4. "), "clicks on the status line and past the tabs did nothing: j moved on from the third")
        #expect(try screen("categories").contains(">Arts & Culture"), "a click on the tab opened Categories")
        #expect(try screen("category-opened").contains(">1. "), "two clicks on a category opened its stories")
        #expect(try steps.file("browsed") == "https://gauges.riverside.example/", "a click on [1] followed the article's first link")
        #expect(try steps.file("mouse.browsing") == "0\n", "mouse reporting was off while the browser had the terminal")
        #expect(try steps.file("mouse.back") == "1\n", "and on again after it")
        #expect(try steps.file("mouse.stopped") == "0\n", "Ctrl-Z gave the terminal back without mouse reporting")
        #expect(try steps.file("status") == "0\n")
        #expect(try steps.file("mouse.exited") == "0\n", "the app turned mouse reporting off on its way out")

        #expect(try steps.file("mouse.off") == "0\n", "[app] mouse = false asks for no mouse reports")
        #expect(try screen("off-clicked").contains(">2. "), "a click that came anyway did nothing: j moved from the first story")
        #expect(try steps.file("status.off") == "0\n")
    }
}
