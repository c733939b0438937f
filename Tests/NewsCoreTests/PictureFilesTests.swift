import Testing
import TestHTTPServer
@testable import NewsCore

/// An article's pictures fetched together, each under the address the article links to.
@Suite struct PictureFilesTests {
    static func server() throws -> TestHTTPServer {
        try TestHTTPServer { request in
            switch request.path {
            case "/small.png": TestResponse(headers: [("Content-Type", "image/png")], body: ImageCacheTests.png)
            case "/stalled.png": TestResponse(action: .stall)
            default: .status(404)
            }
        }
    }

    @Test func eachAddressGetsTheFileOfItsSourceAndAMissingOneIsLeftOut() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let content = SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: ImageCacheTests.http)
        let sources = [("https://example.org/big.png", server.baseURL + "/small.png"), (server.baseURL + "/gone.png", server.baseURL + "/gone.png")]
        let files = await content.pictureFiles(sources, cache: try ImageCacheTests.cache(), policy: content.imageSourcePolicy(remote: true),
                                               maxBytes: 4_096, wait: nil)
        #expect(files.count == 1)
        #expect(files["https://example.org/big.png"]?.source == server.baseURL + "/small.png", "the rendition fetched is kept with the address")
    }

    /// `read` does not wait for a picture past `[images] wait_ms`: the text comes first. The
    /// stalled picture is held until the server stops, after the result is in, so only the
    /// wait can end the call; the wait is long enough for the other to come on a busy machine.
    @Test func thePicturesNotCameWithinTheWaitAreLeftOut() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let content = SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: ImageCacheTests.http)
        let sources = ["/small.png", "/stalled.png"].map { (server.baseURL + $0, server.baseURL + $0) }
        let wait = Duration.seconds(2)
        let started = ContinuousClock.now
        let files = await content.pictureFiles(sources, cache: try ImageCacheTests.cache(), policy: content.imageSourcePolicy(remote: true),
                                               maxBytes: 4_096, wait: wait)
        #expect(Array(files.keys) == [server.baseURL + "/small.png"])
        #expect(ContinuousClock.now - started >= wait, "the stalled picture was waited for until the wait was over")
    }

    /// A saved story's pictures are kept whole beside the user's data, and answer by the
    /// article's address with the site gone and the image cache empty.
    @Test func aSavedStorysPicturesAreKeptAndAnswerOffline() async throws {
        let server = try Self.server()
        let content = SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: ImageCacheTests.http)
        let kept = try ImageCacheTests.cache(capBytes: .max)
        let addresses = [server.baseURL + "/small.png", server.baseURL + "/small.png", server.baseURL + "/gone.png"]
        let count = await content.keepPictures(addresses, in: kept, cache: try ImageCacheTests.cache(),
                                               policy: content.imageSourcePolicy(remote: true), maxBytes: 4_096)
        #expect(count == 1, "the missing picture is left out, the repeated one kept once")
        server.stop()

        let offline = SiteContent(site: SiteChoice(address: server.baseURL), database: try AppDatabase.inMemory(), http: ImageCacheTests.http,
                                  mode: .offline)
        let files = await offline.pictureFiles([(server.baseURL + "/small.png", server.baseURL + "/small-300.png")], cache: try ImageCacheTests.cache(),
                                               kept: kept, policy: offline.imageSourcePolicy(remote: true), maxBytes: 4_096, wait: nil)
        #expect(files[server.baseURL + "/small.png"]?.file == kept.path(for: server.baseURL + "/small.png"))
    }
}
