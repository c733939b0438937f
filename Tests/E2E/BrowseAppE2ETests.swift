import Foundation
import Testing

/// `wpnews browse` in a real terminal against the test WordPress: `browse-app.sh` drives it
/// in tmux and saves each screen; this test reads them.
@Suite struct BrowseAppE2ETests {
    @Test func readNextBackTabsSearchAndQuitWithTheTerminalRestored() async throws {
        let steps = try await TmuxSteps.run("browse-app.sh", site: try WPNewsRun.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let screen = steps.screen
        let featured = try screen("featured")
        #expect(featured.hasPrefix(" 1 Featured  2 Latest  3 Categories  4 Tags  5 Search  6 More"))
        #expect(featured.contains(">1. ") && featured.contains(" 2. "), "\(featured)")
        let reader = try screen("reader")
        let next = try screen("next")
        #expect(reader.contains(" min read") && next.contains(" min read"))
        #expect(reader.split(separator: "\n")[1] != next.split(separator: "\n")[1], "n opened another story")
        #expect(try screen("back").contains(">3. "), "back on the list, at the story n went to")
        #expect(try screen("categories").contains("Arts & Culture"))
        #expect(try screen("search").contains("Search: council"))
        #expect(try steps.file("status") == "0\n", "Ctrl-C quits with status 0")
        let before = try steps.file("stty.before")
        #expect(try steps.file("stty.after") == before, "the terminal is as it was")
    }
}
