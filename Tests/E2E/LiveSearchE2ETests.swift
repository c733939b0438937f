import Foundation
import Testing

/// Live search in a real terminal: `live-search.sh` drives it in tmux (send-keys to type,
/// capture-pane to read) and saves each screen; this test reads them.
@Suite struct LiveSearchE2ETests {
    @Test func typeOpenComeBackFindNothingResizeAndLeaveWithTheTerminalRestored() async throws {
        let steps = try await TmuxSteps.run("live-search.sh", site: try WPNewsRun.site)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let screen = steps.screen
        #expect(try screen("start").hasPrefix("Search:\n"))
        let typed = try screen("typed")
        #expect(typed.hasPrefix("Search: coun\n"))
        #expect(typed.contains(" found · ") && typed.contains("Council"))
        #expect(try screen("reader").contains(" min read"), "Enter opens the reader in the pager")
        #expect(try screen("back").hasPrefix("Search: coun\n"), "the query survives reading")
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
