import CommandRuns
import Foundation
import Testing

/// The seeded site's awkward content (scripts/wordpress/awkward.php), as real sites have it:
/// long preformatted lines, a category tree with one post, a password-protected post with
/// comments, a post in thirty categories, a page with a Greek slug, a page with comments, a
/// post of blocks readers lose (accordions, a search block, math, footnotes) and one with a
/// small picture.
@Suite struct AwkwardContentCommandTests {
    @Test func longPreformattedLinesAreWrappedNotCut() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["read", "how-our-flood-alert-bot-works", "--site", site, "--width", "60", "--no-pager"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("→"), "nothing clipped")
        #expect(run.stdout.contains("↪"), "continuation rows are marked")
        // Addresses (the link list, the permalink) are never broken, so they may run over.
        for line in run.stdout.split(separator: "\n") where !line.contains("://") {
            #expect(displayWidth(line) <= 60, "\(line)")
        }
        let json = try await CommandRun.run(["read", "how-our-flood-alert-bot-works", "--site", site, "--json"])
        let html = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])["content_html"] as? String
        // The longest code line, every word of it, is in the text somewhere.
        let longest = try #require(html?.split(separator: "\n").max { $0.count < $1.count })
        let lastWord = try #require(longest.split(separator: " ").last { $0.allSatisfy { $0.isLetter } })
        #expect(run.stdout.contains(lastWord), "the end of the longest line survives: \(lastWord)")
    }

    @Test func aVerseKeepsItsLeadingSpaces() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["read", "poetry-corner-low-water", "--site", site, "--no-pager"])
        #expect(run.status == 0, "\(run.stderr)")
        let indented = run.stdout.split(separator: "\n").filter { $0.hasPrefix("      ") && $0.contains(where: \.isLetter) }
        #expect(!indented.isEmpty, "indented verse lines keep their indent: \(run.stdout)")
    }

    @Test func categoryCountsAreTheSitesOwn() async throws {
        let site = try TestSites.site
        let json = try await CommandRun.run(["categories", "--site", site, "--json"]).json()
        let counts = Dictionary(uniqueKeysWithValues: json.compactMap { entry in (entry["slug"] as? String).map { ($0, entry["count"] as? Int) } })
        #expect(counts["community"] == 0 && counts["clubs"] == 1 && counts["volunteering"] == 1, "\(counts)")
        let text = try await CommandRun.run(["categories", "--site", site, "--width", "100"])
        let community = try #require(text.stdout.split(separator: "\n").first { $0.contains("Community") })
        #expect(community.split(separator: " ").first == "0", "the parent's own count, not 3: \(community)")
    }

    @Test func aProtectedStoryReadsBySlugWithItsCommentsAndAnOpenOneIgnoresThePassword() async throws {
        let site = try TestSites.site
        let slug = "subscribers-q-and-a-with-the-editor"
        let locked = try await CommandRun.run(["read", slug, "--site", site])
        #expect(locked.status == 1 && locked.stderr.contains("pass its password with --password"), "\(locked.stderr)")
        let open = try await CommandRun.run(["read", slug, "--site", site, "--password", "heron1911", "--comments", "--no-pager"])
        #expect(open.status == 0, "\(open.stderr)")
        #expect(open.stderr.isEmpty, "\(open.stderr)")
        #expect(open.stdout.contains("Comments ("), "the comments came with the password")
        let wrong = try await CommandRun.run(["read", slug, "--site", site, "--password", "nope"])
        #expect(wrong.status == 1 && wrong.stderr.contains("is not right"), "\(wrong.stderr)")
        let plain = try await CommandRun.run(["read", "27", "--site", site, "--password", "anything", "--no-pager"])
        #expect(plain.status == 0 && plain.stdout.contains("Permalink"), "\(plain.stderr)")
    }

    @Test func whenCommentsCannotBeHadTheArticleIsStillShown() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["read", "27", "--site", site, "--json"], environment: ["HOME": home]).status == 0)
        let offline = try await CommandRun.run(["read", "27", "--site", site, "--comments", "--offline", "--no-pager"], environment: ["HOME": home])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("Permalink") && !offline.stdout.contains("Comments (0)"))
        #expect(offline.stderr.contains("the comments of story 27 are not in the offline copy") || offline.stderr.contains("comments of story 27 is not"),
                "\(offline.stderr)")
    }

    @Test func thirtyCategoriesTakeOneLine() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["category", "topics", "--site", site, "--width", "80"])
        #expect(run.status == 0, "\(run.stderr)")
        let stories = run.stdout.components(separatedBy: "\n\n")
        let story = try #require(stories.first { $0.contains("thirty subjects") }).split(separator: "\n")
        // Title, the date and author, the categories cut to one line with "+N", two lines of excerpt.
        #expect(story.count <= 5, "\(story.joined(separator: "\n"))")
        #expect(story.contains { $0.contains("Accessibility") && $0.contains(" +") }, "\(story.joined(separator: "\n"))")
    }

    @Test func pageSlugsAreShownDecoded() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["pages", "--site", site])
        #expect(run.stdout.contains("περιεχόμενο") && !run.stdout.contains("%CF"), "\(run.stdout)")
        let page = try await CommandRun.run(["page", "περιεχόμενο", "--site", site, "--no-pager"])
        #expect(page.status == 0, "\(page.stderr)")
    }

    @Test func aPageShowsItsThreadedCommentsAsAStoryDoes() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["page", "letters-to-the-editor", "--site", site, "--comments", "--no-pager"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.contains("Comments (4)") }, "\(run.stdout)")
        let reply = try #require(lines.firstIndex { $0.contains("Then I shall renew my subscription.") }, "\(run.stdout)")
        #expect(heading < reply && lines[reply].hasPrefix("│ │"), "a reply to a reply, two bars in: \(lines[reply])")
        let json = try await CommandRun.run(["page", "letters-to-the-editor", "--site", site, "--comments", "--json"])
        let page = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        let comments = try #require(page["comments"] as? [[String: Any]], "\(json.stdout)")
        // As read --json has them: every key always there, parent 0 at the top of a thread.
        #expect(comments.count == 4 && comments.allSatisfy { Set($0.keys).isSuperset(of: ["id", "parent", "author", "date", "content_html", "content_text"]) })
        #expect(comments.filter { ($0["parent"] as? Int ?? 0) != 0 }.count == 2, "two replies")
    }

    /// Blocks readers used to lose, as the seeded WordPress renders them.
    @Test func blockContentReadsAsText() async throws {
        let run = try await CommandRun.run(["read", "ferry-questions-answered", "--site", try TestSites.site, "--width", "72", "--no-pager"])
        #expect(run.status == 0, "\(run.stderr)")
        for expected in ["▸ What does the ferry cost?", "When does the first boat leave?", "[Search the Ledger: ____] [Find]",
                         "t = \\frac{d}{v + c}", "F_n=2n^0.9", "1911.¹", "1952.²", "² After the flood"] {
            #expect(run.stdout.contains(expected), "\(expected) in \(run.stdout)")
        }
        #expect(!run.stdout.contains("[image"), "the cover's background is decoration: \(run.stdout)")
        // The only links listed are the header's names: in-page links get no numbers.
        #expect(run.stdout.contains("[1] Author: ") && !run.stdout.contains("] http"), "in-page links get no numbers: \(run.stdout)")
    }

    /// The 120x90 badge takes 15x6 cells of 8x16 pixels, not the 72 columns of the text.
    @Test func aSmallPictureIsDrawnAtItsOwnSize() async throws {
        let run = try await CommandRun.run(["read", "the-ferry-companys-new-badge", "--site", try TestSites.site, "--width", "72",
                                            "--images", "symbols", "--no-pager"],
                                           environment: ["HOME": try PicturesCommandTests.home(), "TERM": "xterm-256color"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let caption = try #require(lines.firstIndex { $0.hasPrefix("[image: The ferry company's badge") })
        let picture = lines[..<caption].reversed().prefix { $0.count == 15 }
        #expect(picture.count == 6, "\(lines)")
    }
}
