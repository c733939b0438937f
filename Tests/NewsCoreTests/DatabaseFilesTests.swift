import Foundation
import GRDB
import Testing
@testable import NewsCore

/// The cache and the state files: made without waiting for the disk, since a file made just
/// now holds nothing to lose, then written as every run writes them (WAL, synchronous NORMAL).
@Suite struct DatabaseFilesTests {

    /// `PRAGMA synchronous` and `journal_mode` of both files, as the run's connection has them.
    func modes(_ database: AppDatabase) throws -> [String] {
        try database.read { db in
            try ["main", "state"].flatMap { schema in
                [try String.fetchOne(db, sql: "PRAGMA \(schema).journal_mode") ?? "",
                 String(try Int.fetchOne(db, sql: "PRAGMA \(schema).synchronous") ?? -1)]
            }
        }
    }

    @Test func newFilesAndOldOnesAreWrittenInWALWithNormalSyncs() throws {
        let files = try AppDatabase.Files.inNewFolder()
        let normal = "1"
        let made = AppDatabase.open(files) { Issue.record("notice: \($0)") }
        #expect(try modes(made) == ["wal", normal, "wal", normal])
        try made.write { db in try db.execute(sql: "CREATE TABLE state.kept (x)") }
        let again = AppDatabase.open(files) { Issue.record("notice: \($0)") }
        #expect(try modes(again) == ["wal", normal, "wal", normal])
        #expect(try again.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM state.sqlite_master WHERE name = 'kept'") } == 1)
    }
}

extension AppDatabase.Files {
    /// A cache and a state file not made yet, in a folder of their own.
    static func inNewFolder() throws -> AppDatabase.Files {
        let folder = FileManager.default.temporaryDirectory.appending(path: "wpnews-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return AppDatabase.Files(cache: folder + "/wpnews.sqlite", state: folder + "/state.sqlite")
    }
}
