import Foundation
import GRDB
import Synchronization
import Testing
import TestHTTPServer
@testable import NewsCore

/// A cache that cannot take a write (a full disk) must not show less than was fetched.
@Suite struct FullDiskTests {
    /// The list's first story with a long content, as `/wp/v2/posts/ID` answers it.
    static func article(id: Int) throws -> String {
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(WordPressFixture.text("posts-page1.json").utf8)) as? [[String: Any]])
        var post = try #require(posts.first { $0["id"] as? Int == id })
        post["content"] = ["rendered": String(repeating: "<p>A paragraph long enough to need new pages of the cache.</p>", count: 2_000), "protected": false]
        return String(decoding: try JSONSerialization.data(withJSONObject: post), as: UTF8.self)
    }

    @Test func aStoryReadOnAFullDiskKeepsItsAuthorAndCategories() async throws {
        let server = try SiteContentTests.site { route, _ in
            guard route.hasPrefix("/wp/v2/posts/"), let id = Int(route.dropFirst("/wp/v2/posts/".count)) else { return nil }
            return try? .json(Self.article(id: id))
        }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-full-\(UUID().uuidString)").path
        let notices = Mutex<[String]>([])
        let notice: @Sendable (String) -> Void = { line in notices.withLock { $0.append(line) } }
        let database = AppDatabase.open(AppDatabase.Files(cache: directory + "/cache.sqlite", state: directory + "/state.sqlite"), notice: notice)
        let content = SiteContent(site: SiteChoice(address: server.baseURL), database: database, http: SiteContentTests.http, notice: notice)
        let listed = try #require(try await content.latest().stories.first { $0.author != nil && !$0.categories.isEmpty })

        // SQLite's own "database or disk is full": the file may not grow by a page.
        try database.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA main.page_count") ?? 1
            try db.execute(sql: "PRAGMA main.max_page_count = \(pages)")
        }
        let article = try await content.article(.id(listed.id))
        #expect(notices.withLock { $0 }.contains { $0.contains("could not save to the cache") }, "\(notices.withLock { $0 })")
        #expect(!article.html.isEmpty)
        #expect(article.story.author?.name == listed.author?.name)
        #expect(article.story.categories.map(\.name) == listed.categories.map(\.name))
    }
}
