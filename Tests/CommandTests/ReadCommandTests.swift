import CommandRuns
import Foundation
import Testing
import TestHTTPServer
@testable import HTMLParsing
@testable import TerminalRender

/// `read`: which site and which story it reads, and what it says when it cannot.
@Suite struct ReadCommandTests {
    /// `-n` names a story of the last list, on its own site: a `--site` naming another one
    /// is a mistake, not a request to read another site's story of that number.
    @Test func aNumberWithTheSiteOfAnotherListIsAUsageError() async throws {
        let listed = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        let other = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        defer { listed.stop(); other.stop() }
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["latest", "--site", listed.baseURL], environment: ["HOME": home]).status == 0)
        let run = try await CommandRun.run(["read", "-n", "2", "--site", other.baseURL], environment: ["HOME": home])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderrLines.first == "wpnews: story 2 of the last list is on \(listed.baseURL), not \(other.baseURL): leave out --site, or name \(listed.baseURL)",
                "\(run.stderr)")
        #expect(other.requests.isEmpty, "nothing asked of the other site")
        let same = try await CommandRun.run(["read", "-n", "2", "--site", listed.baseURL, "--offline"], environment: ["HOME": home])
        #expect(same.status == 1 && same.stderr.contains("is not in the offline copy of \(listed.baseURL)"), "\(same.stderr)")
    }

    /// A story opened with its password is read, but what the password guards is never kept:
    /// offline it is not in the copy, and no file of the cache holds its text.
    @Test func aProtectedStoryReadWithItsPasswordIsNotKeptInTheCache() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let slug = "members-only-draft-ferry-timetable"
        // Words of its text found nowhere else in the seed, one from each paragraph.
        let secretWords = ["ferry operator sent", "Sunday boat leaves"]
        let open = try await CommandRun.run(["read", slug, "--site", site, "--password", "letmein", "--no-pager"], environment: ["HOME": home])
        #expect(open.status == 0, "\(open.stderr)")
        #expect(open.stdout.contains("Eastbank"), "the password opens the story")
        let offline = try await CommandRun.run(["read", slug, "--site", site, "--offline", "--no-pager"], environment: ["HOME": home])
        #expect(offline.status == 1, "\(offline.stdout)")
        #expect(!offline.stdout.contains("Eastbank"))
        #expect(offline.stderr.contains("is not in the offline copy"), "\(offline.stderr)")
        let cache = home + "/.cache/wpnews"
        let files = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("wpnews.sqlite") }
        #expect(files.contains("wpnews.sqlite"))
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: cache + "/" + file))
            for words in secretWords {
                #expect(bytes.range(of: Data(words.utf8)) == nil, "\(file) holds '\(words)'")
            }
        }
    }

    /// `read` parses the article's HTML once and each comment's once: the layout, the
    /// comments' link numbers and the pictures all read what was parsed.
    @Test func theArticleAndEachCommentAreParsedOnce() async throws {
        let read = ["read", "subscribers-q-and-a-with-the-editor", "--password", "heron1911", "--comments", "--site", try TestSites.site]
        let json = try await CommandRun.run(read + ["--json"])
        let story = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stderr)")
        let comments = try #require(story["comments"] as? [Any])
        #expect(comments.count >= 2)
        let counter = HTMLParseCounter()
        let run = try await HTMLParseCounter.$current.withValue(counter) {
            try await CommandRun.run(read + ["--no-pager", "--images", "symbols"])
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Comments (\(comments.count))"))
        #expect(counter.count(by: ArticleBuilder.self) == 1 + comments.count)
    }
}
