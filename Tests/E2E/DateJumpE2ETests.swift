import CommandRuns
import Foundation
import Testing

/// The app's `:` on the big test site (10,000 posts over eight years): the list opens at
/// the newest story on or before the date typed, and moving up past its first row brings
/// the story published just after that date.
struct DateJumpE2ETests {
    /// A list's titles, as `--json` gives them.
    func titles(_ arguments: [String], site: String, home: String) async throws -> [String] {
        let run = try await WPNewsRun.run(arguments + ["--site", site, "--json"], environment: ["HOME": home])
        try #require(run.status == 0, "\(arguments): \(run.stderr)")
        let stories = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
        return stories.compactMap { $0["title"] as? String }
    }

    /// The row the cursor is on: its gutter starts with ">".
    func selectedRow(_ screen: String) -> Substring? {
        screen.split(separator: "\n").first { $0.hasPrefix(">") }
    }

    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test func colonOpensLatestAtADateAndUpBringsTheStoryAfterIt() async throws {
        let site = try TestSites.bigSite
        let home = try TestSites.freshHome()
        // Two years back, and the week after it: the big site has a few stories a day.
        let date = Date().addingTimeInterval(-730 * 86_400)
        let (day, next, weekOn) = (Self.day(date), Self.day(date.addingTimeInterval(86_400)), Self.day(date.addingTimeInterval(7 * 86_400)))
        let newest = try #require(try await titles(["latest", "--per-page", "1"], site: site, home: home).first)
        let first = try #require(try await titles(["latest", "--before", day, "--per-page", "1"], site: site, home: home).first)
        let above = try #require(try await titles(["latest", "--after", next, "--before", weekOn, "--per-page", "100"], site: site, home: home).last)
        // Rows are cut at the window's width: a title's start is enough to know it.
        for (name, text) in [("date", day), ("newest", String(newest.prefix(30))), ("first", String(first.prefix(30))), ("above", String(above.prefix(30)))] {
            try text.write(toFile: home + "/" + name, atomically: true, encoding: .utf8)
        }

        let steps = try await TmuxSteps.run("browse-dates.sh", site: site, home: home)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        #expect(try steps.screen("prompt").contains("Go to date (2024-03-15, 2024-03, 3w, yesterday):"))
        let jumped = try steps.screen("jumped")
        #expect(selectedRow(jumped)?.contains(first.prefix(30)) == true, "the newest story on or before \(day) first, under the cursor: \(jumped)")
        #expect(selectedRow(jumped)?.hasPrefix("> 1. ") == true, "on the first row: \(jumped)")
        #expect(jumped.contains("Latest from \(day) back"), "\(jumped)")
        #expect(!jumped.contains(newest.prefix(30)), "\(jumped)")
        let newer = try steps.screen("newer")
        #expect(newer.contains(first.prefix(30)) && newer.contains(above.prefix(30)), "the story after the date above it: \(newer)")
        #expect(selectedRow(newer)?.contains(above.prefix(30)) == true, "the cursor moved up onto it: \(newer)")
        #expect(try steps.screen("back").contains(newest.prefix(30)))
        #expect(try steps.file("status") == "0\n")
    }
}
