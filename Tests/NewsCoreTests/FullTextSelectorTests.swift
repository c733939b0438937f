import Foundation
import HTTPClient
import Testing
import TestHTTPServer
@testable import NewsCore
@testable import WordPressAPI

/// A site's `full_text_selector` that no longer finds the article (the site's layout changed),
/// or that this wpnews can no longer read: the article is found without it, shown, and the
/// read says so once, however many pages it took; it is not kept, so the next read tries the
/// selector again and says so again.
@Suite struct FullTextSelectorTests {
    static func story(on feed: String, selector: String) async throws -> (SiteContent, StoryArticle) {
        let followed = FollowedEntry(name: "ferries", file: "/nonexistent/sites.toml", goneSince: nil, fullText: true, fullTextSelector: selector)
        let site = SiteChoice(address: feed, knownRoot: APIRoot.webFeed(feed), label: "ferries", followed: followed)
        let content = SiteContent(site: site, database: try AppDatabase.inMemory(), http: SplitPostTests.http)
        let story = try #require(try await content.latest().stories.first)
        return (content, try await content.article(.id(story.id)))
    }

    @Test(arguments: [
        (".story-body", "the site's full_text_selector '.story-body' found nothing on the story's page"),
        (".story,", "the site's full_text_selector '.story,' cannot be read ("),
    ])
    func aSelectorThatFindsNoArticleIsSaidOnceAndTheArticleIsShown(selector: String, start: String) async throws {
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/story/": SplitPostTests.page(1, next: "/story/2/")
            case "/story/2/": SplitPostTests.page(2, next: nil)
            default: SplitPostTests.feed
            }
        }
        let (content, article) = try await Self.story(on: server.url("/feed.rss"), selector: selector)
        for _ in 1...2 {
            let full = await content.fullArticle(of: article, asked: false)
            #expect(full.isFullText && SplitPostTests.parts(in: full.html) == [1, 2], "\(full.html)")
            let notice = try #require(full.notice)
            #expect(notice.hasPrefix(start), "\(notice)")
            #expect(notice.hasSuffix(": the article was found without it; check it with `wpnews render --extract`"), "\(notice)")
        }
        #expect(server.requests.filter { $0.path == "/story/" }.count == 2)
    }

    @Test func aSelectorThatFindsTheArticleSaysNothing() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/story/" ? SplitPostTests.page(1, next: nil) : SplitPostTests.feed
        }
        let (content, article) = try await Self.story(on: server.url("/feed.rss"), selector: "div.entry-content")
        let full = await content.fullArticle(of: article, asked: false)
        #expect(full.isFullText && SplitPostTests.parts(in: full.html) == [1])
        #expect(full.notice == nil)
    }
}
