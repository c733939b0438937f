import Foundation
import Synchronization
import Testing
import TestHTTPServer
@testable import HTTPClient
@testable import WordPressAPI

/// The one fetch every feed goes through, against the web-feed test bed
/// (`scripts/feed-server.py`, started by `scripts/with-wordpress.sh`): asked again with the
/// validators of the copy held, an unchanged feed costs one request and no body; redirects
/// say whether the feed moved for good; a feed that is gone says so.
@Suite struct PoliteFeedFetchTests {
    static var bed: String {
        get throws {
            try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_WEB_FEEDS"],
                         "WPNEWS_E2E_WEB_FEEDS is not set: run the tests with scripts/with-wordpress.sh (`make test`)")
        }
    }

    /// A client for the feed at `path` on the bed, as a site read through its feed.
    static func client(_ feed: String) throws -> FeedClient {
        try #require(FeedClient(root: APIRoot(base: try bed + "/", style: .path).readingFeed(feed), http: testHTTP))
    }

    /// The bed's log lines (`METHOD PATH STATUS BODY-BYTES`) for `path`.
    static func logged(_ path: String) throws -> [String] {
        let log = try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_WEB_FEEDS_LOG"])
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init).filter { $0.hasPrefix("GET \(path) ") }
    }

    @Test func anUnchangedFeedAskedWithItsValidatorsCostsOneRequestAndNoBody() async throws {
        // A feed of this test's own, so the log's lines for it are this test's.
        let live = try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_WEB_FEEDS_LIVE"])
        let folder = UUID().uuidString
        try FileManager.default.createDirectory(atPath: live + "/" + folder, withIntermediateDirectories: true)
        let fixture = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures/web/feed.rss")
        let bytes = try Data(contentsOf: fixture)
        try bytes.write(to: URL(filePath: live + "/" + folder + "/feed.rss"))
        let path = "/live/\(folder)/feed.rss"
        let client = try Self.client(try Self.bed + path)

        let first = try await client.feed(.latest)
        let validators = try #require(first.validators)
        #expect(validators.etag != nil && validators.lastModified != nil)
        #expect(try #require(first.feed).items.count > 0)
        let again = try await client.feed(.latest, validators: validators)
        #expect(again.feed == nil && again.validators == nil, "not modified: nothing to parse")

        let lines = try Self.logged(path)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.last == "GET \(path) 304 0", "\(lines)")
        // Compressed on the way (the bed gzips what the client accepts), as the API's answers are.
        let firstBytes = try #require(lines.first?.split(separator: " ").last.flatMap { Int($0) })
        #expect(lines.first?.hasPrefix("GET \(path) 200 ") == true && firstBytes < bytes.count, "\(lines)")
    }

    @Test(arguments: [("/moved.rss", true), ("/moved-permanently.rss", true), ("/moved-for-now.rss", false)])
    func aRedirectSaysWhetherTheFeedMovedForGood(path: String, permanent: Bool) async throws {
        let answer = try await Self.client(try Self.bed + path).feed(.latest)
        #expect(answer.feed != nil)
        #expect(answer.movedTo == (permanent ? try Self.bed + "/feed.rss" : nil))
    }

    /// A feed's host gets what an API's does from the HTTP client: a short Retry-After is
    /// waited for and the request sent again; a long one ends the request at once, saying so.
    @Test func aFeedsServerIsAskedAgainAsItsRetryAfterSays() async throws {
        let answers = Mutex(0)
        let server = try TestHTTPServer { _ in
            let count = answers.withLock { $0 += 1; return $0 }
            switch count {
            case 1: return .status(503, headers: [("Retry-After", "1")])
            case 2: return .text("<rss version=\"2.0\"><channel><item><title>Back</title></item></channel></rss>")
            default: return .status(429, headers: [("Retry-After", "3600")])
            }
        }
        let http = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 5, retry: RetryPolicy(baseDelay: 0.01)))
        let client = try #require(FeedClient(root: APIRoot(base: server.url("/wp-json/"), style: .path).readingFeed(server.url("/feed/")), http: http))
        #expect(try await client.feed(.latest).feed?.items.map(\.title) == ["Back"])
        await #expect(throws: HTTPError.serverAskedToWait(host: "127.0.0.1:\(server.port)", seconds: 3600, status: 429)) {
            try await client.feed(.latest)
        }
        #expect(server.requests.count == 3)
    }

    @Test func aFeedThatIsGoneIsAnError() async throws {
        await #expect(throws: WordPressError.httpStatus(status: 410, url: try Self.bed + "/gone.rss")) {
            try await Self.client(try Self.bed + "/gone.rss").feed(.latest)
        }
    }
}
