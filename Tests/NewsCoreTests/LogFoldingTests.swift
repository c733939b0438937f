import Foundation
import GRDB
import Testing
@testable import NewsCore

/// The write-ahead logs a run leaves behind stay short (`AppDatabase.foldLongLogs`).
@Suite struct LogFoldingTests {
    /// Writes `pages` pages of the user's state, leaving them in the log as a run that never
    /// checkpoints would.
    func writeState(_ database: AppDatabase, pages: Int) throws {
        try database.write { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS state.filler (bytes BLOB)")
            for _ in 0..<pages { try db.execute(sql: "INSERT INTO state.filler VALUES (zeroblob(4000))") }
        }
    }

    @Test func aLongLogIsFoldedIntoItsFileAndEmptiedAndItsDataStays() throws {
        let files = try AppDatabase.Files.inNewFolder()
        let database = AppDatabase.open(files) { Issue.record("notice: \($0)") }
        try writeState(database, pages: 100)
        #expect(AppDatabase.logSize(files.state) > AppDatabase.longLog)
        database.foldLongLogs()
        #expect(AppDatabase.logSize(files.state) == 0)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM state.filler") } == 100)
    }

    @Test func aShortLogIsLeftAlone() throws {
        let files = try AppDatabase.Files.inNewFolder()
        let database = AppDatabase.open(files) { Issue.record("notice: \($0)") }
        try writeState(database, pages: 5)
        let size = AppDatabase.logSize(files.state)
        #expect(size > 0 && size < AppDatabase.longLog)
        database.foldLongLogs()
        #expect(AppDatabase.logSize(files.state) == size, "no checkpoint, no fsync, for a log this short")
    }
}
