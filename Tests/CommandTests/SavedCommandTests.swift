import CommandRuns
import Foundation
import Testing

/// `save`, `unsave`, `saved` (and its export) and `mark`, against the seeded WordPress and the
/// web-feed test bed.
@Suite struct SavedCommandTests {
    /// A home following the small seeded site as "ledger", its latest page in the cache; the ids of that page.
    static func followingLedger() async throws -> (home: String, ids: [Int]) {
        let home = try TestSites.freshHome()
        let added = try await CommandRun.run(["sites", "add", "ledger", try TestSites.site], environment: ["HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        let latest = try await CommandRun.run(["latest", "--json"], environment: ["HOME": home])
        #expect(latest.status == 0, "\(latest.stderr)")
        return (home, try latest.json().map { try #require($0["id"] as? Int) })
    }

    static func savedIDs(_ home: String) async throws -> [Int] {
        let saved = try await CommandRun.run(["saved", "--json"], environment: ["HOME": home])
        #expect(saved.status == 0 && saved.stderr.isEmpty, "\(saved.stderr)")
        return try saved.json().map { try #require($0["id"] as? Int) }
    }

    @Test func aSavedStoryIsListedMarkedAndKeptThroughCacheClearUntilUnsaved() async throws {
        let (home, ids) = try await Self.followingLedger()
        let env = ["HOME": home]
        for id in [ids[2], ids[0]] {
            let save = try await CommandRun.run(["save", String(id)], environment: env)
            #expect(save.status == 0 && save.stdout.isEmpty, "\(save.stderr)")
            #expect(save.stderr.hasPrefix("saved: ") && save.stderr.contains("(id \(id), ledger)"), "\(save.stderr)")
        }
        #expect(try await Self.savedIDs(home) == [ids[0], ids[2]], "the most recently saved first")
        let json = try await CommandRun.run(["saved", "--json"], environment: env).json()
        #expect(Set(json[0].keys) == StoryJSONKeys.all.union(["site", "api_root", "saved_at"]))
        #expect(json[0]["site"] as? String == "ledger")

        let list = try await CommandRun.run(["latest", "--offline", "--width", "200"], environment: env)
        #expect(list.stdout.split(separator: "\n").filter { $0.contains(" · saved · id ") }.count == 2, "\(list.stdout)")
        let printed = try await CommandRun.run(["saved", "--width", "200"], environment: env)
        #expect(printed.stdout.hasPrefix("1. ledger  "), "a site column, as a river has: \(printed.stdout)")

        #expect(try await CommandRun.run(["cache", "clear"], environment: env).status == 0)
        #expect(try await Self.savedIDs(home) == [ids[0], ids[2]], "saved stories are the user's, not the cache's")

        let unsave = try await CommandRun.run(["unsave", String(ids[0])], environment: env)
        #expect(unsave.status == 0, "\(unsave.stderr)")
        #expect(try await Self.savedIDs(home) == [ids[2]])
        let again = try await CommandRun.run(["unsave", String(ids[0])], environment: env)
        #expect(again.status == 1 && again.stderrLines.count == 1 && again.stderr.contains("is not saved"), "\(again.stderr)")
    }

    @Test func aSavedStorysPicturesAreKeptWithTheUsersDataThroughCacheClear() async throws {
        let (home, _) = try await Self.followingLedger()
        let save = try await CommandRun.run(["save", "the-ferry-companys-new-badge"], environment: ["HOME": home])
        #expect(save.status == 0 && save.stderr.hasSuffix(" with 1 picture\n"), "\(save.stderr)")
        let kept = home + "/.local/state/wpnews/saved-pictures"
        #expect(try await CommandRun.run(["cache", "clear"], environment: ["HOME": home]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: kept).filter { $0.hasSuffix(".img") }
        #expect(files.count == 1, "\(files)")
        let bytes = try #require(FileManager.default.contents(atPath: kept + "/" + (files.first ?? "")))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the picture whole, a PNG")
    }

    @Test func unsavingAStoryRemovesItsPicturesAndOnlyItsOwn() async throws {
        let (home, _) = try await Self.followingLedger()
        let env = ["HOME": home]
        let save = try await CommandRun.run(["save", "the-ferry-companys-new-badge"], environment: env)
        #expect(save.status == 0 && save.stderr.hasSuffix(" with 1 picture\n"), "\(save.stderr)")
        let kept = home + "/.local/state/wpnews/saved-pictures"
        let ferry = try FileManager.default.contentsOfDirectory(atPath: kept)
        #expect(ferry.count == 1, "\(ferry)")
        // Another picture's file and one of its drawings: they are not the ferry story's.
        for other in ["5eed.img", "5eed.img.80x12"] { try Data([1]).write(to: URL(filePath: kept + "/" + other)) }
        let drawing = kept + "/" + (ferry.first ?? "") + ".80x12"
        try Data([1]).write(to: URL(filePath: drawing))

        let unsave = try await CommandRun.run(["unsave", String(try #require(try await Self.savedIDs(home).first))], environment: env)
        #expect(unsave.status == 0, "\(unsave.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept).sorted() == ["5eed.img", "5eed.img.80x12"])
    }

    @Test func savingAStoryThatIsNotThereFailsInOneLine() async throws {
        let (home, _) = try await Self.followingLedger()
        let save = try await CommandRun.run(["save", "999999"], environment: ["HOME": home])
        #expect(save.status == 1 && save.stderrLines.count == 1, "\(save.stderr)")
        #expect(try await Self.savedIDs(home).isEmpty)
        let empty = try await CommandRun.run(["saved"], environment: ["HOME": home])
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.hasPrefix("No saved stories"), "\(empty.stderr)")
    }

    @Test func theExportEscapesAndAllowListsAndNeverWritesOverAFileUnasked() async throws {
        // A web feed with a hostile item, followed from the test bed's live directory.
        let (directory, url) = try WebFeedCommandTests.liveDirectory()
        let hostile = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Live quay</title><link>https://quay.example/</link>
            <item><title>&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt; "Quay" &amp;amp; co</title><link>https://quay.example/hostile/</link>
            <guid isPermaLink="false">hostile</guid><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate><description><![CDATA[
            <p onclick="alert(1)">Kept <a href="javascript:alert(1)">not a link</a> <a href="/fares/">fares</a></p>
            <script>alert(1)</script><style>p{display:none}</style><iframe src="https://evil.example/"></iframe>
            <img src="https://quay.example/map.png" onerror="alert(2)" alt="Map">]]></description></item></channel></rss>
            """
        try hostile.write(toFile: directory + "/feed.rss", atomically: true, encoding: .utf8)
        let home = try TestSites.freshHome()
        let env = ["HOME": home]
        #expect(try await CommandRun.run(["sites", "add", "quay", url + "/feed.rss"], environment: env).status == 0)
        let latest = try await CommandRun.run(["latest", "--json"], environment: env)
        let id = try #require(try latest.json().first?["id"] as? Int, "\(latest.stderr)")
        let save = try await CommandRun.run(["save", String(id)], environment: env)
        #expect(save.status == 0, "a feed story's id is saved too: \(save.stderr)")

        let file = home + "/saved.html"
        let export = try await CommandRun.run(["saved", "--export", file], environment: env)
        #expect(export.status == 0 && export.stdout.isEmpty && export.stderr.contains("wrote 1 saved story to"), "\(export.stderr)")
        let html = try String(contentsOfFile: file, encoding: .utf8)
        #expect(html.contains(">&lt;script&gt;alert(1)&lt;/script&gt; &quot;Quay&quot; &amp; co</a></h2>"), "the title is text: \(html)")
        #expect(html.contains("<p>Kept not a link <a href=\"https://quay.example/fares/\">fares</a></p>"), "\(html)")
        #expect(html.contains("<img src=\"https://quay.example/map.png\" alt=\"Map\">"), "\(html)")
        for active in ["<script", "<style>p", "<iframe", "onclick", "onerror=\"", "javascript:"] {
            #expect(!html.contains(active), "\(active) in \(html)")
        }

        try "mine".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try await CommandRun.run(["saved", "--export", file], environment: env)
        #expect(refused.status == 1 && refused.stderrLines.count == 1 && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "mine", "the file is left as it was")
        let forced = try await CommandRun.run(["saved", "--export", file, "--force"], environment: env)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.hasPrefix("saved.html.") }.isEmpty, "no file left behind")

        let usage = try await CommandRun.run(["saved", "--force"], environment: env)
        #expect(usage.status == 64, "\(usage.stderr)")
    }

    @Test func markReadAndUnreadByIDAndAllAtOnce() async throws {
        let (home, ids) = try await Self.followingLedger()
        let env = ["HOME": home]
        func unread() async throws -> Int? {
            let sites = try await CommandRun.run(["sites", "list", "--json"], environment: env)
            return try sites.json().first?["unread"] as? Int
        }
        func readIDs() async throws -> [Int] {
            try await CommandRun.run(["latest", "--offline", "--json"], environment: env).json()
                .filter { $0["read"] as? Bool == true }.compactMap { $0["id"] as? Int }
        }
        #expect(try await unread() == ids.count)
        let marked = try await CommandRun.run(["mark", "read", String(ids[1]), String(ids[3])], environment: env)
        #expect(marked.status == 0 && marked.stderr == "marked 2 stories read\n", "\(marked.stderr)")
        #expect(try await readIDs() == [ids[1], ids[3]])
        #expect(try await unread() == ids.count - 2)
        let list = try await CommandRun.run(["sites", "list"], environment: env)
        #expect(list.stdout.contains("ledger  rest  \(ids.count - 2) unread  "), "\(list.stdout)")

        #expect(try await CommandRun.run(["mark", "unread", String(ids[1])], environment: env).status == 0)
        #expect(try await readIDs() == [ids[3]])

        let unknown = try await CommandRun.run(["mark", "read", String(ids[0]), "999999"], environment: env)
        #expect(unknown.status == 1 && unknown.stderrLines.count == 1 && unknown.stderr.contains("999999"), "\(unknown.stderr)")
        #expect(try await readIDs() == [ids[3]], "nothing was marked")

        let all = try await CommandRun.run(["mark", "read", "--all"], environment: env)
        #expect(all.status == 0 && all.stderr == "marked \(ids.count - 1) stories of ledger read\n", "\(all.stderr)")
        #expect(try await readIDs() == ids)
        #expect(try await unread() == 0)
        let everySite = try await CommandRun.run(["mark", "read", "--all", "--sites", "all"], environment: env)
        #expect(everySite.status == 0 && everySite.stderr == "marked 0 stories of ledger read\n", "\(everySite.stderr)")

        for usage in [["mark", "read"], ["mark", "unread", "--all"], ["mark", "read", "--all", "12"], ["mark", "seen", "12"],
                      ["mark", "read", "12", "--sites", "all"], ["mark", "read", "--all", "--site", "ledger", "--sites", "all"]] {
            #expect(try await CommandRun.run(usage, environment: env).status == 64, "\(usage)")
        }
    }
}
