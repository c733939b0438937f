import Glibc
import HTTPClient
import Testing
@testable import NewsCore

/// The request for a story's own web page: what it may reach, whatever the feed linked.
@Suite struct StoryPageRequestTests {
    @Test func aFeedFromTheWebMayLinkNoAddressOfThisMachineOrItsNetwork() {
        #expect(SiteContent.refusedAddresses(forFeed: "http://93.184.216.34:8785/feed.rss") == [.loopback, .privateNetwork, .linkLocal, .reserved])
        #expect(SiteContent.refusedAddresses(forFeed: "https://[2606:2800:220:1::]/feed/") == Set(AddressKind.allCases))
    }

    @Test func aFeedOnThisMachineMayLinkPagesHereOnly() {
        #expect(SiteContent.refusedAddresses(forFeed: "http://127.0.0.1:8785/summaries/feed.rss") == [.privateNetwork, .linkLocal, .reserved])
        #expect(SiteContent.refusedAddresses(forFeed: "http://10.0.0.5/feed.rss") == [.loopback, .linkLocal, .reserved])
        #expect(SiteContent.refusedAddresses(forFeed: "http://[::1]:8785/feed.rss") == [.privateNetwork, .linkLocal, .reserved])
        #expect(SiteContent.refusedAddresses(forFeed: "http://localhost:8785/feed.rss") == [.privateNetwork, .linkLocal, .reserved])
    }

    /// Whoever runs a name's DNS could point it here, or at this network, or at both and the
    /// web at once, and change it after the feed was read: only the address as written counts.
    @Test func aFeedKnownByNameMayLinkNoAddressOfThisMachineEvenWhenTheNameLeadsHere() {
        // The machine's own name resolves to it on most systems (127.0.0.1 or 127.0.1.1 in /etc/hosts).
        var name = [CChar](repeating: 0, count: 256)
        #expect(gethostname(&name, name.count) == 0)
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(SiteContent.refusedAddresses(forFeed: "http://\(host):8785/feed.rss") == Set(AddressKind.allCases))
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
