import CommandRuns
import Foundation
import Testing

/// Live search in a real terminal: `live-search.sh` drives it in tmux (send-keys to type,
/// capture-pane to read) and saves each screen; this test reads them. `wpnews search` opens
/// the app on its Search tab: under the tab bar, the field.
@Suite struct LiveSearchE2ETests {
    @Test func typeOpenComeBackFindNothingResizeAndLeaveWithTheTerminalRestored() async throws {
        let steps = try await TmuxSteps.run("live-search.sh", site: try TestSites.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let screen = steps.screen
        func field(_ screen: String) -> Substring? { screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().first }
        let start = try screen("start")
        #expect(start.hasPrefix(" 1 Featured") && start.contains("5 Search"))
        #expect(field(start) == "Search:")
        let typed = try screen("typed")
        #expect(field(typed) == "Search: coun")
        #expect(typed.contains(" found · ") && typed.contains("Council"))
        #expect(try screen("reader").contains(" min read"), "Enter opens the story in the app's reader")
        #expect(field(try screen("back")) == "Search: coun", "the query survives reading")
        #expect(try screen("nothing").contains("No stories match 'xyzzyq'"))
        let resized = try screen("resized").split(separator: "\n")
        #expect(resized.allSatisfy { $0.count <= 50 }, "redrawn for the new width")
        let stopped = try screen("stopped")
        #expect(stopped.contains("Stopped") && !stopped.contains("Search: "), "Ctrl-Z gives the shell its screen back")
        #expect(try screen("resumed").contains("No stories match 'xyzzyq'"), "fg brings the search back as it was")
        #expect(try screen("left").contains("LEFT-0"))
        // The first line holds the size, which the resize changed on purpose.
        let before = try steps.file("stty.before").split(separator: "\n").dropFirst()
        let after = try steps.file("stty.after").split(separator: "\n").dropFirst()
        #expect(!before.isEmpty && before == after, "the terminal is restored")
    }
}
