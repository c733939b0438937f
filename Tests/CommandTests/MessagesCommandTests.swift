import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// Messages that say what happened, not something near it.
@Suite struct MessagesCommandTests {
    /// A negative number is a value, not an unknown option.
    @Test(arguments: [["latest", "--page", "-3"], ["read", "-n", "-3"], ["tags", "--limit", "-3"],
                      ["watch", "--interval", "-3"], ["watch", "--since", "-3"]])
    func aNegativeNumberIsSaidToBeOutOfRange(arguments: [String]) async throws {
        let run = try await CommandRun.run(arguments)
        #expect(run.status == 64)
        #expect(!run.stderr.contains("Missing value") && run.stderr.contains("-3"), "\(arguments): \(run.stderr)")
    }

    @Test func helpForACommandThatDoesNotExistIsAUsageError() async throws {
        let run = try await CommandRun.run(["help", "bogus"])
        #expect(run.status == 64, "\(run.stdout.prefix(200))")
        #expect(run.stdout.isEmpty && run.stderr.contains("bogus"), "\(run.stderr)")
    }

    /// `help` is a command too: `help help` explains it.
    @Test func helpForHelpIsHelp() async throws {
        let run = try await CommandRun.run(["help", "help"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty && !run.stdout.isEmpty)
    }

    @Test func theHelpNamesEveryExitStatus() async throws {
        let run = try await CommandRun.run(["--help"])
        #expect(run.status == 0)
        let oneLine = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(oneLine.contains("130") && oneLine.contains("143"), "\(run.stdout)")
    }

    @Test func renderingADirectorySaysItIsOne() async throws {
        let run = try await CommandRun.run(["render", "/etc"])
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1 && !run.stderr.contains("NSCocoaErrorDomain") && run.stderr.contains("directory"), "\(run.stderr)")
    }

    private func config(_ text: String) throws -> String {
        let home = try TestSites.freshHome()
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: home + "/.config/wpnews/config.toml"))
        return home
    }

    @Test func aSettingOutOfRangeSaysTheRange() async throws {
        let home = try config("[network]\nrequests_per_host = 0\n")
        let run = try await CommandRun.run(["latest", "--site", "http://127.0.0.1:9"], environment: ["HOME": home])
        #expect(run.status == 1)
        #expect(run.stderr.contains("'network.requests_per_host' must be 1 to 32"), "\(run.stderr)")
    }

    @Test func aConfigurationThatIsNotTextSaysSo() async throws {
        let home = try TestSites.freshHome()
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try Data([0x7f, 0x45, 0x4c, 0x46, 0xff, 0xfe, 0x00, 0x80]).write(to: URL(fileURLWithPath: home + "/.config/wpnews/config.toml"))
        let run = try await CommandRun.run(["latest", "--site", "http://127.0.0.1:9"], environment: ["HOME": home])
        #expect(run.status == 1)
        #expect(!run.stderr.contains("permissions") && run.stderr.contains("not UTF-8 text"), "\(run.stderr)")
    }

    /// The proxy is what refused: the site was never asked.
    @Test func aProxyThatRefusesIsNamed() async throws {
        let run = try await CommandRun.run(["latest", "--site", "http://news.example.org"], environment: ["http_proxy": "http://127.0.0.1:9"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("the proxy 127.0.0.1:9"), "\(run.stderr)")
    }

    /// The tags `--min-count` leaves out are its doing, not `--limit`'s, and a site with tags has tags.
    @Test func tagsLeftOutByMinCountAreSaidToBe() async throws {
        let site = try TestSites.site
        let all = try await CommandRun.run(["tags", "--site", site, "--json"]).json()
        let counts = all.compactMap { $0["count"] as? Int }
        let threshold = try #require(counts.filter { $0 > 1 }.min(), "the seed has tags used more than once")
        let some = try await CommandRun.run(["tags", "--site", site, "--limit", "100", "--min-count", String(threshold)])
        #expect(some.status == 0)
        #expect(some.stderr.contains("used at least \(threshold) times") && !some.stderr.contains("--limit N shows more"), "\(some.stderr)")
        // Every tag that passes --min-count is shown; how many the site has in all is said apart.
        let everyTag = try await CommandRun.run(["tags", "--site", site, "--limit", "0", "--json"]).json()
        let passing = everyTag.filter { ($0["count"] as? Int ?? 0) >= threshold }.count
        #expect(some.stderrLines == ["showing all \(passing) tags used at least \(threshold) times (of the site's \(everyTag.count)): a lower --min-count shows more"],
                "\(some.stderr)")
        let none = try await CommandRun.run(["tags", "--site", site, "--min-count", "100000"])
        #expect(none.status == 0)
        #expect(none.stdout == "No tags are used 100000 times or more.\n", "\(none.stdout)")
    }

    /// A page's address is a page, not a story that is missing.
    @Test func readingAPageAddressSaysItIsAPage() async throws {
        let site = try TestSites.site
        let pages = try await CommandRun.run(["pages", "--site", site, "--json"]).json()
        let page = try #require(pages.first { $0["slug"] as? String == "about" }, "the seed has an About page")
        let link = try #require(page["link"] as? String)
        let run = try await CommandRun.run(["read", link, "--no-pager"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("'about' is a page, not a story: read it with `wpnews page about --site "), "\(run.stderr)")
    }

    /// A wrong password names the story as it was asked for, never "story 0".
    @Test func aWrongPasswordNamesTheStory() async throws {
        let site = try TestSites.site
        let slug = "members-only-draft-ferry-timetable"
        let run = try await CommandRun.run(["read", slug, "--site", site, "--password", "wrong", "--no-pager"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("the password for story '\(slug)' is not right"), "\(run.stderr)")
    }
}
