import CommandRuns
import Foundation
import Testing

/// `--compact`: the one-shot lists a line a story, against the seeded WordPress; `[app] list`
/// and `[reader] max_width` in config.toml.
@Suite struct CompactListCommandTests {
    /// The lines before the footer's blank line.
    static func storyLines(_ stdout: String) -> [Substring] {
        Array(stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty })
    }

    @Test func latestCompactIsOneNumberedLineAStoryInTheListsOrder() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["latest", "--site", site, "--compact"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = Self.storyLines(run.stdout)
        #expect(lines.count == 10, "\(run.stdout)")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(zip(lines, 1...).allSatisfy { line, number in line.hasPrefix(number < 10 ? " \(number). " : "\(number). ") }, "\(run.stdout)")
        let titles = try await CommandRun.run(["latest", "--site", site, "--json"]).json().compactMap { $0["title"] as? String }
        for (line, title) in zip(lines, titles) where !title.isEmpty {
            #expect(line.contains(title.prefix(20)), "\(line) holds the start of '\(title)'")
        }
        #expect(run.stdout.hasSuffix("next: wpnews latest --site \(site) --compact --page 2\n"), "the next page is compact too: \(run.stdout)")
    }

    @Test(arguments: [["latest"], ["featured"], ["category", "news"]])
    func compactLeavesJSONAsItIs(command: [String]) async throws {
        let site = try TestSites.site
        let plain = try await CommandRun.run(command + ["--site", site, "--json"])
        let compact = try await CommandRun.run(command + ["--site", site, "--json", "--compact"])
        #expect(plain.status == 0 && compact.status == 0, "\(plain.stderr) \(compact.stderr)")
        #expect(compact.stdout == plain.stdout)
    }

    @Test func theRiverCompactNamesEachStorysSiteOnItsLine() async throws {
        let home = try TestSites.freshHome()
        for (name, site) in [("ledger", try TestSites.site), ("big", try TestSites.bigSite)] {
            let added = try await CommandRun.run(["sites", "add", name, site], environment: ["HOME": home])
            try #require(added.status == 0, "\(added.stderr)")
        }
        let run = try await CommandRun.run(["latest", "--sites", "all", "--per-page", "6", "--compact"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = Self.storyLines(run.stdout)
        #expect(lines.count == 6 && lines.allSatisfy { $0.contains(" ledger ") || $0.contains(" big ") }, "\(run.stdout)")
    }

    /// Search results a line each: a page says "page" where a story has its date.
    @Test func searchCompactIsOneLineAHit() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["search", "council", "--pages", "--per-page", "20", "--site", site, "--compact"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = Self.storyLines(run.stdout)
        let hits = try await CommandRun.run(["search", "council", "--pages", "--per-page", "20", "--site", site, "--json"]).json()
        #expect(!lines.isEmpty && lines.count == hits.count, "\(run.stdout)")
        #expect(lines.allSatisfy { $0.count <= 80 && $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true }, "\(run.stdout)")
        #expect(run.stdout.contains("--compact"), "the next page's command keeps it: \(run.stdout)")
    }

    private func home(config: String) throws -> String {
        let home = try TestSites.freshHome()
        let directory = home + "/.config/wpnews"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: directory + "/config.toml"))
        return home
    }

    /// A bad `[app] list`, `[app] mouse` or `[reader] max_width` stops the app with one line
    /// naming the key, and only the app: a printed list reads neither.
    @Test(arguments: [
        ("[app]\nlist = \"dense\"\n", "app.list' must be compact or cards"),
        ("[reader]\nmax_width = 5\n", "reader.max_width' must be 0 (the whole width) or 20 to 1000"),
        ("[app]\nmouse = \"no\"\n", "'app.mouse' is missing or has the wrong type"),
    ])
    func aBadAppOrReaderSettingIsOneLine(config: String, said: String) async throws {
        let site = try TestSites.site
        let home = try home(config: config)
        let browse = try await CommandRun.run(["browse", "--site", site], environment: ["HOME": home])
        #expect(browse.status == 1 && browse.stdout.isEmpty, "\(browse.stderr)")
        #expect(browse.stderrLines.count == 1 && browse.stderr.contains(said), "\(browse.stderr)")
        let latest = try await CommandRun.run(["latest", "--site", site, "--compact"], environment: ["HOME": home])
        #expect(latest.status == 0, "\(latest.stderr)")
    }

    @Test func theAppAndReaderKeysAreKnownKeys() async throws {
        let home = try home(config: "[app]\nlist = \"cards\"\n[reader]\nmax_width = 0\n")
        let run = try await CommandRun.run(["latest", "--site", try TestSites.site], environment: ["HOME": home])
        #expect(run.status == 0 && run.stderr.isEmpty, "no warning of unknown keys: \(run.stderr)")
    }
}
