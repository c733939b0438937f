import CommandRuns
import Foundation
import Testing

/// The Tags tab's `/` on the big test site (10,000 tags): the cloud holds the 100 most used,
/// and a tag far below them is found by asking the site for it by name, then opened, its
/// list named in the tab bar with its totals.
struct TagFilterE2ETests {
    @Test func theFilterFindsATagOutsideTheCloud() async throws {
        let site = try TestSites.bigSite
        let home = try TestSites.freshHome()
        let run = try await WPNewsRun.run(["tags", "--site", site, "--json", "--limit", "300", "--sort", "count"], environment: ["HOME": home])
        try #require(run.status == 0, "\(run.stderr)")
        let tags = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        // Far below the cloud's hundred; a person's name, used nowhere else.
        let tag = try #require(tags.count == 300 ? tags[250] : nil)
        let name = try #require(tag["name"] as? String)
        let count = try #require(tag["count"] as? Int)
        try #require(name != name.lowercased() && name.allSatisfy { $0.isASCII }, "a name tmux types as it is: \(name)")
        try name.write(toFile: home + "/tag", atomically: true, encoding: .utf8)

        let steps = try await TmuxSteps.run("browse-tag-filter.sh", site: site, home: home)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        #expect(try !steps.screen("cloud").contains(name), "not in the cloud")
        let found = try steps.screen("found")
        #expect(found.contains("/\(name.lowercased())  1 of 100"), "the status line: the filter and its count: \(found)")
        let opened = try steps.screen("opened")
        #expect(opened.split(separator: "\n").first?.contains("\(name) · \(min(count, 20)) of \(count)") == true,
                "the tag's list names it with its totals: \(opened)")
        #expect(try steps.file("status") == "0\n")
    }
}
