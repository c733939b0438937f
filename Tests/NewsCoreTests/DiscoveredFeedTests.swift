import Foundation
import Synchronization
import Testing
import TestHTTPServer
@testable import HTTPClient
@testable import NewsCore
@testable import WordPressAPI

/// The feed discovery read to find a web feed spares the run's first fetch of it a download,
/// and is never handed on later as if it were fresh.
@Suite struct DiscoveredFeedTests {
    /// A web feed (no WordPress in it) whose copy the test publishes.
    final class Quay: Sendable {
        final class Published: Sendable {
            /// The copy served: this many items, the ETag `"vN"`.
            let version = Mutex(1)
        }

        let published = Published()
        let server: TestHTTPServer

        init() throws {
            let published = published
            server = try TestHTTPServer { request in
                guard request.path == "/quay.xml" else { return .status(404) }
                let current = published.version.withLock { $0 }
                return TestResponse(headers: [("Content-Type", "application/rss+xml"), ("ETag", "\"v\(current)\"")], body: Self.rss(items: current))
            }
        }

        var feedURL: String { server.url("/quay.xml") }

        /// `items` items, newest first.
        static func rss(items: Int) -> String {
            let entries = (1...items).reversed().map { id in
                "<item><title>Item \(id)</title><link>https://quay.example/\(id)/</link><guid>item-\(id)</guid>"
                    + "<pubDate>Sun, 22 Nov 2026 0\(id):00:00 +0000</pubDate></item>"
            }
            return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Quay</title><link>https://quay.example/</link>"
                + entries.joined() + "</channel></rss>"
        }
    }

    /// The first operation needs what only a REST API has, so nothing fetches the feed
    /// discovery read; the app's refresh minutes later must get the feed as it is then.
    @Test func aFetchLongAfterDiscoveryGetsTheFeedAsItIsThen() async throws {
        let quay = try Quay()
        let clock = PoliteFeedTests.Clock()
        let content = SiteContent(site: SiteChoice(address: quay.feedURL), database: try .inMemory(), http: PoliteFeedTests.http, clock: clock.read)
        await #expect(throws: NewsError.self) { _ = try await content.pages() }

        quay.published.version.withLock { $0 = 2 }
        clock.advance(10 * 60)
        let list = try await content.stories(.latest(page: 1, perPage: 10))
        #expect(list.stories.map(\.title) == ["Item 2", "Item 1"])
    }
}
