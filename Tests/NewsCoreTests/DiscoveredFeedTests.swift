import Foundation
import Testing
@testable import NewsCore

/// The feed discovery read to find a web feed spares the run's first fetch of it a download,
/// and is never handed on later as if it were fresh.
@Suite struct DiscoveredFeedTests {
    /// The first operation needs what only a REST API has, so nothing fetches the feed
    /// discovery read; the app's refresh minutes later must get the feed as it is then.
    @Test func aFetchLongAfterDiscoveryGetsTheFeedAsItIsThen() async throws {
        let feed = try FeedServer(byWordPress: false)
        let clock = PoliteFeedTests.Clock()
        let content = SiteContent(site: SiteChoice(address: feed.feedURL), database: try .inMemory(), http: PoliteFeedTests.http, clock: clock.read)
        await #expect(throws: NewsError.self) { _ = try await content.pages() }

        feed.publish(version: 2)
        clock.advance(10 * 60)
        let list = try await content.stories(.latest(page: 1, perPage: 10))
        #expect(list.stories.map(\.title) == ["Story 2", "Story 1"])
    }
}
