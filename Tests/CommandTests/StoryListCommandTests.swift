import CommandRuns
import Foundation
import Testing

/// `featured` and `latest` against the seeded WordPress (scripts/wordpress/seed.php).
@Suite struct StoryListCommandTests {
    @Test func latestJSONIsOneArrayOfCompleteStoriesNewestFirst() async throws {
        let run = try await CommandRun.run(["latest", "--site", try TestSites.site, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let stories = try run.json()
        #expect(stories.count == 10)
        for story in stories {
            #expect(Set(story.keys) == StoryJSONKeys.all)
            let date = try #require(story["date"] as? String)
            #expect(date.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(date)")
            #expect((story["author"] as? String)?.isEmpty == false)
            #expect(story["categories"] is [String])
        }
        let dates = stories.compactMap { $0["date"] as? String }
        #expect(dates == dates.sorted(by: >))
        #expect(stories.contains { $0["featured_image"] is String })
    }

    @Test func latestTextIsNumberedWrappedPlainAndSaysHowToGetMore() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["latest", "--site", site])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!run.stdout.contains("\u{1B}"), "no escape codes when stdout is not a terminal")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.first?.hasPrefix(" 1. ") == true)
        #expect(lines.contains { $0.hasPrefix("10. ") })
        #expect(lines.contains { $0.contains(" · id ") })
        let footer = try #require(lines.last)
        #expect(footer.hasPrefix("page 1 of "))
        #expect(footer.hasSuffix("next: wpnews latest --site \(site) --page 2"))
    }

    @Test func pagesDoNotOverlapAndHonourPerPage() async throws {
        let site = try TestSites.site
        let first = try await CommandRun.run(["latest", "--site", site, "--per-page", "5", "--json"]).json()
        let second = try await CommandRun.run(["latest", "--page", "2", "--site", site, "--per-page", "5", "--json"]).json()
        #expect(first.count == 5 && second.count == 5)
        let firstIDs = Set(first.compactMap { $0["id"] as? Int })
        #expect(firstIDs.isDisjoint(with: second.compactMap { $0["id"] as? Int }))
    }

    @Test func aPagePastTheEndSaysWhereTheEndIs() async throws {
        let run = try await CommandRun.run(["latest", "--site", try TestSites.site, "--page", "999"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains(/page 999 of \d+ does not exist/))
    }

    @Test func featuredIsTheStoriesTaggedFeatured() async throws {
        let run = try await CommandRun.run(["featured", "--site", try TestSites.site, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let stories = try run.json()
        #expect(stories.count == 8)
        #expect(stories.allSatisfy { ($0["tags"] as? [String])?.contains("Featured") == true })
    }

    @Test func withoutTheTagFeaturedFallsBackToStickyPostsAndSaysSo() async throws {
        let run = try await CommandRun.run(["featured", "--site", try TestSites.site, "--featured-tag", "no-such-tag", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("showing the sticky posts"))
        let stories = try run.json()
        #expect(stories.count == 1)
        #expect(stories.first?["sticky"] as? Bool == true)
    }

    // The timeout is generous on purpose: the point is where the options go, and on a busy
    // 2-core CI machine the seeded WordPress answers 40 parallel runs in up to ~7 s.
    @Test func theSiteCanComeFromTheEnvironmentAndOptionsGoAfterTheCommand() async throws {
        let run = try await CommandRun.run(["latest", "--json", "--timeout", "120", "--no-color", "--per-page", "3"],
                                    environment: ["WPNEWS_SITE": try TestSites.site])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json().count == 3)
    }

    @Test func anyURLOfTheSiteFindsIt() async throws {
        let site = try TestSites.site
        let newest = try await CommandRun.run(["latest", "--site", site, "--per-page", "1", "--json"]).json()
        let link = try #require(newest.first?["link"] as? String)
        let run = try await CommandRun.run(["latest", "--site", link, "--per-page", "1", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json().first?["link"] as? String == link)
    }

    @Test func narrowWidthsWrapEveryLine() async throws {
        let run = try await CommandRun.run(["latest", "--site", try TestSites.site, "--per-page", "30", "--width", "40"])
        #expect(run.status == 0, "\(run.stderr)")
        for line in run.stdout.split(separator: "\n") where !line.hasPrefix("next: ") {
            #expect(displayWidth(line) <= 40, "\(line)")
        }
    }

    @Test func serverTextCannotDriveTheTerminal() async throws {
        let site = try TestSites.site
        let text = try await CommandRun.run(["latest", "--site", site, "--per-page", "100"])
        let json = try await CommandRun.run(["latest", "--site", site, "--per-page", "100", "--json"])
        #expect(text.status == 0 && json.status == 0)
        #expect(text.stdout.contains("Hostile"), "the seeded hostile title is listed")
        #expect(!text.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        let titles = try json.json().compactMap { $0["title"] as? String }
        #expect(!titles.joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(text.stdout.contains("(no title)"))
    }

    @Test func nonLatinScriptsAndEmojiArriveIntact() async throws {
        let run = try await CommandRun.run(["latest", "--site", try TestSites.site, "--per-page", "100", "--json"])
        let titles = try run.json().compactMap { $0["title"] as? String }.joined(separator: "\n")
        #expect(titles.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "CJK")
        #expect(titles.unicodeScalars.contains { (0x0370...0x03FF).contains($0.value) }, "Greek")
        #expect(titles.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }, "Arabic")
        #expect(titles.unicodeScalars.contains { $0.properties.isEmojiPresentation }, "emoji")
    }

    @Test func verboseLogsEachRequestOnStderr() async throws {
        let run = try await CommandRun.run(["latest", "--site", try TestSites.site, "-v", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let requests = run.stderrLines.filter { $0.contains("/wp/v2/posts") }
        #expect(requests.count == 1)
        #expect(requests.first?.contains(/-> 200, [\d.]+ KB, \d+ ms/) == true)
        #expect(!run.stderr.contains("content"), "list requests never ask for content")
        _ = try run.json()
    }
}
