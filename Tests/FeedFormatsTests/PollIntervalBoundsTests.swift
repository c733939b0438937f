import Testing
@testable import FeedFormats

/// A feed's poll interval is a number the server writes: one too large to multiply, or
/// nonsense, must not stop the feed being read.
struct PollIntervalBoundsTests {
    static func rss(channel: String) -> [UInt8] {
        Array("<rss version=\"2.0\" xmlns:sy=\"http://purl.org/rss/1.0/modules/syndication/\"><channel><title>T</title>\(channel)<item><title>One</title><guid>1</guid></item></channel></rss>".utf8)
    }

    @Test func aHugeTTLIsIgnoredAndTheFeedStillReads() throws {
        let feed = try FeedReader.feed(in: Self.rss(channel: "<ttl>9223372036854775807</ttl>"))
        #expect(feed.items.map(\.title) == ["One"])
        #expect(feed.pollInterval == nil)
    }

    @Test func aNegativeOrZeroTTLSaysNothing() throws {
        #expect(try FeedReader.feed(in: Self.rss(channel: "<ttl>-5</ttl>")).pollInterval == nil)
        #expect(try FeedReader.feed(in: Self.rss(channel: "<ttl>0</ttl>")).pollInterval == nil)
    }

    @Test func aHugeUpdateFrequencyIsIgnored() throws {
        let feed = try FeedReader.feed(in: Self.rss(channel: "<sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>9223372036854775807</sy:updateFrequency>"))
        #expect(feed.pollInterval == nil || feed.pollInterval! >= 1)
    }

    @Test func anOrdinaryTTLIsInSeconds() throws {
        #expect(try FeedReader.feed(in: Self.rss(channel: "<ttl>60</ttl>")).pollInterval == 3600)
    }
}
