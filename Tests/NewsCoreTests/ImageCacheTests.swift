import Foundation
import Testing
import TestHTTPServer
@testable import HTTPClient
@testable import NewsCore

/// The picture cache and what may fill it, against an in-process server.
@Suite struct ImageCacheTests {
    static let http = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 5, retry: .never))
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 996)

    static func cache(capBytes: Int = 1 << 20) throws -> ImageCache {
        let directory = FileManager.default.temporaryDirectory.appending(path: "wpnews-images-\(UUID().uuidString)").path
        return ImageCache(directory: directory, capBytes: capBytes)
    }

    static func server() throws -> TestHTTPServer {
        try TestHTTPServer { request in
            switch request.path {
            case "/picture.png": TestResponse(headers: [("Content-Type", "image/png")], body: png)
            case "/big.png": TestResponse(headers: [("Content-Type", "image/png")], body: Array(repeating: 1, count: 5_000))
            default: .status(404)
            }
        }
    }

    func file(_ path: String, server: TestHTTPServer, cache: ImageCache, remote: Bool = true, maxBytes: Int = 4_096) async throws -> String? {
        let content = SiteContent(site: SiteChoice(address: server.baseURL), database: try! AppDatabase.inMemory(), http: Self.http)
        return try await content.imageFile(server.baseURL + path, cache: cache, policy: content.imageSourcePolicy(remote: remote), maxBytes: maxBytes)
    }

    @Test func aPictureIsFetchedOnceThenServedFromTheCache() async throws {
        let server = try Self.server()
        let cache = try Self.cache()
        let file = try #require(try await file("/picture.png", server: server, cache: cache))
        #expect(Array(try Data(contentsOf: URL(filePath: file))) == Self.png)
        server.stop()
        #expect(try await self.file("/picture.png", server: server, cache: cache) == file, "no request needed")
        #expect(cache.usage == ImageCache.Usage(files: 1, bytes: 1_000))
    }

    @Test func aMissingOrOversizedPictureIsNothing() async throws {
        let server = try Self.server()
        let cache = try Self.cache()
        #expect(try await file("/gone.png", server: server, cache: cache) == nil)
        #expect(try await file("/big.png", server: server, cache: cache) == nil)
        #expect(cache.usage.files == 0)
    }

    @Test func theLeastRecentlyUsedGoFirst() throws {
        let cache = try Self.cache(capBytes: 2_500)
        let first = try cache.store(Data(count: 1_000), for: "https://a.example/1.png")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: first)
        let second = try cache.store(Data(count: 1_000), for: "https://a.example/2.png")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: second)
        #expect(cache.file(for: "https://a.example/1.png") == first, "used again: now the newest")
        _ = try cache.store(Data(count: 1_000), for: "https://a.example/3.png")
        #expect(cache.file(for: "https://a.example/2.png") == nil)
        #expect(cache.usage.files == 2)
        #expect(cache.clear() == 2)
    }

    @Test func aPictureGoesWithItsDrawings() throws {
        let cache = try Self.cache(capBytes: 1_500)
        let first = try cache.store(Data(count: 1_000), for: "https://a.example/1.png")
        let drawing = cache.rendition(for: "https://a.example/1.png", variant: "80x12-trueColor")
        try Data(count: 100).write(to: URL(filePath: drawing))
        #expect(cache.usage == ImageCache.Usage(files: 1, bytes: 1_100), "one picture, its drawing counted with it")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: first)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: drawing)
        _ = try cache.store(Data(count: 1_000), for: "https://a.example/2.png")
        #expect(!FileManager.default.fileExists(atPath: first) && !FileManager.default.fileExists(atPath: drawing))
    }

    @Test func otherHostsOnlyOverHTTPSAndOnlyWhenRemoteIsOn() {
        let policy = ImageSourcePolicy(siteAddress: "http://news.example.org/", remote: true)
        #expect(policy.allows("http://news.example.org/wp-content/uploads/a.png"))
        #expect(policy.allows("https://cdn.example.net/a.png"))
        #expect(!policy.allows("http://cdn.example.net/a.png"))
        #expect(!policy.allows("data:image/png;base64,AAAA"))
        #expect(!policy.allows("file:///etc/passwd"))
        let local = ImageSourcePolicy(siteAddress: "http://news.example.org/", remote: false)
        #expect(local.allows("http://news.example.org/a.png"))
        #expect(!local.allows("https://tracker.example.net/pixel.gif"))
    }
}
