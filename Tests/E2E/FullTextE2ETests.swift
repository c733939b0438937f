import CommandRuns
import Foundation
import ProcessSpawn
import Testing

/// The feed site with its feed set to summaries and its REST API closed: `read --full`, the
/// app's `F` and a `--full-text` site give the article its REST API gives (the small site,
/// the same seed, whose API is open), read from the post's own page under the theme.
@Suite(.serialized) struct FullTextE2ETests {
    /// `scripts/wordpress/feed-site.php URL excerpts on|off`.
    static func feedExcerpts(_ on: Bool) throws {
        let script = TestSites.packageRoot.appendingPathComponent("scripts/wordpress/feed-site.php").path
        let finished = try ChildProcess(executable: "/usr/bin/php", arguments: [script, try TestSites.feedSite, "excerpts", on ? "on" : "off"],
                                        environment: ProcessInfo.processInfo.environment).run()
        #expect(finished.exit == .exited(0))
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count > 1 }
    }

    /// How much of `expected` came out (by word, counted with repeats), and how much of what
    /// came out is not in it.
    static func overlap(_ output: String, expected: String) -> (found: Double, other: Double) {
        let (got, want) = (words(output), words(expected))
        var counts = Dictionary(want.map { ($0, 1) }, uniquingKeysWith: +)
        var matched = 0
        for word in got where counts[word, default: 0] > 0 {
            counts[word]! -= 1
            matched += 1
        }
        return (Double(matched) / Double(max(want.count, 1)), Double(got.count - matched) / Double(max(got.count, 1)))
    }

    static func json(_ arguments: [String], home: String) async throws -> (WPNewsRun, Any) {
        let run = try await WPNewsRun.run(arguments + ["--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        return (run, try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)))
    }

    /// Of the feed site's latest stories (followed as `ledger`), the longest whose feed
    /// carries a summary shorter than its article: its row in the list, and its article as the
    /// small site's REST API gives it, as text.
    static func summarizedStory(home: String) async throws -> (row: Int, id: Int, restText: String, summary: String) {
        let added = try await WPNewsRun.run(["sites", "add", "ledger", try TestSites.feedSite], environment: ["HOME": home])
        #expect(added.status == 0 && added.stderr.contains("read through its feed"), "\(added.stderr)")
        let (_, listed) = try await json(["latest", "--site", "ledger"], home: home)
        var best: (row: Int, id: Int, restText: String, summary: String)?
        for (row, story) in (listed as? [[String: Any]] ?? []).prefix(10).enumerated() {
            let (id, slug) = (try #require(story["id"] as? Int), try #require(story["slug"] as? String))
            let (_, rest) = try await json(["read", slug, "--site", try TestSites.site], home: try TestSites.freshHome())
            let (_, summary) = try await json(["read", String(id), "--site", "ledger"], home: home)
            let restText = try #require((rest as? [String: Any])?["content_text"] as? String)
            let summaryText = try #require((summary as? [String: Any])?["content_text"] as? String)
            guard overlap(summaryText, expected: restText).found < 0.5, words(restText).count > words(best?.restText ?? "").count else { continue }
            best = (row, id, restText, summaryText)
        }
        return try #require(best, "no story of the feed is a summary of a longer article")
    }

    @Test func theArticleFromThePageIsTheOneTheAPIGives() async throws {
        try Self.feedExcerpts(true)
        defer { try? Self.feedExcerpts(false) }
        let home = try TestSites.freshHome()
        let story = try await Self.summarizedStory(home: home)
        // Asked for with --full on a fresh cache, then without it once the site always reads pages.
        for (options, fullText) in [(["--full"], false), ([], true)] {
            let readHome = try TestSites.freshHome()
            let added = try await WPNewsRun.run(["sites", "add", "ledger", try TestSites.feedSite] + (fullText ? ["--full-text"] : []),
                                                environment: ["HOME": readHome])
            #expect(added.status == 0, "\(added.stderr)")
            let (run, read) = try await Self.json(["read", String(story.id)] + options, home: readHome)
            let article = try #require(read as? [String: Any])
            #expect(article["full_text"] as? Bool == true, "\(options): \(run.stderr)")
            let text = article["content_text"] as? String ?? ""
            let overlap = Self.overlap(text, expected: story.restText)
            #expect(overlap.found >= 0.95 && overlap.other <= 0.05, "\(options): \(overlap)\n\(text)\n---\n\(story.restText)")
        }
        try String(story.row).write(toFile: home + "/row", atomically: true, encoding: .utf8)
        let steps = try await TmuxSteps.run("browse-full-text.sh", site: "ledger", home: home)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        // What F added to the screen is the article's, and it is back to the summary after F again.
        let (summary, full, back, always) = (try steps.screen("summary"), try steps.screen("full"), try steps.screen("back"), try steps.screen("without-f"))
        // Words F brought, but for the status line's own.
        let statusWords = Set(Self.words("the whole article, from the story's page · F the summary"))
        let added = Self.words(full).filter { !Set(Self.words(summary)).contains($0) && !statusWords.contains($0) }
        #expect(added.count >= 20, "F added \(added.count) words:\n\(full)")
        let outside = added.filter { !Set(Self.words(story.restText)).contains($0) }
        #expect(Double(outside.count) <= 0.05 * Double(added.count) + 3, "not the article's: \(outside)\n\(full)")
        #expect(Self.words(back).filter { !Set(Self.words(summary)).contains($0) }.count <= 8, "F again:\n\(back)")
        let alwaysAdded = Self.words(always).filter { !Set(Self.words(summary)).contains($0) }
        #expect(Set(alwaysAdded).isSuperset(of: Set(added)),
                "--full-text without F:\n\(always)")
        #expect(try steps.file("status-asked").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(try steps.file("status-without-f").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
