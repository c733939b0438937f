import Testing
import TestHTTPServer
@testable import HTTPClient
@testable import WordPressAPI

/// One discovery reads a page once, however many of its ways ask for it, but only a request
/// that is the same in every part shares an answer: a server may answer by `Accept` or by who
/// asks.
@Suite struct DiscoveryPagesTests {
    static let feed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Quay</title><link>https://quay.example/</link>"
        + "<item><title>Alpha</title><link>https://quay.example/a/</link><guid>a</guid></item></channel></rss>"

    /// The page as most clients get it; the feed for a client that asks for a feed type.
    @Test func aPageThatAnswersByAcceptIsReadAsTheFeedItSendsAFeedReader() async throws {
        let server = try TestHTTPServer { request in
            guard request.path == "/news" else { return .status(404) }
            if request.header("Accept")?.contains("application/rss+xml") == true {
                return TestResponse(headers: [("Content-Type", "application/rss+xml"), ("Vary", "Accept")], body: Self.feed)
            }
            return .html("<html><head><title>Quay news</title></head><body>Today's news</body></html>", headers: [("Vary", "Accept")])
        }
        let found = try await SiteDiscovery(http: testHTTP).discoverAnySite(server.url("/news"))
        #expect(found.root == .webFeed(server.url("/news")))
        #expect(found.feed?.feed?.items.map(\.title) == ["Alpha"])
        #expect(server.requests.filter { $0.method == "GET" && $0.path == "/news" }.count == 1, "one download serves every way")
    }

    /// A login sent with WordPress's discovery and refused is not the answer the web feed's
    /// anonymous request gets.
    @Test func aRefusalOfTheLoginIsNotWhatAVisitorIsAnswered() async throws {
        let server = try TestHTTPServer { request in
            guard request.path == "/news" else { return .status(404) }
            if request.header("Authorization") != nil { return .status(401) }
            return TestResponse(headers: [("Content-Type", "application/rss+xml")], body: Self.feed)
        }
        let discovery = SiteDiscovery(http: testHTTP, credential: BasicCredential(user: "reader", password: "secret"))
        let found = try await discovery.discoverAnySite(server.url("/news"))
        #expect(found.root == .webFeed(server.url("/news")))
        #expect(found.feed?.feed?.items.map(\.title) == ["Alpha"])
    }
}
