import Testing
import TestHTTPServer
@testable import HTTPClient
@testable import WordPressAPI

/// Site addresses to WordPress.com's API roots: one host, the site in the route.
@Suite struct WordPressComTests {
    let wordPressCom = WordPressCom()

    @Test(arguments: [
        "example.wordpress.com", "https://example.wordpress.com", "https://Example.WordPress.com/2026/11/a-post/",
        "http://example.wordpress.com:443/?p=5", "https://user@example.wordpress.com/feed/",
    ])
    func anAddressOnAWordPressComSubdomainMapsToThePublicAPI(address: String) throws {
        let root = try #require(wordPressCom.root(forAddress: address))
        #expect(root.description == "https://public-api.wordpress.com/wp/v2/sites/example.wordpress.com/")
        #expect(root.url(route: "/wp/v2/posts", query: [("per_page", "10"), ("_fields", "id,title")])
            == "https://public-api.wordpress.com/wp/v2/sites/example.wordpress.com/posts?per_page=10&_fields=id,title")
        #expect(root.url(route: "/wp/v2/posts/56") == "https://public-api.wordpress.com/wp/v2/sites/example.wordpress.com/posts/56")
        #expect(root.home == "https://example.wordpress.com/" && root.feed == "https://example.wordpress.com/feed/")
    }

    @Test(arguments: [
        "wordpress.com", "https://public-api.wordpress.com/", "news.example.org", "https://notwordpress.com/",
        "example.wordpress.com.evil.org", "files.example.wordpress.com", "https://news.example.org/?u=example.wordpress.com",
    ])
    func otherAddressesAreNotWordPressComSites(address: String) {
        #expect(wordPressCom.root(forAddress: address) == nil)
    }

    @Test func theAPIHostCanBeReplaced() throws {
        let root = try #require(WordPressCom(apiBase: "http://127.0.0.1:8781").root(forAddress: "example.wordpress.com"))
        #expect(root.url(route: "/wp/v2/tags") == "http://127.0.0.1:8781/wp/v2/sites/example.wordpress.com/tags")
        #expect(WordPressCom(apiBase: "").apiBase == WordPressCom.apiHost)
    }

    /// A custom domain WordPress.com serves names the API host in its discovery header; the
    /// root read back from sites.toml is the same root.
    @Test func aLinkHeaderPointingToThePublicAPIIsAHostedRoot() throws {
        let headers = HTTPHeaders([("Link", "<https://public-api.wordpress.com/wp/v2/sites/news.example.org/>; rel=\"https://api.w.org/\"")])
        let root = try #require(LinkHeader.apiRoot(in: headers, base: "https://news.example.org/"))
        #expect(root == APIRoot(base: "https://public-api.wordpress.com/", style: .hosted(site: "news.example.org")))
        #expect(APIRoot(discovered: root.description) == root)
        #expect(root.url(route: "/wp/v2/categories") == "https://public-api.wordpress.com/wp/v2/sites/news.example.org/categories")
    }

    /// A custom domain that names its API only in the page's head (no Link header, no
    /// `/wp-json/` of its own) is found there: the hosted root, not "not a WordPress site".
    @Test func theAPILinkInThePageHeadNamesAHostedRoot() async throws {
        let server = try TestHTTPServer { request in
            guard request.path == "/", request.query.isEmpty else { return .html("<html>not found</html>", status: 404) }
            return .html("""
                <html><head><meta name='generator' content='WordPress.com' />
                <link rel='https://api.w.org/' href='https://public-api.wordpress.com/wp/v2/sites/news.example.org/' />
                </head><body>news</body></html>
                """)
        }
        let root = try await SiteDiscovery(http: testHTTP).discover(server.baseURL).root
        #expect(root == APIRoot(base: "https://public-api.wordpress.com/", style: .hosted(site: "news.example.org")))
        #expect(server.requests.map(\.method).last == "GET", "the page is read only after the cheaper ways")
    }

    @Test func discoveryAsksNothingOfAWordPressComSite() async throws {
        let found = try await SiteDiscovery(http: testHTTP, wordPressCom: WordPressCom(apiBase: "http://127.0.0.1:9/"))
            .discover("example.wordpress.com")
        #expect(found.root.description == "http://127.0.0.1:9/wp/v2/sites/example.wordpress.com/" && found.fellBackToHTTP == nil)
    }
}
