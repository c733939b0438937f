import Testing
@testable import HTTPClient
@testable import WordPressAPI

@Suite struct APIRootTests {
    @Test func prettyRootAppendsRouteAndEncodesQuery() {
        let root = APIRoot(discovered: "https://news.example.org/wp-json/")
        #expect(root.style == .path)
        #expect(root.url(route: "/wp/v2/posts", query: [("search", "city council & more"), ("_fields", "id,title")])
            == "https://news.example.org/wp-json/wp/v2/posts?search=city%20council%20%26%20more&_fields=id,title")
    }

    @Test func rootWithoutTrailingSlashGetsOne() {
        #expect(APIRoot(discovered: "http://127.0.0.1:8765/wp-json").url(route: "/wp/v2/tags")
            == "http://127.0.0.1:8765/wp-json/wp/v2/tags")
    }

    @Test func queryStyleRootPutsTheRouteInRestRoute() {
        let root = APIRoot(discovered: "https://blog.example.org/?rest_route=/")
        #expect(root.style == .query)
        #expect(root.url(route: "/wp/v2/posts", query: [("page", "2")])
            == "https://blog.example.org/?rest_route=/wp/v2/posts&page=2")
        #expect(root.description == "https://blog.example.org/?rest_route=/")
    }

    @Test func linkHeaderNamesTheAPIRoot() {
        let headers = HTTPHeaders([
            ("Link", "<https://news.example.org/wp-json/wp/v2/pages/2>; rel=\"alternate\"; type=\"application/json\""),
            ("link", "<https://news.example.org/wp-json/>; rel=\"https://api.w.org/\", <https://news.example.org/?p=2>; rel=shortlink"),
        ])
        #expect(LinkHeader.apiRoot(in: headers, base: "https://news.example.org/about/") == APIRoot(base: "https://news.example.org/wp-json/", style: .path))
    }

    @Test func noAPIRelationMeansNoRoot() {
        let headers = HTTPHeaders([("Link", "<https://example.org/next>; rel=\"next\"")])
        #expect(LinkHeader.apiRoot(in: headers, base: "https://example.org/") == nil)
    }

    @Test func relativeLinkTargetsResolveAgainstThePage() {
        let headers = HTTPHeaders([("Link", "</blog/wp-json/>; rel=\"https://api.w.org/\"")])
        #expect(LinkHeader.apiRoot(in: headers, base: "https://example.org/blog/a-post/?x=1")?.base == "https://example.org/blog/wp-json/")
        #expect(LinkHeader.resolve("wp-json/", against: "https://example.org/blog/") == "https://example.org/blog/wp-json/")
        #expect(LinkHeader.resolve("https://cdn.example.org/wp-json/", against: "https://example.org/") == "https://cdn.example.org/wp-json/")
    }

    @Test func aQueryRootWithAQueryOfItsOwnKeepsBoth() {
        let root = APIRoot(discovered: "https://example.org/index.php?lang=en&rest_route=/")
        #expect(root.url(route: "/wp/v2/posts", query: [("page", "2")])
            == "https://example.org/index.php?lang=en&rest_route=/wp/v2/posts&page=2")
    }

    @Test func addressWithoutSchemeTriesHTTPSFirst() throws {
        #expect(try SiteAddress.candidates(for: "news.example.org/2026/11/a-post/#comments")
            == ["https://news.example.org/2026/11/a-post/", "http://news.example.org/2026/11/a-post/"])
        #expect(try SiteAddress.candidates(for: " http://127.0.0.1:8765 ") == ["http://127.0.0.1:8765"])
    }

    @Test(arguments: ["", "   ", "ftp://example.org", "http://", "two words.org"])
    func unusableAddressesAreRejected(address: String) {
        #expect(throws: HTTPError.self) { try SiteAddress.candidates(for: address) }
    }

    @Test func originDropsPathAndQuery() {
        #expect(SiteAddress.origin(of: "https://news.example.org:8443/a/b?c=d") == "https://news.example.org:8443")
    }
}

@Suite struct SiteHomeAndFeedTests {
    @Test(arguments: [
        ("https://news.example.org/wp-json/", "https://news.example.org/", "https://news.example.org/feed/"),
        ("https://example.org/blog/wp-json/", "https://example.org/blog/", "https://example.org/blog/feed/"),
        ("http://127.0.0.1:8765/wp-json/", "http://127.0.0.1:8765/", "http://127.0.0.1:8765/feed/"),
        ("https://blog.example.org/?rest_route=/", "https://blog.example.org/", "https://blog.example.org/?feed=rss2"),
        ("https://blog.example.org/index.php?lang=en&rest_route=/", "https://blog.example.org/", "https://blog.example.org/?feed=rss2"),
        ("https://blog.example.org?rest_route=/", "https://blog.example.org/", "https://blog.example.org/?feed=rss2"),
    ])
    func theHomeAndFeedComeFromTheRoot(root: String, home: String, feed: String) {
        let root = APIRoot(discovered: root)
        #expect(root.home == home)
        #expect(root.feed == feed)
    }
}
