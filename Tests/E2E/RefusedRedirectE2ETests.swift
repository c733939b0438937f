import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// A story's page that redirects into a private network (the web-feed bed's summaries:
/// `inside.html`, a 302 to http://10.0.0.1/story/), read by the built binary directly and
/// through a proxy: the redirect is not followed, and the summary stays with one line.
@Suite struct RefusedRedirectE2ETests {
    @Test(arguments: [false, true])
    func aPageRedirectingToAPrivateAddressLeavesTheSummary(throughProxy: Bool) async throws {
        let home = try TestSites.freshHome()
        let added = try await WPNewsRun.run(["sites", "add", "summaries", try WebFeedE2ETests.bed + "/summaries/feed.rss"], environment: ["HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        let latest = try await WPNewsRun.run(["latest", "--json"], environment: ["HOME": home])
        let stories = try JSONSerialization.jsonObject(with: Data(latest.stdout.utf8)) as? [[String: Any]] ?? []
        let id = try #require(stories.first { $0["title"] as? String == "Sent inside" }?["id"] as? Int, "\(latest.stdout)")
        let proxy = throughProxy ? try await LoopbackProxy.start() : nil
        defer { proxy?.stop() }
        let read = try await WPNewsRun.run(["read", String(id), "--full", "--json"],
                                           environment: ["HOME": home].merging(proxy.map { ["http_proxy": $0.url] } ?? [:]) { $1 })
        #expect(read.status == 0, "\(read.stderr)")
        let article = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(article["full_text"] as? Bool == false)
        #expect((article["content_text"] as? String ?? "").contains("A page that redirects into a private network."))
        let lines = read.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("10.0.0.1 is at 10.0.0.1, a private address") && lines[0].hasSuffix("showing the summary"),
                "\(read.stderr)")
        if let proxy {
            let forwarded = proxy.forwardedURLs()
            #expect(forwarded.contains { $0.hasSuffix("/summaries/inside.html") }, "the page went through the proxy: \(forwarded)")
            #expect(!forwarded.contains { $0.contains("10.0.0.1") }, "the proxy was sent to the redirect's target: \(forwarded)")
        }
    }
}
