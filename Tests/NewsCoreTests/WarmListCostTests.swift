import Foundation
import GRDB
import GRDBSQLite
import Synchronization
import Testing
import TestHTTPServer
@testable import NewsCore
@testable import WordPressAPI

/// A list the cache holds costs the same however much else the cache holds: page 1 of the
/// latest stories, warm, runs the same statements, and they step through as many rows, with
/// one page cached as with a whole archive of 10,000 stories and their tags (what `latest
/// --all` leaves). Counted with SQLite's own profile hook, so a scan, a count or an index
/// that grows with the store shows here, whatever the machine's speed.
@Suite struct WarmListCostTests {
    /// What SQLite did while it was watched: each statement run and its virtual machine steps.
    final class SQLCost: Sendable {
        /// `runs`: how many times the prepared statement has run, this time included;
        /// `compiled`: how many times SQLite compiled it again since it was prepared.
        let statements = Mutex<[(sql: String, steps: Int, runs: Int, compiled: Int)]>([])

        var steps: Int { statements.withLock { $0.reduce(0) { $0 + $1.steps } } }
        var count: Int { statements.withLock { $0.count } }
        var listing: String { statements.withLock { $0.map { "\($0.steps)\t\($0.sql)" }.joined(separator: "\n") } }
    }

    /// Watches every statement the connection runs from now on (replacing GRDB's trace: the
    /// tests use none).
    static func watch(_ database: AppDatabase, into cost: SQLCost) throws {
        try database.read { db in
            _ = sqlite3_trace_v2(db.sqliteConnection, UInt32(SQLITE_TRACE_PROFILE), { _, context, statement, _ in
                guard let context, let statement else { return 0 }
                let cost = Unmanaged<SQLCost>.fromOpaque(context).takeUnretainedValue()
                let pointer = OpaquePointer(statement)
                // Read and reset: a cached statement runs again with its count at zero.
                let steps = Int(sqlite3_stmt_status(pointer, SQLITE_STMTSTATUS_VM_STEP, 1))
                let runs = Int(sqlite3_stmt_status(pointer, SQLITE_STMTSTATUS_RUN, 0))
                let compiled = Int(sqlite3_stmt_status(pointer, SQLITE_STMTSTATUS_REPREPARE, 0))
                let sql = sqlite3_sql(pointer).map { String(cString: $0) } ?? "?"
                cost.statements.withLock { $0.append((sql, steps, runs, compiled)) }
                return 0
            }, Unmanaged.passUnretained(cost).toOpaque())
        }
    }

    static func stopWatching(_ database: AppDatabase) throws {
        try database.read { db in _ = sqlite3_trace_v2(db.sqliteConnection, 0, nil, nil) }
    }

    /// A warm `latest` as the command runs it against the store: the page, its stories marked seen.
    static func warmLatest(_ server: TestHTTPServer, _ database: AppDatabase) async throws -> SQLCost {
        let content = StoryMarkTests.manager(server, database: database)
        let cost = SQLCost()
        let requests = server.requests.count
        try watch(database, into: cost)
        defer { try? stopWatching(database) }
        let list = try await content.latest()
        try content.markSeen(list.stories)
        #expect(list.stories.count == 10)
        #expect(server.requests.count == requests, "a warm list asks the site nothing")
        return cost
    }

    /// The cache grown as `latest --all` over a big site grows it: 10,000 more stories, each
    /// with a tag of its own, the pages of 100 that listed them, and all of them seen.
    static func growToAWholeArchive(_ database: AppDatabase) throws {
        try database.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
                INSERT INTO story SELECT siteId, 1000000 + i, slug || '-' || i, title, link, date - i * 60, modified - i * 60, authorId,
                    categoryIds, json_array(1000000 + i), excerpt, sticky, featuredMediaId, NULL, NULL, fetchedAt, NULL
                FROM n, (SELECT * FROM story LIMIT 1);
                INSERT INTO term (siteId, taxonomy, id, name, slug, parent, count, fetchedAt)
                    SELECT siteId, 'tag', id, 'Tag ' || id, 'tag-' || id, NULL, 1, fetchedAt FROM story WHERE id >= 1000000;
                WITH RECURSIVE n(page) AS (SELECT 1 UNION ALL SELECT page + 1 FROM n WHERE page < 100)
                INSERT INTO listing (siteId, family, page, perPage, storyIds, total, totalPages, fetchedAt)
                SELECT (SELECT id FROM site), 'latest', page, 100,
                    (SELECT json_group_array(id) FROM (SELECT id FROM story WHERE id > 1000000 + (page - 1) * 100 AND id <= 1000000 + page * 100)),
                    10000, 100, (SELECT max(fetchedAt) FROM story)
                FROM n;
                INSERT INTO state.storyState (site, storyId, firstSeenAt, seenModified)
                    SELECT (SELECT apiRoot FROM site), id, fetchedAt, modified FROM story WHERE id >= 1000000;
                """)
        }
    }

    @Test func page1OfAWarmListCostsTheSameWithAWholeArchiveCached() async throws {
        let server = try SiteContentTests.site()
        let database = try AppDatabase.inMemory()
        _ = try await StoryMarkTests.manager(server, database: database).latest()
        _ = try await Self.warmLatest(server, database)
        let small = try await Self.warmLatest(server, database)

        try Self.growToAWholeArchive(database)
        _ = try await Self.warmLatest(server, database)
        let big = try await Self.warmLatest(server, database)

        #expect(big.count == small.count, "the same statements:\n\(small.listing)\n---\n\(big.listing)")
        // A few steps of slack for the B-trees' extra level; a scan of the archive is thousands.
        #expect(big.steps <= small.steps + small.steps / 10, "as many rows stepped through:\n\(small.listing)\n---\n\(big.listing)")
    }

    /// `--all` reads a hundred pages from the cache: every query of a later page runs a
    /// statement prepared for an earlier one, as it was compiled then. Compiling them again
    /// for each page (prepared anew, or expired by GRDB's `PRAGMA query_only` around every
    /// read) was a sixth of a warm `latest --all --json` of 10,000 stories.
    @Test func laterPagesOfAWarmArchiveRunTheStatementsOfTheFirst() async throws {
        let server = try SiteContentTests.site()
        let database = try AppDatabase.inMemory()
        _ = try await StoryMarkTests.manager(server, database: database).latest()
        try Self.growToAWholeArchive(database)
        let content = StoryMarkTests.manager(server, database: database)
        _ = try await content.stories(.latest(page: 1, perPage: 100))
        let requests = server.requests.count
        let cost = SQLCost()
        try Self.watch(database, into: cost)
        defer { try? Self.stopWatching(database) }
        for page in 2...4 {
            #expect(try await content.stories(.latest(page: page, perPage: 100)).stories.count == 100)
        }
        #expect(server.requests.count == requests, "the pages come from the cache")
        let queries = cost.statements.withLock { $0 }.filter { $0.sql.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("SELECT") }
        #expect(!queries.isEmpty)
        let compiledAgain = queries.filter { $0.runs == 1 || $0.compiled > 0 }
        #expect(compiledAgain.isEmpty, "compiled for this page:\n\(compiledAgain.map(\.sql).joined(separator: "\n"))")
    }

    /// A list shown again as it was writes nothing to the user's state: its stories are
    /// marked seen already, and the list `read -n` keeps is the same one.
    @Test func aListShownAgainAsItWasWritesNothing() async throws {
        let server = try SiteContentTests.site()
        let database = try AppDatabase.inMemory()
        let content = StoryMarkTests.manager(server, database: database)
        let first = try await content.latest()
        let items = first.stories.enumerated().map {
            ShownList.Item(number: $0.offset + 1, siteRoot: server.baseURL, via: .address(server.baseURL), kind: .story, id: $0.element.id)
        }
        try content.markSeen(first.stories)
        try content.shownList.replace(with: items)

        let cost = SQLCost()
        try Self.watch(database, into: cost)
        defer { try? Self.stopWatching(database) }
        let again = try await content.latest()
        try content.markSeen(again.stories)
        try content.shownList.replace(with: items)
        #expect(again.stories.map(\.id) == first.stories.map(\.id) && again.stories.allSatisfy { !$0.state.isNew })
        let writes = cost.statements.withLock { $0 }.map { $0.sql.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { sql in ["INSERT", "UPDATE", "DELETE", "REPLACE"].contains { sql.uppercased().hasPrefix($0) } }
        #expect(writes.isEmpty, "written:\n\(writes.joined(separator: "\n"))")
    }

    /// A page answered from the pages of 100 that `--all` left reads only the pages that can
    /// hold it: its candidates were found by testing every page of the list, a hundred rows
    /// (0.1 M instructions of the first `latest` after `--all` of 10,000 stories).
    @Test func aPageFromThePagesOf100ReadsOnlyThoseThatCanHoldIt() async throws {
        let server = try SiteContentTests.site()
        let database = try AppDatabase.inMemory()
        _ = try await StoryMarkTests.manager(server, database: database).latest()
        try Self.growToAWholeArchive(database)
        try database.write { db in try db.execute(sql: "DELETE FROM listing WHERE perPage = 10") }
        let cost = try await Self.warmLatest(server, database)
        let candidates = cost.statements.withLock { $0.filter { $0.sql.contains("FROM listing") && $0.sql.contains("page * perPage >") } }
        #expect(candidates.count == 1, "\(cost.listing)")
        // A row tested is a dozen steps: all hundred pages are over a thousand.
        #expect(candidates.allSatisfy { $0.steps < 100 }, "\(candidates.map(\.steps))")
    }

    /// The first run after `latest --all` found no page 1 of 10 of its own and fetched it,
    /// names and all, although the pages of 100 just fetched held it.
    @Test func page1ComesFromThePagesOf100AWholeArchiveLeftWhileTheyAreFresh() async throws {
        let server = try SiteContentTests.site()
        let database = try AppDatabase.inMemory()
        let archive = try await StoryMarkTests.manager(server, database: database).stories(.latest(page: 1, perPage: 100))
        let requests = server.requests.count
        let page = try await StoryMarkTests.manager(server, database: database).latest()
        #expect(server.requests.count == requests, "asked again: \(server.requests.dropFirst(requests).map(\.target))")
        #expect(page.stories.map(\.id) == archive.stories.prefix(10).map(\.id))
        #expect(page.total == archive.total && page.totalPages == 5)
        #expect(page.stories.first?.author?.name == "Jane Okafor")
    }
}
