import CommandRuns
import Foundation
import Testing

/// `render --extract`: a saved web page's article, the rest of the page left out.
@Suite struct RenderExtractCommandTests {
    static let pages = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../Fixtures/web/pages").standardizedFileURL.path

    @Test func rendersOnlyTheArticle() async throws {
        let run = try await CommandRun.run(["render", "--extract", Self.pages + "/news-layout.html", "--width", "80", "--no-color"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains("The first ferry in two years tied up"))
        #expect(run.stdout.contains("A longer wait than promised"))
        // The article's video frame, as a numbered link to its address.
        #expect(run.stdout.contains("[embed: The first sailing]["), "\(run.stdout)")
        #expect(run.stdout.contains("] https://video.example/embed/pier"), "\(run.stdout)")
        for furniture in ["Related stories", "Skerry Sue", "Sign up for the morning briefing", "Share on Social", "Most read", "We use cookies"] {
            #expect(!run.stdout.contains(furniture), "\(furniture) kept")
        }
        // The whole page, without --extract, has all of them.
        let whole = try await CommandRun.run(["render", Self.pages + "/news-layout.html", "--width", "80", "--no-color"])
        #expect(whole.stdout.contains("Related stories") && whole.stdout.contains("Skerry Sue"))
    }

    @Test func urlResolvesTheArticlesLinks() async throws {
        let run = try await CommandRun.run(["render", "--extract", Self.pages + "/news-layout.html", "--url", "https://harbour.example/news/pier/", "--no-color"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("https://harbour.example/news/pier/../../images/pier-wide.jpg"), "\(run.stdout.suffix(300))")
    }

    @Test func readsThePagesOwnCharset() async throws {
        let run = try await CommandRun.run(["render", "--extract", Self.pages + "/windows-1252.html", "--no-color"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("La fête du port revient le premier week-end d’août"))
    }

    @Test func aPageWithNoArticleIsOneLineAndStatusOne() async throws {
        let run = try await CommandRun.run(["render", "--extract", Self.pages + "/no-article.html"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1 && run.stderr.contains("found no article in") && run.stderr.contains("without --extract"), "\(run.stderr)")
    }

    @Test func aPostSplitIntoPagesNamesTheNextOne() async throws {
        let run = try await CommandRun.run(["render", "--extract", Self.pages + "/wp-paged-post.html", "--no-color"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Part two: the mills") && !run.stdout.contains("Pages:"))
        #expect(run.stderrLines.count == 1 && run.stderr.contains("http://127.0.0.1:8765/river-history/3/"), "\(run.stderr)")
    }
}
