import CommandRuns
import Foundation
import Testing

/// `--before` and `--after` against the seeded WordPress, whose posts are dated days apart
/// back from the seeding (scripts/wordpress/posts.php): each window is checked against the
/// whole archive's dates, read in the same local time zone as the options are.
@Suite struct DatedListCommandTests {
    struct Dated {
        let id: Int
        let day: String
    }

    /// Every story of `arguments`' list, newest first, with its local day.
    static func archive(_ arguments: [String], home: String) async throws -> [Dated] {
        let run = try await CommandRun.run(arguments + ["--all", "--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        return try run.json().map { story in
            let date = try Date(try #require(story["date"] as? String), strategy: .iso8601)
            return Dated(id: try #require(story["id"] as? Int), day: Self.localDay(date))
        }
    }

    static func localDay(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    func ids(_ arguments: [String], home: String) async throws -> [Int] {
        let run = try await CommandRun.run(arguments + ["--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        // Offline, the copy's age is said.
        #expect(run.stderr.isEmpty || arguments.contains("--offline"), "\(arguments): \(run.stderr)")
        return try run.json().compactMap { $0["id"] as? Int }
    }

    @Test func beforeAndAfterKeepTheStoriesOnOrBeforeAndOnOrAfterTheDay() async throws {
        let (site, home) = (try TestSites.site, try TestSites.freshHome())
        let all = try await Self.archive(["latest", "--site", site], home: home)
        let days = Array(Set(all.map(\.day))).sorted()
        #expect(days.count > 5, "the seed spreads its posts over days")
        let day = days[days.count / 2]
        let before = try await ids(["latest", "--site", site, "--before", day, "--per-page", "100"], home: home)
        #expect(before == all.filter { $0.day <= day }.map(\.id))
        let after = try await ids(["latest", "--site", site, "--after", day, "--per-page", "100"], home: home)
        #expect(after == all.filter { $0.day >= day }.map(\.id))
        let that = try await ids(["latest", "--site", site, "--after", day, "--before", day, "--per-page", "100"], home: home)
        #expect(!that.isEmpty && that == all.filter { $0.day == day }.map(\.id))
    }

    @Test func aDatedListPagesOnWithinItsDatesAndItsFooterRepeatsThem() async throws {
        let (site, home) = (try TestSites.site, try TestSites.freshHome())
        let all = try await Self.archive(["latest", "--site", site], home: home)
        let days = Array(Set(all.map(\.day))).sorted()
        let day = days[days.count * 2 / 3]
        let expected = all.filter { $0.day <= day }.map(\.id)
        #expect(expected.count > 6, "two pages of three to check")
        let second = try await ids(["latest", "--site", site, "--before", day, "--per-page", "3", "--page", "2"], home: home)
        #expect(second == Array(expected[3..<6]))
        let text = try await CommandRun.run(["latest", "--site", site, "--before", day, "--per-page", "3"], environment: ["HOME": home])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("next: wpnews latest --site \(site) --per-page 3 --before \(day) --page 2"), "\(text.stdout)")
    }

    @Test func aDatedPageIsCachedApartFromTheUndatedOne() async throws {
        let (site, home) = (try TestSites.site, try TestSites.freshHome())
        let newest = try await ids(["latest", "--site", site], home: home)
        let days = Array(Set(try await Self.archive(["latest", "--site", site], home: try TestSites.freshHome()).map(\.day))).sorted()
        let day = days[days.count / 2]
        let old = try await ids(["latest", "--site", site, "--before", day], home: home)
        #expect(!old.isEmpty && old != newest)
        // Both answered from the cache now, each its own.
        #expect(try await ids(["latest", "--site", site, "--offline"], home: home) == newest)
        #expect(try await ids(["latest", "--site", site, "--before", day, "--offline"], home: home) == old)
    }

    @Test func aTermsListAndARiverKeepToTheDatesToo() async throws {
        let (site, home) = (try TestSites.site, try TestSites.freshHome())
        let tagged = try await Self.archive(["tag", "ferry", "--site", site], home: home)
        let days = Array(Set(tagged.map(\.day))).sorted()
        #expect(days.count >= 2)
        let day = days[days.count / 2]
        #expect(try await ids(["tag", "ferry", "--site", site, "--after", day, "--per-page", "100"], home: home)
            == tagged.filter { $0.day >= day }.map(\.id))

        let added = try await CommandRun.run(["sites", "add", "small", site], environment: ["HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        let all = try await Self.archive(["latest", "--site", site], home: home)
        let river = try await CommandRun.run(["latest", "--sites", "all", "--before", day, "--per-page", "100", "--json"], environment: ["HOME": home])
        #expect(river.status == 0, "\(river.stderr)")
        #expect(try river.json().compactMap { $0["id"] as? Int } == all.filter { $0.day <= day }.map(\.id))
    }

    @Test func aSearchKeepsToTheDatesOnlineAndOffline() async throws {
        let (site, home) = (try TestSites.site, try TestSites.freshHome())
        let run = try await CommandRun.run(["search", "ferry", "--site", site, "--per-page", "100", "--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        let found = try run.json().map { hit in
            Dated(id: try #require(hit["id"] as? Int), day: Self.localDay(try Date(try #require(hit["date"] as? String), strategy: .iso8601)))
        }
        let days = Array(Set(found.map(\.day))).sorted()
        #expect(days.count >= 2)
        let day = days[days.count / 2]
        let expected = Set(found.filter { $0.day >= day }.map(\.id))
        #expect(Set(try await ids(["search", "ferry", "--site", site, "--after", day, "--per-page", "100"], home: home)) == expected)
        let offline = try await CommandRun.run(["search", "ferry", "--site", site, "--after", day, "--offline", "--json"], environment: ["HOME": home])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(Set(try offline.json().compactMap { $0["id"] as? Int }) == expected, "the cache searched within the dates")
        let pages = try await CommandRun.run(["search", "ferry", "--site", site, "--pages", "--after", day])
        #expect(pages.status == 64 && pages.stderr.contains("not with --pages"), "\(pages.stderr)")
    }

    @Test(arguments: [
        (["--before", "soon"], "--before: 'soon' is not a date: write 2024, 2024-03, 2024-03-15, 3d or 2w (ago), today, yesterday or last week"),
        (["--after", "2025-02-29"], "--after: 2025-02-29 is not on the calendar: check the month and the day"),
        (["--after", "2024-03", "--before", "2024-02"], "--after 2024-03 is not earlier than --before 2024-02: no story can be published between them"),
    ])
    func aDateThatCannotBeReadIsAUsageErrorSayingWhichForms(options: [String], line: String) async throws {
        let run = try await CommandRun.run(["latest", "--site", try TestSites.site] + options)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(line), "\(run.stderr)")
    }

    @Test func featuredRefusesDates() async throws {
        let run = try await CommandRun.run(["featured", "--site", try TestSites.site, "--before", "2024"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("featured stories are not listed by date"), "\(run.stderr)")
    }

    /// A feed has no `before=`: the cache answers, and says so; what the feed pages brought
    /// is what the window can show.
    @Test func aSiteReadThroughItsFeedAnswersFromTheCacheAndSaysSo() async throws {
        let home = try TestSites.freshHome()
        let added = try await CommandRun.run(["sites", "add", "ledger", try TestSites.feedSite], environment: ["HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        let all = try await Self.archive(["latest"], home: home)
        let days = Array(Set(all.map(\.day))).sorted()
        let day = days[days.count / 2]
        let run = try await CommandRun.run(["latest", "--before", day, "--per-page", "100", "--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines == ["the site is read through its feed, which cannot be asked by date: showing the stories of those dates the cache holds"])
        #expect(try run.json().compactMap { $0["id"] as? Int } == all.filter { $0.day <= day }.map(\.id))
    }

    @Test func watchSinceTakesADateAsWellAsASpan() async throws {
        let (site, home) = (try TestSites.site, try TestSites.freshHome())
        let all = try await Self.archive(["latest", "--site", site], home: home)
        let days = Array(Set(all.map(\.day))).sorted()
        let day = days[days.count - 3]
        let run = try await CommandRun.run(["watch", "--site", site, "--since", day, "--once", "--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        let watched = run.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? Int
        }
        #expect(Set(watched) == Set(all.filter { $0.day >= day }.map(\.id)))
        let refused = try await CommandRun.run(["watch", "--site", site, "--since", "later", "--once"], environment: ["HOME": home])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--since: 'later' is neither a span (30m, 2h, 1d) nor a date"), "\(refused.stderr)")
    }
}
