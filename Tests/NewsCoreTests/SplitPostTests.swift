import Foundation
import HTTPClient
import Testing
import TestHTTPServer
@testable import NewsCore
@testable import WordPressAPI

/// A post split into pages (`<!--nextpage-->`) read from its own web pages: every page once,
/// on the first one's site, in a bounded time, and what was read kept when a later page fails.
@Suite struct SplitPostTests {
    /// A long timeout, so the pages' deadline (twice it) never decides a test but the one about it,
    /// however loaded the machine running the whole suite is.
    static let http = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 120, retry: .never))

    /// Page `number` of the post, as WordPress draws it: its part, then the page links, the
    /// next page's written as `next`.
    static func pageHTML(_ number: Int, next: String?) -> String {
        let links = next.map { """
            <div class="page-links">Pages: <span class="post-page-numbers current" aria-current="page">\(number)</span> \
            <a href="\($0)" class="post-page-numbers">\(number + 1)</a></div>
            """ } ?? ""
        return """
            <!DOCTYPE html><html><head><title>Split (page \(number))</title></head><body><article id="post-5"><div class="entry-content">
            <p>Part \(number) of the timetable: the ferries on this page leave from the north pier every forty minutes.</p>
            </div>\(links)</article></body></html>
            """
    }

    static func page(_ number: Int, next: String?) -> TestResponse { .html(pageHTML(number, next: next)) }

    /// A feed of one summary whose story's first page is `story/` beside it.
    static let feedXML = """
        <?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Ferries</title><link>./</link>
        <item><title>Split</title><link>story/</link><guid isPermaLink="false">split</guid>
        <description>The timetable.</description></item></channel></rss>
        """

    static let feed = TestResponse(status: 200, headers: [("Content-Type", "application/rss+xml")], body: feedXML)

    /// The story, read through the feed `server` serves, and the site that read it.
    static func story(on feed: String, http: HTTPClient = http) async throws -> (SiteContent, StoryArticle) {
        let site = SiteChoice(address: feed, knownRoot: APIRoot.webFeed(feed))
        let content = SiteContent(site: site, database: try AppDatabase.inMemory(), http: http)
        let story = try #require(try await content.latest().stories.first)
        return (content, try await content.article(.id(story.id)))
    }

    static func parts(in html: String) -> [Int] {
        (1...20).flatMap { part in Array(repeating: part, count: html.components(separatedBy: "Part \(part) of").count - 1) }
    }

    @Test func aFailingPageKeepsThePagesReadBeforeItAndSaysWhereTheArticleStops() async throws {
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/story/": Self.page(1, next: "/story/2/")
            case "/story/2/": Self.page(2, next: "/story/3/")
            case "/story/3/": .status(500)
            default: Self.feed
            }
        }
        let (content, article) = try await Self.story(on: server.url("/feed.rss"))
        let full = await content.fullArticle(of: article, asked: true)
        #expect(full.isFullText && Self.parts(in: full.html) == [1, 2], "\(full.html)")
        let notice = try #require(full.notice)
        #expect(notice.hasPrefix("the article stops at page 2: page 3 could not be read (") && notice.contains("HTTP 500"), "\(notice)")
    }

    /// A fragment, `.` segments or the scheme's case make another address for the same page,
    /// and a page that links back to one read before (3 to 2) ends the article.
    @Test func eachPageIsReadOnceHoweverItsAddressIsWritten() async throws {
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/story/": Self.page(1, next: "/story/2/#part-2")
            case "/story/2/": Self.page(2, next: "HTTP://127.0.0.1:\(request.header("host")?.split(separator: ":").last ?? "")/story/3/")
            case "/story/3/": Self.page(3, next: "/story/./2/")
            default: Self.feed
            }
        }
        let (content, article) = try await Self.story(on: server.url("/feed.rss"))
        let full = await content.fullArticle(of: article, asked: true)
        #expect(full.isFullText && Self.parts(in: full.html) == [1, 2, 3], "\(full.html)")
        #expect(full.notice == nil)
        #expect(server.requests.filter { $0.path.hasPrefix("/story/") }.map(\.path) == ["/story/", "/story/2/", "/story/3/"])
    }

    /// A page of the article is the site's: a next-page link to another host is not followed.
    @Test func aNextPageOnAnotherHostIsNotFollowed() async throws {
        let server = try TestHTTPServer { request in
            let port = request.header("host")?.split(separator: ":").last ?? ""
            return switch request.path {
            case "/story/": Self.page(1, next: "http://localhost:\(port)/story/2/")
            case "/story/2/": Self.page(2, next: nil)
            default: Self.feed
            }
        }
        let (content, article) = try await Self.story(on: server.url("/feed.rss"))
        let full = await content.fullArticle(of: article, asked: true)
        #expect(full.isFullText && Self.parts(in: full.html) == [1], "\(full.html)")
        #expect(full.notice?.hasPrefix("the article stops at page 1: its next page is on another host (localhost:") == true, "\(full.notice ?? "")")
        #expect(!server.requests.contains { $0.path == "/story/2/" })
    }

    /// An article read over https does not go on over plain http, even on its own host.
    @Test func aNextPageOverPlainHTTPAfterHTTPSIsNotFollowed() async throws {
        let plain = try TestHTTPServer { _ in Self.page(2, next: nil) }
        let ok = "HTTP/1.0 200 OK\r\nContent-Type: %@\r\n\r\n"
        let secure = try await TLSTestServer.start(.forThisHost, responses: [
            "feed.rss": ok.replacingOccurrences(of: "%@", with: "application/rss+xml") + Self.feedXML.replacingOccurrences(of: "story/", with: "story"),
            "story": ok.replacingOccurrences(of: "%@", with: "text/html; charset=utf-8") + Self.pageHTML(1, next: plain.url("/story/2/")),
        ])
        let http = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 5, retry: .never, caFile: secure.caFile))
        let (content, article) = try await Self.story(on: secure.url("/feed.rss"), http: http)
        let full = await content.fullArticle(of: article, asked: true)
        #expect(full.isFullText && Self.parts(in: full.html) == [1], "\(full.html)")
        #expect(full.notice?.hasPrefix("the article stops at page 1: its next page is on plain http") == true, "\(full.notice ?? "")")
        #expect(plain.requests.isEmpty)
    }

    /// However quickly each page answers, all of them together take at most twice the timeout:
    /// then the page being read is let go, and what was read is shown. The first three pages
    /// answer at once, the later ones in 9 s of the 10 s timeout: the 20 s run out inside one
    /// of them, and even a machine busy with the whole suite reads the first page in time.
    @Test func thePagesTogetherTakeNoLongerThanTwiceTheTimeout() async throws {
        let server = try TestHTTPServer { request in
            guard request.path.hasPrefix("/story/") else { return Self.feed }
            let number = Int(request.path.split(separator: "/").last ?? "") ?? 1
            var page = Self.page(number, next: number < 15 ? "/story/\(number + 1)/" : nil)
            page.delay = number <= 3 ? 0 : 9
            return page
        }
        let http = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 10, retry: .never))
        let (content, article) = try await Self.story(on: server.url("/feed.rss"), http: http)
        let full = await content.fullArticle(of: article, asked: true)
        let parts = Self.parts(in: full.html)
        #expect(full.isFullText && !parts.isEmpty && parts.count < 15 && parts == Array(1...parts.count), "\(full.html)")
        #expect(full.notice?.hasPrefix("the article stops at page \(parts.count): its pages took longer than 20 s together") == true, "\(full.notice ?? "")")
        // The page after the last one read was let go, or never reached the server.
        let next = "/story/\(parts.count + 1)/"
        #expect(await eventually { server.hungUpRequests.contains { $0.path == next } || !server.requests.contains { $0.path == next } },
                "the page being read was answered in full")
    }
}
