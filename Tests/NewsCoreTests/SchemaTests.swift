import Foundation
import Synchronization
import GRDB
import Testing
@testable import NewsCore

/// Migrations are never edited once shipped: the schema they build is pinned here.
@Suite struct SchemaTests {
    static let golden = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Golden/schema.sql")
    static let stateGolden = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Golden/state-schema.sql")

    /// Every table, index and trigger as SQLite keeps it, of the cache (`main`) or the state.
    static func schema(of database: AppDatabase, _ schema: String = "main") throws -> String {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT type, name, sql FROM \(schema).sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
                .map { row in "-- \(row["type"] as String) \(row["name"] as String)\n\((row["sql"] as String?) ?? "")\n" }
                .joined(separator: "\n")
        }
    }

    @Test(arguments: [("main", golden), ("state", stateGolden)])
    func theMigrationsBuildThePinnedSchema(schema: String, golden: URL) throws {
        let actual = try Self.schema(of: try .inMemory(), schema)
        let expected = (try? String(contentsOf: golden, encoding: .utf8)) ?? ""
        if actual != expected {
            let written = FileManager.default.temporaryDirectory.appending(path: "wpnews-\(golden.lastPathComponent)")
            try Data(actual.utf8).write(to: written)
            Issue.record("""
                the migrations build a schema other than Golden/\(golden.lastPathComponent) (written to \(written.path)): \
                a shipped migration was edited; add a new one instead, then update the file
                """)
        }
    }

    /// A new cache runs the one script, not the migrations it covers: none of their
    /// `ALTER TABLE`s, which made SQLite parse the whole schema again each time.
    @Test func aNewCacheIsMadeInOneStep() throws {
        func alterations(through last: String?) throws -> Int {
            let queue = try AppDatabase.connect(cache: nil, state: ":memory:")
            final class Count: Sendable { let value = Mutex(0) }
            let count = Count()
            queue.inDatabase { db in
                db.trace { event in if "\(event)".hasPrefix("ALTER TABLE") { count.value.withLock { $0 += 1 } } }
            }
            if let last { try Schema.migrate(queue, through: last) } else { try Schema.migrate(queue) }
            return count.value.withLock { $0 }
        }
        // Through the migration before the script's last, a new cache is made step by step.
        let beforeTheScript = try #require(Schema.cache.firstIndex { $0.id == Schema.freshCache.covers }) - 1
        #expect(try alterations(through: Schema.cache[beforeTheScript].id) > 0, "the migrations alter tables")
        #expect(try alterations(through: nil) == 0)
    }

    /// A new cache is made in one step (`Schema.freshCache`), an existing one migrates step
    /// by step: from any point, the same schema and the same migrations on record.
    @Test(arguments: Schema.cache.map(\.id))
    func aCacheMigratedStepByStepHasTheNewCachesSchema(through first: String) throws {
        let queue = try AppDatabase.connect(cache: nil, state: ":memory:")
        try Schema.migrate(queue, through: first)
        let migrated = try AppDatabase(migrated: queue)
        let new = try AppDatabase.inMemory()
        #expect(try Self.schema(of: migrated) == Self.schema(of: new))
        let applied = { (database: AppDatabase) in try database.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") } }
        #expect(try applied(migrated) == applied(new))
        #expect(try applied(new) == Schema.cache.map(\.id).sorted())
    }
}
