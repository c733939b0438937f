import Foundation
import GRDB
import Testing
@testable import NewsCore

/// Migrations are never edited once shipped: the schema they build is pinned here.
@Suite struct SchemaTests {
    static let golden = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Golden/schema.sql")

    /// Every table, index and trigger as SQLite keeps it.
    static func schema(of database: AppDatabase) throws -> String {
        try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
                .map { row in "-- \(row["type"] as String) \(row["name"] as String)\n\((row["sql"] as String?) ?? "")\n" }
                .joined(separator: "\n")
        }
    }

    @Test func theMigrationsBuildThePinnedSchema() throws {
        let actual = try Self.schema(of: try .inMemory())
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        if actual != expected {
            let written = FileManager.default.temporaryDirectory.appending(path: "wpnews-schema.sql")
            try Data(actual.utf8).write(to: written)
            Issue.record("""
                the migrations build a schema other than Golden/schema.sql (written to \(written.path)): \
                a shipped migration was edited; add a new one instead, then update the file
                """)
        }
    }
}
