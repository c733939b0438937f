import Foundation
import Testing
import TestHTTPServer
@testable import HTTPClient
@testable import NewsCore

/// Links in an article that name a story or page of a site: the same page however the link is
/// written, found in the cache first, then asked of the site's API in WordPress's own forms.
@Suite struct LinkedContentTests {
    @Test func theWaysOneLinkIsWrittenCompareEqual() throws {
        let key = try #require(LinkKey("https://riverside.example/ferry-vote/"))
        for same in ["http://riverside.example/ferry-vote", "https://www.riverside.example/ferry-vote/",
                     "https://RIVERSIDE.example:443/ferry-vote/#comments", "https://riverside.example/ferry-vote/?utm_source=news&utm_medium=email",
                     "https://riverside.example/ferry-vote/?fbclid=abc"] {
            #expect(LinkKey(same) == key, "\(same)")
        }
        for other in ["https://elsewhere.example/ferry-vote/", "https://riverside.example/ferry-vote/2/",
                      "https://riverside.example/ferry-vote/?p=123", "https://riverside.example:8080/ferry-vote/",
                      "https://news.riverside.example/ferry-vote/"] {
            #expect(LinkKey(other) != key, "\(other)")
        }
        #expect(LinkKey("https://riverside.example/?p=123&utm_campaign=x") == LinkKey("http://www.riverside.example/?p=123"))
        #expect(LinkKey("mailto:desk@riverside.example") == nil)
        #expect(LinkKey("/relative/path") == nil)
    }

    /// The fixture's posts are on `wordpress.test`; the stand-in site itself on loopback.
    static func site() throws -> TestHTTPServer {
        try FakeWordPress.start { route, request in
            switch (route, request.query["slug"]) {
            case ("/wp/v2/posts", "letters"?): return .json("[]")
            case ("/wp/v2/pages", "letters"?): return .json("[\(Self.page)]")
            case ("/wp/v2/pages/61", _): return .json(Self.page)
            case ("/wp/v2/posts/55", _): return try? .json(Self.post(55))
            // The fixture's list answers any query: no other slug is a post or page.
            case ("/wp/v2/posts", _?), ("/wp/v2/pages", _?): return .json("[]")
            default: return FakeWordPress.seededSiteRoutes(route, request)
            }
        }
    }

    static let page = #"{"id":61,"slug":"letters","link":"http://wordpress.test/letters/","title":{"rendered":"Letters"},"parent":0,"menu_order":5,"modified_gmt":"2026-01-01T00:00:00","content":{"rendered":"<p>Write to us.</p>"}}"#

    static func post(_ id: Int) throws -> String {
        let posts = try #require(JSONSerialization.jsonObject(with: Data(WordPressFixture.text("posts-page1.json").utf8)) as? [[String: Any]])
        var post = try #require(posts.first { $0["id"] as? Int == id })
        post["content"] = ["rendered": "<p>The story.</p>", "protected": false]
        return String(decoding: try JSONSerialization.data(withJSONObject: post), as: UTF8.self)
    }

    static func content(_ server: TestHTTPServer) throws -> SiteContent {
        SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: SiteContentTests.http)
    }

    @Test func aCachedStoryIsFoundByItsLinkWithoutARequest() async throws {
        let server = try Self.site()
        let content = try Self.content(server)
        _ = try await content.latest(detail: .summary)
        let asked = server.requests.count
        let found = await content.linkedContent("https://www.wordpress.test/school-lunches-go-local?utm_source=news#comments")
        guard case .story(let story)? = found else { throw LinkError("the cached story: \(String(describing: found))") }
        #expect(story.id == 54)
        // The same path on another host is another site's page.
        #expect(await content.linkedContent("https://elsewhere.example/school-lunches-go-local/") == nil)
        #expect(server.requests.count == asked, "\(server.requests.dropFirst(asked).map(\.target))")
    }

    @Test func theSitesOwnLinksAreAskedOfItsAPI() async throws {
        let server = try Self.site()
        let content = try Self.content(server)
        guard case .story(let story)? = await content.linkedContent(server.baseURL + "/?p=55&utm_source=x") else { throw LinkError("?p=55") }
        #expect(story.id == 55)
        guard case .page(let letters)? = await content.linkedContent(server.baseURL + "/letters/") else { throw LinkError("a page by its slug") }
        #expect(letters.id == 61 && letters.title == "Letters")
        guard case .page(let byID)? = await content.linkedContent(server.baseURL + "/?page_id=61") else { throw LinkError("?page_id=61") }
        #expect(byID.id == 61)
    }

    @Test func listsAndUnknownSlugsAreNothing() async throws {
        let server = try Self.site()
        let content = try Self.content(server)
        let asked = server.requests.count
        #expect(await content.linkedContent(server.baseURL + "/category/city-hall/") == nil)
        #expect(await content.linkedContent(server.baseURL + "/wp-content/uploads/map.png") == nil)
        #expect(server.requests.count == asked, "an archive's address is never asked about")
        #expect(await content.linkedContent(server.baseURL + "/no-such-story/") == nil)
    }

    struct LinkError: Error {
        let what: String
        init(_ what: String) { self.what = what }
    }
}
