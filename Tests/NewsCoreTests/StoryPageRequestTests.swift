import HTTPClient
import Testing
@testable import NewsCore

/// The request for a story's own web page: what it may reach, whatever the feed linked.
@Suite struct StoryPageRequestTests {
    @Test func aFeedFromTheWebMayLinkNoAddressOfThisMachineOrItsNetwork() {
        #expect(SiteContent.refusedAddresses(forFeed: "http://192.0.2.2:8785/feed.rss") == [.loopback, .privateNetwork, .linkLocal])
        #expect(SiteContent.refusedAddresses(forFeed: "https://203.0.113.9/feed/") == Set(AddressKind.allCases))
    }

    @Test func aFeedOnThisMachineMayLinkPagesHereOnly() {
        #expect(SiteContent.refusedAddresses(forFeed: "http://127.0.0.1:8785/summaries/feed.rss") == [.privateNetwork, .linkLocal])
        #expect(SiteContent.refusedAddresses(forFeed: "http://localhost:8785/feed.rss").contains(.privateNetwork))
        #expect(SiteContent.refusedAddresses(forFeed: "http://10.0.0.5/feed.rss") == [.loopback, .linkLocal])
    }

    @Test func aPageRequestCarriesItsLimitsAndNoLogin() throws {
        let request = try SiteContent.pageRequest("https://news.example/a-story/", refusing: [.loopback])
        #expect(request.maxRedirects == 3 && request.maxResponseBytes == 5 * 1_048_576)
        #expect(request.refusedAddresses == [.loopback])
        #expect(request.credential == nil && request.headers["Authorization"] == nil)
    }

    @Test(arguments: ["ftp://news.example/story", "file:///etc/passwd", "javascript:alert(1)"])
    func onlyHTTPAndHTTPSPagesAreAskedFor(address: String) {
        #expect(throws: HTTPError.unsupportedScheme(url: address)) { try SiteContent.pageRequest(address, refusing: []) }
    }
}
