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
        // tmux keeps what fits of a screen it shrinks (the top or the bottom rows, as the
        // cursor was), cut at the new width: only an app that drew itself again at 50x15 has
        // its tab bar on top and its status line on row 15, ended with … at column 50.
        let resized = try screen("resized").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(resized.first?.hasPrefix(" 1  2  3  4  5 Search  6 ") == true, "the tab bar names only the open tab: \(resized)")
        let status = resized.count > 15 ? resized[14] : ""
        #expect(resized.count > 15 && resized[1] == "Search: xyzzyq")
        #expect(status.hasPrefix("type to search") && status.hasSuffix("…") && status.count <= 50, "the status line, on row 15: \(resized)")
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
