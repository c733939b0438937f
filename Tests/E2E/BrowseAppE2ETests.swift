import Foundation
import Testing

/// `wpnews browse` in a real terminal against the test WordPress: `browse-app.sh` drives it
/// in tmux and saves each screen; this test reads them.
@Suite struct BrowseAppE2ETests {
    @Test func readNextBackTabsSearchAndQuitWithTheTerminalRestored() async throws {
        let site = try WPNewsRun.site
        let out = try WPNewsRun.freshHome()
        let script = WPNewsRun.packageRoot.appendingPathComponent("Tests/E2E/browse-app.sh").path
        let command = ["bash", script, WPNewsRun.binary, site, out].joined(separator: " ")
        let run = try await WPNewsRun.run(["-qec", command, "/dev/null"], executable: "/usr/bin/script")
        #expect(run.status == 0, "\(run.stderr)")
        let screens = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".screen") }.sorted()
        let screen = { (name: String) throws -> String in
            let file = try #require(screens.first { $0.hasSuffix("-\(name).screen") }, "no screen \(name)")
            return try String(contentsOfFile: out + "/" + file, encoding: .utf8)
        }
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
        #expect(try String(contentsOfFile: out + "/status", encoding: .utf8) == "0\n", "Ctrl-C quits with status 0")
        let before = try String(contentsOfFile: out + "/stty.before", encoding: .utf8)
        #expect(try String(contentsOfFile: out + "/stty.after", encoding: .utf8) == before, "the terminal is as it was")
    }
}
