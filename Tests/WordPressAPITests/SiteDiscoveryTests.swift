import Testing
import TestHTTPServer
@testable import HTTPClient
@testable import WordPressAPI

let testHTTP = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 5, retry: .never))

@Suite struct SiteDiscoveryTests {
    static let index = "{\"namespaces\":[\"oembed/1.0\",\"wp/v2\"]}"

    @Test func theLinkHeaderOfAnyPageNamesTheRoot() async throws {
        let server = try FakeWordPress.start { _, _ in nil }
        let root = try await SiteDiscovery(http: testHTTP).discover(server.url("/2026/11/some-post/")).root
        #expect(root == APIRoot(base: server.url("/wp-json/"), style: .path))
        #expect(server.requests.map(\.method) == ["HEAD"])
    }

    @Test func withoutTheHeaderWPJSONIsTried() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/wp-json/" ? .json(Self.index) : .html("<html>no link header</html>")
        }
        let root = try await SiteDiscovery(http: testHTTP).discover(server.baseURL).root
        #expect(root == APIRoot(base: server.url("/wp-json/"), style: .path))
        #expect(server.requests.last?.query["_fields"] == "namespaces")
    }

    @Test func withoutPrettyPermalinksRestRouteIsTried() async throws {
        let server = try TestHTTPServer { request in
            request.query["rest_route"] == "/" ? .json(Self.index) : .html("<html>not found</html>", status: 404)
        }
        let root = try await SiteDiscovery(http: testHTTP).discover(server.url("/blog/?p=12")).root
        #expect(root == APIRoot(base: server.url("/"), style: .query))
    }

    @Test func aSiteWithoutTheAPIIsNotWordPress() async throws {
        let server = try TestHTTPServer { _ in .html("<html>a static site</html>") }
        await #expect(throws: WordPressError.notWordPress(site: server.baseURL)) {
            try await SiteDiscovery(http: testHTTP).discover(server.baseURL)
        }
    }

    @Test func jsonWithoutTheWPNamespaceIsNotWordPress() async throws {
        let server = try TestHTTPServer { _ in .json("{\"namespaces\":[\"other/v1\"]}") }
        await #expect(throws: WordPressError.notWordPress(site: server.baseURL)) {
            try await SiteDiscovery(http: testHTTP).discover(server.baseURL)
        }
    }

    @Test func withoutASchemeHTTPSIsTriedThenHTTP() async throws {
        let server = try FakeWordPress.start { _, _ in nil }
        let address = server.baseURL.replacing("http://", with: "")
        // The https attempt meets a plain HTTP port and gives up at the timeout.
        let impatient = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 0.5, retry: .never))
        let found = try await SiteDiscovery(http: impatient).discover(address)
        #expect(found.root.base == server.url("/wp-json/"))
        #expect(found.fellBackToHTTP?.contains("https://\(address)") == true, "the fallback is announced")
    }
}

@Suite struct WordPressClientTests {
    func client(_ server: TestHTTPServer) -> WordPressClient {
        WordPressClient(root: APIRoot(base: server.url("/wp-json/"), style: .path), http: testHTTP)
    }

    @Test func aPageCarriesWordPressTotals() async throws {
        let server = try FakeWordPress.start { _, _ in
            FakeWordPress.collection("[{\"id\":3,\"name\":\"Sports\",\"slug\":\"sports\",\"parent\":0}]", total: 31, totalPages: 4)
        }
        let page = try await client(server).page(Endpoints.categories(ids: [3]))
        #expect(page.items.map(\.name.plain) == ["Sports"])
        #expect(page.total == 31 && page.totalPages == 4)
        #expect(server.requests.first?.query["include"] == "3")
    }

    @Test func wordPressErrorBodiesBecomeTypedErrors() async throws {
        let server = try FakeWordPress.start { _, _ in
            .json("{\"code\":\"rest_post_invalid_page_number\",\"message\":\"The page number requested is larger than the number of pages available.\",\"data\":{\"status\":400}}", status: 400)
        }
        let url = server.url("/wp-json/wp/v2/tags?slug=x&_fields=id,name,slug,count")
        await #expect(throws: WordPressError.api(
            status: 400, code: "rest_post_invalid_page_number",
            message: "The page number requested is larger than the number of pages available.", url: url
        )) {
            try await client(server).fetch(Endpoints.tags(slug: "x"))
        }
    }

    @Test func anErrorPageWithoutJSONKeepsItsStatus() async throws {
        let server = try FakeWordPress.start { _, _ in .html("<h1>Bad gateway</h1>", status: 502) }
        await #expect(throws: WordPressError.self) { try await client(server).fetch(Endpoints.users(ids: [1])) }
        do {
            _ = try await client(server).fetch(Endpoints.users(ids: [1]))
        } catch let error as WordPressError {
            guard case .httpStatus(502, _) = error else { Issue.record("got \(error)"); return }
            #expect(error.description.contains("try again later"))
        }
    }

    @Test(arguments: [
        ("[{\"id\":1,", "not valid JSON"),
        ("<!doctype html><html>maintenance</html>", "HTML where JSON was expected"),
        ("[{\"id\":1,\"name\":\"x\"}]", "the field 'slug' is missing"),
        ("{\"id\":1}", "not the expected JSON shape"),
        ("[{\"id\":\"one\",\"name\":\"x\",\"slug\":\"x\"}]", "unexpected value at '[0].id'"),
    ])
    func malformedBodiesSayWhatWasWrong(body: String, detail: String) async throws {
        let server = try FakeWordPress.start { _, _ in .json(body) }
        let url = server.url("/wp-json/wp/v2/users?include=1&per_page=100&_fields=id,name,slug")
        await #expect(throws: WordPressError.malformedResponse(url: url, detail: detail)) {
            try await client(server).fetch(Endpoints.users(ids: [1]))
        }
    }
}
