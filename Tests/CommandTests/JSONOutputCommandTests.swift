import CommandRuns
import Foundation
import Testing

/// `--json` is for scripts: text without the terminal's layout, and every object of a kind
/// with every key.
@Suite struct JSONOutputCommandTests {
    static func object(_ run: CommandRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
    }

    /// The field guide has long paragraphs, a table and a separator: its text is unwrapped,
    /// with no rules or borders, paragraphs a blank line apart.
    @Test func readsContentTextIsPlainAndUnwrapped() async throws {
        let site = try TestSites.site
        let json = try Self.object(try await CommandRun.run(["read", "field-guide-tamsin-river-flood-gauges", "--site", site, "--json"]))
        let text = try #require(json["content_text"] as? String)
        #expect(text.split(separator: "\n").contains { $0.count > 100 }, "a paragraph is one line: \(text)")
        for border in ["─", "│", "┌", "└", "═"] {
            #expect(!text.contains(border), "no \(border) in \(text)")
        }
        #expect(text.contains("\n\n"), "paragraphs are a blank line apart")
        #expect(text.contains("Action\t3.2\tRiverside path closes below the bridge"), "a table row is its cells, a tab apart: \(text)")
        // The same with --width: the terminal's width has nothing to do with it.
        let narrow = try Self.object(try await CommandRun.run(["read", "field-guide-tamsin-river-flood-gauges", "--site", site, "--json", "--width", "40"]))
        #expect(narrow["content_text"] as? String == text)
    }

    @Test func pagesContentTextIsPlainToo() async throws {
        let json = try Self.object(try await CommandRun.run(["page", "about", "--site", try TestSites.site, "--json", "--width", "40"]))
        let text = try #require(json["content_text"] as? String)
        #expect(text.split(separator: "\n").contains { $0.count > 40 }, "\(text)")
    }

    /// Every comment has `parent` (0 at the top of a thread) and its text.
    @Test func commentsHaveParentAndContentText() async throws {
        let run = try await CommandRun.run([
            "read", "subscribers-q-and-a-with-the-editor", "--password", "heron1911", "--comments", "--site", try TestSites.site, "--json",
        ])
        let comments = try #require(try Self.object(run)["comments"] as? [[String: Any]])
        #expect(comments.count >= 2)
        #expect(comments.allSatisfy { $0["parent"] is Int && !($0["content_text"] as? String ?? "").isEmpty }, "\(comments)")
        #expect(comments.contains { $0["parent"] as? Int == 0 } && comments.contains { ($0["parent"] as? Int ?? 0) > 0 })
    }

    @Test func everySearchHitHasItsType() async throws {
        let json = try await CommandRun.run(["search", "ferry", "--pages", "--per-page", "20", "--site", try TestSites.site, "--json"]).json()
        #expect(!json.isEmpty)
        #expect(json.allSatisfy { ["post", "page"].contains($0["type"] as? String) }, "\(json)")
    }
}

/// A command with no JSON form refuses `--json` (a usage error, 64), and its help says so
/// on the `--json` line.
@Suite struct NoJSONFormCommandTests {
    static let commands = [["render"], ["browse"], ["sites", "add"], ["sites", "remove"], ["sites", "default"],
                           ["sites", "import"], ["sites", "export"], ["cache", "clear"], ["cache", "prune"]]

    static func jsonHelpLine(_ command: [String]) async throws -> String {
        let help = try await CommandRun.run(command + ["--help", "--width", "200"], environment: ["COLUMNS": "200"])
        let lines = help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(lines.firstIndex { $0.hasPrefix("--json") }, "\(help.stdout)")
        // The help may wrap onto the next lines, which do not start with an option.
        return lines[start...].prefix { $0 == lines[start] || !$0.hasPrefix("-") && !$0.isEmpty }.joined(separator: " ")
    }

    @Test(arguments: commands)
    func refusesJSONAndItsHelpSaysSo(command: [String]) async throws {
        let line = try await Self.jsonHelpLine(command)
        #expect(line.contains("no JSON form"), "\(command): \(line)")
        let run = try await CommandRun.run(command + ["--json"])
        #expect(run.status == 64, "\(command): \(run.stderr)")
    }

    @Test func aCommandWithJSONSaysWhatItPrints() async throws {
        let line = try await Self.jsonHelpLine(["latest"])
        #expect(line.contains("Print one JSON document") && !line.contains("no JSON form"), "\(line)")
    }
}
