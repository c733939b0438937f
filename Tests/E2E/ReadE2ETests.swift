import CommandRuns
import Foundation
import Testing

/// `read`, `pages`, `page` and `render` against the seeded WordPress.
@Suite struct ReadE2ETests {
    @Test(arguments: [20, 27, 35, 38, 42, 32, 48])
    func aSeededStoryReadsWithinTheWidth(id: Int) async throws {
        let run = try await WPNewsRun.run(["read", String(id), "--site", try TestSites.site, "--width", "60"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count > 5)
        for line in lines where !line.contains("://") {
            #expect(displayWidth(line) <= 60, "\(line)")
        }
        #expect(lines.last?.hasPrefix("Permalink: http") == true)
    }

    @Test func theFieldGuideKeepsItsStructure() async throws {
        let run = try await WPNewsRun.run(["read", "field-guide-tamsin-river-flood-gauges", "--site", try TestSites.site])
        #expect(run.status == 0, "\(run.stderr)")
        // The header's names are numbered after the article's own three links.
        #expect(run.stdout.hasPrefix("A field guide to the Tamsin River’s flood gauges\nBy Mei Lin[4] · "))
        #expect(run.stdout.contains("min read"))
        #expect(run.stdout.contains("┌") && run.stdout.contains("│ Stage"), "the table")
        #expect(run.stdout.contains("[image: "), "images become placeholders")
        #expect(run.stdout.contains("Links"))
    }

    @Test func byURLAndByListNumber() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let list = try await WPNewsRun.run(["latest", "--site", site, "--per-page", "5"], environment: ["HOME": home])
        let third = try #require(list.stdout.split(separator: "\n").first { $0.hasPrefix("3. ") })
        let title = third.dropFirst(3).replacing("NEW ", with: "")
        let byNumber = try await WPNewsRun.run(["read", "-n", "3", "--site", site], environment: ["HOME": home])
        #expect(byNumber.status == 0, "\(byNumber.stderr)")
        #expect(byNumber.stdout.hasPrefix(String(title.prefix(20))))

        let json = try await WPNewsRun.run(["read", "-n", "3", "--site", site, "--json"], environment: ["HOME": home])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let link = try #require(object["link"] as? String)
        #expect((object["content_html"] as? String)?.contains("<p>") == true)
        #expect((object["content_text"] as? String)?.contains("\u{1B}") == false)
        let byURL = try await WPNewsRun.run(["read", link, "--site", site, "--no-pager"], environment: ["HOME": home])
        #expect(byURL.stdout.withoutRelativeTimes == byNumber.stdout.withoutRelativeTimes)

        let after = try await WPNewsRun.run(["latest", "--site", site, "--per-page", "5", "--json"], environment: ["HOME": home])
        #expect(try after.json()[2]["read"] as? Bool == true, "reading marks the story read")
        let unread = try await WPNewsRun.run(["latest", "--site", site, "--per-page", "5", "--unread"], environment: ["HOME": home])
        #expect(!unread.stdout.contains(String(title.prefix(20))))

        let outside = try await WPNewsRun.run(["read", "-n", "9", "--site", site], environment: ["HOME": home])
        #expect(outside.status == 1 && outside.stderr.contains("the last list showed numbers 1 to 5, not 9"), "\(outside.stderr)")
    }

    @Test func aProtectedStoryAsksForItsPassword() async throws {
        let site = try TestSites.site
        let locked = try await WPNewsRun.run(["read", "37", "--site", site])
        #expect(locked.status == 1)
        #expect(locked.stderr.contains("password-protected: pass its password with --password"))
        let wrong = try await WPNewsRun.run(["read", "37", "--site", site, "--password", "nope"])
        #expect(wrong.status == 1 && wrong.stderr.contains("password for story 37 is not right"))
        let open = try await WPNewsRun.run(["read", "37", "--site", site, "--password", "letmein"])
        #expect(open.status == 0, "\(open.stderr)")
        #expect(open.stdout.split(separator: "\n").count > 6)
    }

    @Test func aMissingStorySaysSo() async throws {
        let site = try TestSites.site
        let run = try await WPNewsRun.run(["read", "99999", "--site", site])
        #expect(run.status == 1)
        #expect(run.stderr == "wpnews: no story 99999 on \(site): check the id or slug (lists show them)\n")
    }

    @Test func commentsAreThreaded() async throws {
        let run = try await WPNewsRun.run(["read", "48", "--site", try TestSites.site, "--comments"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Comments ("))
        #expect(run.stdout.contains("│ │ │ "), "a reply three levels down")
    }

    @Test func aReadStoryIsThereOffline() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let online = try await WPNewsRun.run(["read", "27", "--site", site], environment: ["HOME": home])
        let offline = try await WPNewsRun.run(["read", "27", "--site", site, "--offline", "-v"], environment: ["HOME": home])
        #expect(offline.status == 0 && offline.requestLines.isEmpty)
        #expect(offline.stdout.withoutRelativeTimes == online.stdout.withoutRelativeTimes)
    }

    @Test func pagesAndAPage() async throws {
        let site = try TestSites.site
        let pages = try await WPNewsRun.run(["pages", "--site", site])
        #expect(pages.stdout.contains("About  about\n  Ethics Policy  ethics-policy"))
        let about = try await WPNewsRun.run(["page", "about", "--site", site])
        #expect(about.status == 0 && about.stdout.hasPrefix("About\n"))
        let missing = try await WPNewsRun.run(["page", "no-such-page", "--site", site])
        #expect(missing.status == 1 && missing.stderr.contains("no page 'no-such-page'"))
    }

    @Test func renderReadsAFileOrStdin() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-render-\(UUID().uuidString).html")
        try Data("<h2>Hello</h2><p>A <em>small</em> <a href=\"https://example.org/\">page</a>.</p>".utf8).write(to: file)
        let run = try await WPNewsRun.run(["render", file.path, "--width", "40"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("A small page[1]."))
        #expect(run.stdout.contains("[1] https://example.org/"))
        let missing = try await WPNewsRun.run(["render", "/no/such/file.html"])
        #expect(missing.status == 1 && missing.stderr.hasPrefix("wpnews: cannot read /no/such/file.html"))
    }

    /// On a terminal wider than `[reader] max_width` (80 by default), `read` wraps where the
    /// app's reader does; `--width` and `max_width = 0` still take the terminal's columns.
    @Test func onAWideTerminalReadWrapsAtTheReadersWidth() async throws {
        let home = try TestSites.freshHome()
        func widest(_ options: String) async throws -> Int {
            let command = "stty cols 140 rows 40; \(WPNewsRun.binary) read 27 --site \(try TestSites.site) --no-pager \(options)"
            let run = try await WPNewsRun.run(["-qec", command, "/dev/null"], environment: ["HOME": home, "NO_COLOR": "1"], executable: "/usr/bin/script")
            #expect(run.status == 0, "\(run.stderr)")
            // script(1) ends lines with CR LF, one Character in Swift.
            let lines = run.stdout.split(whereSeparator: \.isNewline).filter { !$0.contains("://") }
            #expect(lines.count > 5, "\(run.stdout)")
            return lines.map(displayWidth).max() ?? 0
        }
        #expect((61...80).contains(try await widest("")), "the reader's 80 columns")
        #expect(try await widest("--width 120") > 80, "--width is taken as given")
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try "[reader]\nmax_width = 60\n".write(toFile: home + "/.config/wpnews/config.toml", atomically: true, encoding: .utf8)
        #expect((41...60).contains(try await widest("")), "max_width")
        try "[reader]\nmax_width = 0\n".write(toFile: home + "/.config/wpnews/config.toml", atomically: true, encoding: .utf8)
        #expect(try await widest("") > 80, "0: the terminal's whole width")
    }

    @Test func onATerminalTheArticleGoesThroughThePager() async throws {
        // `script` gives wpnews a terminal; the pager records what it was given.
        let site = try TestSites.site
        let recorded = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-pager-\(UUID().uuidString)").path
        let command = "\(WPNewsRun.binary) read 27 --site \(site) --width 70"
        let run = try await WPNewsRun.run(["-qec", command, "/dev/null"], environment: ["PAGER": "cat > \(recorded)"], executable: "/usr/bin/script")
        #expect(run.status == 0, "\(run.stderr)")
        let paged = try String(contentsOfFile: recorded, encoding: .utf8)
        #expect(paged.contains("\u{1B}["), "styled, since stdout is a terminal")
        #expect(paged.contains("Permalink: "))

        let direct = try await WPNewsRun.run(["-qec", command + " --no-pager", "/dev/null"], environment: ["PAGER": "false"], executable: "/usr/bin/script")
        #expect(direct.stdout.contains("Permalink: "))

        let broken = try await WPNewsRun.run(["-qec", command, "/dev/null"], environment: ["PAGER": "no-such-pager-here"], executable: "/usr/bin/script")
        #expect(broken.status == 0 && broken.stdout.contains("Permalink: "), "a pager that cannot run falls back to printing")
    }
}
