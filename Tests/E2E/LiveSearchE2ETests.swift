import Foundation
import Testing

/// Live search in a real terminal: `live-search.sh` drives it in tmux (send-keys to type,
/// capture-pane to read) and saves each screen; this test reads them.
@Suite struct LiveSearchE2ETests {
    @Test func typeOpenComeBackFindNothingResizeAndLeaveWithTheTerminalRestored() async throws {
        let site = try WPNewsRun.site
        let out = try WPNewsRun.freshHome()
        let script = WPNewsRun.packageRoot.appendingPathComponent("Tests/E2E/live-search.sh").path
        // Through script(1), which waits for its child like a shell does.
        let command = ["bash", script, WPNewsRun.binary, site, out].joined(separator: " ")
        let run = try await WPNewsRun.run(["-qec", command, "/dev/null"], executable: "/usr/bin/script")
        #expect(run.status == 0, "\(run.stderr)")
        let screens = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".screen") }.sorted()
        let screen = { (name: String) throws -> String in
            let file = try #require(screens.first { $0.hasSuffix("-\(name).screen") }, "no screen \(name)")
            return try String(contentsOfFile: out + "/" + file, encoding: .utf8)
        }
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
        let before = try String(contentsOfFile: out + "/stty.before", encoding: .utf8).split(separator: "\n").dropFirst()
        let after = try String(contentsOfFile: out + "/stty.after", encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(!before.isEmpty && before == after, "the terminal is restored")
    }
}
