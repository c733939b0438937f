import Foundation
import GRDB

/// The SQLite cache: one file for every site, migrated on open.
///
/// Migrations are never edited once shipped: add a new one instead.
public struct AppDatabase: Sendable {
    let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    /// The cache file, in WAL mode so a reader never waits for a writer. One connection: a
    /// command reads and writes a little, once, and a pool's extra connections cost start-up.
    public static func open(path: String) throws -> AppDatabase {
        var configuration = GRDB.Configuration()
        // Two processes refreshing at once wait for each other's short write instead of failing.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // WAL is remembered by the file: set it only when it is not set yet.
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
            // In WAL mode NORMAL cannot corrupt the file; a crash loses at most the last
            // commits, which the site still has. FULL would fsync on every list shown.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return try AppDatabase(DatabaseQueue(path: path, configuration: configuration))
    }

    /// A cache that lives as long as the process: for tests, and when the disk cannot be used.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue())
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // v1, v2 and v6 are the SQL GRDB's table builder wrote for them (Golden/schema.sql in
        // the tests pins it): the builder derives "siteId" from "site" with ICU regular
        // expressions, which cost every first run about 5 ms.
        migrator.registerMigration("v1: sites, stories, names, listings, reading state") { db in
            try db.execute(sql: """
                CREATE TABLE "site" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "apiRoot" TEXT NOT NULL UNIQUE);
                -- Any URL a user gave for a site, so it is discovered once.
                CREATE TABLE "siteAddress" ("address" TEXT PRIMARY KEY NOT NULL, "siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE);
                CREATE INDEX "siteAddress_on_siteId" ON "siteAddress"("siteId");
                CREATE TABLE "story" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "id" INTEGER NOT NULL, "slug" TEXT NOT NULL, "title" TEXT NOT NULL, "link" TEXT NOT NULL, "date" DATETIME NOT NULL, "modified" DATETIME NOT NULL, "authorId" INTEGER NOT NULL, "categoryIds" TEXT NOT NULL, "tagIds" TEXT NOT NULL, "excerpt" TEXT NOT NULL, "sticky" BOOLEAN NOT NULL, "featuredMediaId" INTEGER NOT NULL, "content" TEXT, "contentFetchedAt" DATETIME, "fetchedAt" DATETIME NOT NULL, PRIMARY KEY ("siteId", "id"));
                CREATE INDEX "story_on_siteId" ON "story"("siteId");
                CREATE TABLE "author" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "id" INTEGER NOT NULL, "name" TEXT NOT NULL, "slug" TEXT NOT NULL, "fetchedAt" DATETIME NOT NULL, PRIMARY KEY ("siteId", "id"));
                CREATE INDEX "author_on_siteId" ON "author"("siteId");
                -- Categories and tags.
                CREATE TABLE "term" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "taxonomy" TEXT NOT NULL, "id" INTEGER NOT NULL, "name" TEXT NOT NULL, "slug" TEXT NOT NULL, "parent" INTEGER, "count" INTEGER, "fetchedAt" DATETIME NOT NULL, PRIMARY KEY ("siteId", "taxonomy", "id"));
                CREATE INDEX "term_on_siteId" ON "term"("siteId");
                CREATE TABLE "media" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "id" INTEGER NOT NULL, "url" TEXT NOT NULL, "fetchedAt" DATETIME NOT NULL, PRIMARY KEY ("siteId", "id"));
                CREATE INDEX "media_on_siteId" ON "media"("siteId");
                -- The answer to one list query: which stories, in which order, and when.
                CREATE TABLE "listing" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "query" TEXT NOT NULL, "storyIds" TEXT NOT NULL, "total" INTEGER, "totalPages" INTEGER, "note" TEXT, "fetchedAt" DATETIME NOT NULL, PRIMARY KEY ("siteId", "query"));
                CREATE INDEX "listing_on_siteId" ON "listing"("siteId");
                -- Small facts about the cache itself, such as when it was last pruned.
                CREATE TABLE "meta" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL);
                -- What the user has seen in a list and read.
                CREATE TABLE "storyState" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "storyId" INTEGER NOT NULL, "firstSeenAt" DATETIME, "seenModified" DATETIME, "readAt" DATETIME, PRIMARY KEY ("siteId", "storyId"));
                CREATE INDEX "storyState_on_siteId" ON "storyState"("siteId");
                """)
        }
        migrator.registerMigration("v2: pages") { db in
            try db.execute(sql: """
                CREATE TABLE "page" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "id" INTEGER NOT NULL, "slug" TEXT NOT NULL, "title" TEXT NOT NULL, "link" TEXT NOT NULL, "parent" INTEGER, "menuOrder" INTEGER NOT NULL, "modified" DATETIME NOT NULL, "content" TEXT, "fetchedAt" DATETIME NOT NULL, PRIMARY KEY ("siteId", "id"));
                CREATE INDEX "page_on_siteId" ON "page"("siteId");
                """)
        }
        migrator.registerMigration("v3: full-text search of cached stories") { db in
            // External content: the index reads the words from `story` and triggers keep it in step.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE storySearch USING fts5(
                    title, excerpt, content, content = 'story', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER storySearchInsert AFTER INSERT ON story BEGIN
                    INSERT INTO storySearch (rowid, title, excerpt, content) VALUES (new.rowid, new.title, new.excerpt, new.content);
                END;
                CREATE TRIGGER storySearchDelete AFTER DELETE ON story BEGIN
                    INSERT INTO storySearch (storySearch, rowid, title, excerpt, content)
                    VALUES ('delete', old.rowid, old.title, old.excerpt, old.content);
                END;
                CREATE TRIGGER storySearchUpdate AFTER UPDATE ON story BEGIN
                    INSERT INTO storySearch (storySearch, rowid, title, excerpt, content)
                    VALUES ('delete', old.rowid, old.title, old.excerpt, old.content);
                    INSERT INTO storySearch (rowid, title, excerpt, content) VALUES (new.rowid, new.title, new.excerpt, new.content);
                END;
                INSERT INTO storySearch (storySearch) VALUES ('rebuild');
                """)
        }
        migrator.registerMigration("v4: dates as seconds since 1970") { db in
            // v1-v3 stored GRDB's text dates ("2026-11-22 09:30:00.000", UTC); `Date.stored` says why
            // numbers. Rounded to the millisecond the text held, so equal dates stay equal.
            let dates = [
                "story": ["date", "modified", "contentFetchedAt", "fetchedAt"], "author": ["fetchedAt"], "term": ["fetchedAt"],
                "media": ["fetchedAt"], "listing": ["fetchedAt"], "storyState": ["firstSeenAt", "seenModified", "readAt"],
                "page": ["modified", "fetchedAt"],
            ]
            // One UPDATE per table: v3's full-text trigger re-indexes a story on every update.
            for (table, columns) in dates.sorted(by: { $0.key < $1.key }) {
                let assignments = columns.map { column in
                    "\(column) = CASE WHEN typeof(\(column)) = 'text' THEN round((julianday(\(column)) - 2440587.5) * 86400.0, 3) ELSE \(column) END"
                }
                try db.execute(sql: "UPDATE \(table) SET " + assignments.joined(separator: ", "))
            }
        }
        migrator.registerMigration("v5: re-index a story only when its words change") { db in
            // Every fetch rewrites its stories' rows (fetchedAt at least), and re-indexing words
            // that had not changed was most of the cost of saving a page of search results.
            try db.execute(sql: """
                DROP TRIGGER storySearchUpdate;
                CREATE TRIGGER storySearchUpdate AFTER UPDATE OF title, excerpt, content ON story
                WHEN old.title IS NOT new.title OR old.excerpt IS NOT new.excerpt OR old.content IS NOT new.content BEGIN
                    INSERT INTO storySearch (storySearch, rowid, title, excerpt, content)
                    VALUES ('delete', old.rowid, old.title, old.excerpt, old.content);
                    INSERT INTO storySearch (rowid, title, excerpt, content) VALUES (new.rowid, new.title, new.excerpt, new.content);
                END;
                """)
        }
        migrator.registerMigration("v6: when a list was last caught up") { db in
            // `fetchedAt` stays the last full fetch; `caughtUpAt` the last `modified_after` check.
            try db.execute(sql: #"ALTER TABLE "listing" ADD COLUMN "caughtUpAt" DATETIME"#)
        }
        migrator.registerMigration("v7: where a list's changes are asked from") { db in
            // The newest modified time among the list's own answers: the story rows are shared
            // with other lists and `read`, so theirs can run ahead of what this list has seen.
            try db.execute(sql: #"ALTER TABLE "listing" ADD COLUMN "changesSince" DATETIME"#)
        }
        return migrator
    }
}

extension AppDatabase {
    /// Opens the cache at `path`, never failing a command over it: a damaged file is moved
    /// aside and a new one started; a place that cannot be written gives a cache that lasts
    /// as long as the process. `warning` says what happened, for stderr.
    public static func openOrRecover(path: String) -> (database: AppDatabase, warning: String?) {
        let fileManager = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            return (try open(path: path), nil)
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            let aside = path + ".damaged-\(Int(Date().timeIntervalSince1970))"
            for suffix in ["", "-wal", "-shm"] where fileManager.fileExists(atPath: path + suffix) {
                try? fileManager.moveItem(atPath: path + suffix, toPath: aside + suffix)
            }
            if let database = try? open(path: path) {
                return (database, "the cache \(path) was damaged: moved it aside to \(aside) and started a new one")
            }
            return (try! inMemory(), "the cache \(path) was damaged and could not be replaced: continuing without a cache")
        } catch {
            return (try! inMemory(), "cannot use the cache at \(path) (\(Self.reason(error))): continuing without a cache")
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode)" }
        return (error as NSError).localizedDescription
    }
}
