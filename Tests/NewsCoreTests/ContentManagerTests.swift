import Foundation
import HTTPClient
import Synchronization
import Testing
import WordPressAPI
@testable import NewsCore

/// The one owner of the cache, the state and the HTTP client, serving every site.
@Suite struct ContentManagerTests {
    /// Counts the clients `site` asks for, so a test sees how many were made.
    final class ClientMaker: Sendable {
        let made = Mutex(0)

        func make() -> HTTPClient {
            made.withLock { $0 += 1 }
            return SiteContentTests.http
        }
    }

    static func files() throws -> AppDatabase.Files {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-content-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return AppDatabase.Files(cache: directory + "/cache.sqlite", state: directory + "/state.sqlite")
    }

    static func site(_ address: String, on manager: ContentManager, files: AppDatabase.Files, client: ClientMaker) -> SiteContent {
        manager.site(
            SiteChoice(address: address), cache: files, mode: .normal, freshness: Freshness(), pruneAfter: 86_400,
            notice: { _ in }, progress: { _ in }, wordPressCom: WordPressCom(), httpClient: client.make
        )
    }

    /// A second site (the app's site switch, a river) reuses what the first opened.
    @Test func everySiteIsReadThroughOneClientAndOneConnectionToTheCache() throws {
        let (manager, files, client) = (ContentManager(), try Self.files(), ClientMaker())
        let first = Self.site("https://one.example.org", on: manager, files: files, client: client)
        let second = Self.site("https://two.example.org", on: manager, files: files, client: client)
        #expect(client.made.withLock { $0 } == 1)
        #expect(first.http === second.http)
        #expect(first.store.database === second.store.database)
        #expect(manager.database(files, notice: { _ in }) === first.store.database)
    }

    /// Another cache (the demo's) is a database of its own, still through the one client.
    @Test func anotherCacheIsOpenedBesideTheFirst() throws {
        let (manager, client) = (ContentManager(), ClientMaker())
        let (user, demo) = (try Self.files(), try Self.files())
        let site = Self.site("https://one.example.org", on: manager, files: user, client: client)
        let snapshot = Self.site("https://demo.example.org", on: manager, files: demo, client: client)
        #expect(site.store.database !== snapshot.store.database)
        #expect(client.made.withLock { $0 } == 1)
    }
}
