import GRDB

/// The tables of the cache and of the user's state, built by migrations that are never edited
/// once shipped: add a new one instead (the tests pin the schemas they build).
///
/// All due migrations of both files run in one `BEGIN IMMEDIATE` transaction: several
/// processes starting on a new cache at once wait for the first, which migrates, and then
/// find nothing to do. A run with nothing due takes no write lock at all.
enum Schema {
    struct Migration: Sendable {
        let id: String
        let apply: @Sendable (Database) throws -> Void
    }

    /// `through`: the last cache migration to apply (tests build older caches with it).
    static func migrate(_ queue: DatabaseQueue, through last: String? = nil) throws {
        let cache = last.flatMap { last in self.cache.firstIndex { $0.id == last } }.map { self.cache.prefix(through: $0) } ?? self.cache[...]
        guard try queue.read({ try hasDueMigrations($0, cache: cache) }) else { return }
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                // Applied by another process while this one waited for the lock?
                guard try hasDueMigrations(db, cache: cache) else { return .commit }
                let stateVersion = try Int.fetchOne(db, sql: "PRAGMA state.user_version") ?? 0
                for migration in state.dropFirst(stateVersion) { try migration.apply(db) }
                try db.execute(sql: "PRAGMA state.user_version = \(state.count)")
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                var applied = try appliedCacheMigrations(db)
                if applied.isEmpty, let covered = cache.firstIndex(where: { $0.id == freshCache.covers }),
                   try Bool.fetchOne(db, sql: "SELECT 1 FROM main.sqlite_master WHERE tbl_name != 'grdb_migrations'") == nil {
                    // A new cache: made at once, and the migrations it covers recorded as applied.
                    try db.execute(sql: freshCache.sql)
                    for migration in cache[...covered] {
                        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.id])
                        applied.insert(migration.id)
                    }
                }
                for migration in cache where !applied.contains(migration.id) {
                    try migration.apply(db)
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.id])
                }
                return .commit
            }
        }
    }

    private static func hasDueMigrations(_ db: Database, cache: ArraySlice<Migration>) throws -> Bool {
        let stateVersion = try Int.fetchOne(db, sql: "PRAGMA state.user_version") ?? 0
        return try stateVersion < state.count || !Set(cache.map(\.id)).isSubset(of: appliedCacheMigrations(db))
    }

    /// The cache keeps GRDB's record of applied migrations, which caches written by earlier
    /// versions of wpnews (through GRDB's migrator) already have.
    private static func appliedCacheMigrations(_ db: Database) throws -> Set<String> {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM main.sqlite_master WHERE name = 'grdb_migrations'") ?? false else { return [] }
        return Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
    }

    /// The user's state, keyed by a site's API root (the cache's site ids are its own, and
    /// the cache can be started again at any time).
    static let state: [Migration] = [
        Migration(id: "state v1: reading state, the last list shown") { db in
            try db.execute(sql: """
                CREATE TABLE state.storyState ("site" TEXT NOT NULL, "storyId" INTEGER NOT NULL, "firstSeenAt" REAL, "seenModified" REAL,
                    "readAt" REAL, "hiddenAt" REAL, PRIMARY KEY ("site", "storyId"));
                -- The last list printed as text: each number as printed, and what it names.
                CREATE TABLE state.shownItem ("number" INTEGER PRIMARY KEY, "site" TEXT NOT NULL, "via" TEXT NOT NULL,
                    "kind" TEXT NOT NULL, "itemId" INTEGER NOT NULL);
                CREATE TABLE state.meta ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL);
                """)
        },
        Migration(id: "state v2: what watch has delivered") { db in
            try db.execute(sql: """
                -- Per site: since when a story counts as new to watch, and where its next poll asks from.
                CREATE TABLE state.watchCursor ("site" TEXT PRIMARY KEY NOT NULL, "startedAt" REAL NOT NULL,
                    "modifiedSince" REAL NOT NULL, "publishedSince" REAL NOT NULL, "checkedRemovedAt" REAL);
                -- Each story watch printed, as it was then: a restart neither repeats it nor takes an edit for news.
                CREATE TABLE state.watchDelivered ("site" TEXT NOT NULL, "storyId" INTEGER NOT NULL, "modified" REAL NOT NULL,
                    "deliveredAt" REAL NOT NULL, PRIMARY KEY ("site", "storyId"));
                """)
        },
        Migration(id: "state v3: a web feed's items by their short ids") { db in
            // The number each item of a web feed was given: the user's marks name items by it,
            // so it must outlive the cache (`cache clear`) for a collision to stay resolved; and
            // when it was first seen, the date of an item that gives none.
            try db.execute(sql: """
                CREATE TABLE state.feedItem ("site" TEXT NOT NULL, "key" TEXT NOT NULL, "storyId" INTEGER NOT NULL,
                    "firstSeenAt" REAL NOT NULL, PRIMARY KEY ("site", "key"), UNIQUE ("site", "storyId"));
                """)
        },
        Migration(id: "saved-1: stories the user saved, kept whole") { db in
            // The story as it was saved, its article's HTML with it: the cache may lose it
            // (`cache clear`, pruning, damage), a saved story reads on offline for good.
            try db.execute(sql: """
                CREATE TABLE state.savedStory ("site" TEXT NOT NULL, "storyId" INTEGER NOT NULL, "siteName" TEXT NOT NULL,
                    "slug" TEXT NOT NULL, "title" TEXT NOT NULL, "link" TEXT NOT NULL, "date" REAL NOT NULL, "modified" REAL NOT NULL,
                    "author" TEXT, "excerpt" TEXT NOT NULL, "html" TEXT NOT NULL, "savedAt" REAL NOT NULL, PRIMARY KEY ("site", "storyId"));
                """)
        },
    ]

    static let cache: [Migration] = [
        // v1, v2 and v6 are the SQL GRDB's table builder wrote for them (Golden/schema.sql in
        // the tests pins it): the builder derives "siteId" from "site" with ICU regular
        // expressions, which cost every first run about 5 ms.
        Migration(id: "v1: sites, stories, names, listings, reading state") { db in
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
        },
        Migration(id: "v2: pages") { db in
            try db.execute(sql: """
                CREATE TABLE "page" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "id" INTEGER NOT NULL, "slug" TEXT NOT NULL, "title" TEXT NOT NULL, "link" TEXT NOT NULL, "parent" INTEGER, "menuOrder" INTEGER NOT NULL, "modified" DATETIME NOT NULL, "content" TEXT, "fetchedAt" DATETIME NOT NULL, PRIMARY KEY ("siteId", "id"));
                CREATE INDEX "page_on_siteId" ON "page"("siteId");
                """)
        },
        Migration(id: "v3: full-text search of cached stories") { db in
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
        },
        Migration(id: "v4: dates as seconds since 1970") { db in
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
        },
        Migration(id: "v5: re-index a story only when its words change") { db in
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
        },
        Migration(id: "v6: when a list was last caught up") { db in
            // `fetchedAt` stays the last full fetch; `caughtUpAt` the last `modified_after` check.
            try db.execute(sql: #"ALTER TABLE "listing" ADD COLUMN "caughtUpAt" DATETIME"#)
        },
        Migration(id: "v7: where a list's changes are asked from") { db in
            // The newest modified time among the list's own answers: the story rows are shared
            // with other lists and `read`, so theirs can run ahead of what this list has seen.
            try db.execute(sql: #"ALTER TABLE "listing" ADD COLUMN "changesSince" DATETIME"#)
        },
        Migration(id: "v8: reading state moves to the user's own store") { db in
            // What only the user made must survive `cache clear` and a damaged cache.
            try db.execute(sql: """
                INSERT OR IGNORE INTO state.storyState (site, storyId, firstSeenAt, seenModified, readAt)
                SELECT site.apiRoot, storyState.storyId, storyState.firstSeenAt, storyState.seenModified, storyState.readAt
                FROM main.storyState JOIN main.site ON site.id = storyState.siteId;
                DROP TABLE main.storyState;
                DELETE FROM main.meta WHERE key = 'lastList';
                """)
        },
        Migration(id: "v9: the sizes a featured image comes in") { db in
            // `[ImageRendition].stored`. NULL in the rows named before: their pictures come at
            // full size until the story is fetched again, which names its image again.
            try db.execute(sql: #"ALTER TABLE "media" ADD COLUMN "renditions" TEXT"#)
        },
        Migration(id: "v10: what is known of a site as a whole, in columns of its own") { db in
            // Before, notes in `meta` keyed "allTerms:tag:ID" and the like, which nothing tied
            // to the site: clearing one left them behind.
            try db.execute(sql: """
                CREATE TABLE "siteFacts" ("siteId" INTEGER PRIMARY KEY NOT NULL REFERENCES "site"("id") ON DELETE CASCADE,
                    "allCategoriesAt" REAL, "allTagsAt" REAL, "allPagesAt" REAL,
                    "heaviestTagsFetched" INTEGER, "heaviestTagsOfTotal" INTEGER, "heaviestTagsAt" REAL,
                    "ignoresModifiedAfter" BOOLEAN NOT NULL DEFAULT 0);
                """)
            for site in try Int64.fetchAll(db, sql: "SELECT id FROM site") {
                func note(_ key: String) throws -> String? {
                    try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: ["\(key):\(site)"])
                }
                // "fetched total stamp", as `saveHeaviestTags` wrote it.
                let heaviest = try note("heaviestTags")?.split(separator: " ").compactMap { Double($0) }
                let heaviestParts = heaviest?.count == 3 ? heaviest : nil
                try db.execute(sql: """
                    INSERT INTO siteFacts (siteId, allCategoriesAt, allTagsAt, allPagesAt, heaviestTagsFetched, heaviestTagsOfTotal,
                        heaviestTagsAt, ignoresModifiedAfter) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [site, try note("allTerms:category").flatMap(Double.init), try note("allTerms:tag").flatMap(Double.init),
                                     try note("pages").flatMap(Double.init), heaviestParts.map { Int($0[0]) },
                                     heaviestParts.map { Int($0[1]) }, heaviestParts?[2], try note("ignoresModifiedAfter") != nil])
            }
            // What is left of `meta` is about the cache itself (when it was last pruned).
            try db.execute(sql: "DELETE FROM meta WHERE key != 'lastPruned'")
        },
        Migration(id: "v11: a list keyed by its family, page and page size; a featured list's source in columns") { db in
            // Before, one text key ("latest#2/10", "featured?tag=top#1/10", the family up to the
            // last "#") read back by parsing, and notes ("tag:Top", "sticky:no-tag", "feed").
            try db.execute(sql: """
                CREATE TABLE "listingByKey" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE,
                    "family" TEXT NOT NULL, "page" INTEGER NOT NULL, "perPage" INTEGER NOT NULL,
                    "storyIds" TEXT NOT NULL, "total" INTEGER, "totalPages" INTEGER,
                    "featuredBy" TEXT CHECK ("featuredBy" IN ('tag', 'stickyEmptyTag', 'stickyNoTag', 'feed')), "featuredTagName" TEXT,
                    "fetchedAt" DATETIME NOT NULL, "caughtUpAt" DATETIME, "changesSince" DATETIME,
                    PRIMARY KEY ("siteId", "family", "page", "perPage"));
                """)
            for row in try Row.fetchAll(db, sql: "SELECT * FROM listing") {
                let query: String = row["query"]
                guard let mark = query.lastIndex(of: "#") else { continue }
                let numbers = query[query.index(after: mark)...].split(separator: "/").compactMap { Int($0) }
                guard numbers.count == 2 else { continue }
                let note: String? = row["note"]
                let featuredBy: String? = switch note {
                case "sticky:empty-tag": "stickyEmptyTag"
                case "sticky:no-tag": "stickyNoTag"
                case "feed": "feed"
                case let note? where note.hasPrefix("tag:"): "tag"
                default: nil
                }
                try db.execute(sql: """
                    INSERT OR IGNORE INTO listingByKey (siteId, family, page, perPage, storyIds, total, totalPages, featuredBy,
                        featuredTagName, fetchedAt, caughtUpAt, changesSince) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [row["siteId"], String(query[..<mark]), numbers[0], numbers[1], row["storyIds"], row["total"],
                                     row["totalPages"], featuredBy, featuredBy == "tag" ? note.map { String($0.dropFirst(4)) } : nil,
                                     row["fetchedAt"], row["caughtUpAt"], row["changesSince"]])
            }
            try db.execute(sql: """
                DROP TABLE listing;
                ALTER TABLE listingByKey RENAME TO listing;
                CREATE INDEX "listing_on_siteId" ON "listing"("siteId");
                """)
        },
        Migration(id: "v12: a site that is a web feed") { db in
            // Its `apiRoot` is the feed's address: this says it is no REST API.
            try db.execute(sql: #"ALTER TABLE site ADD COLUMN "webFeed" BOOLEAN NOT NULL DEFAULT 0"#)
        },
        Migration(id: "v13: what a feed's server said last") { db in
            // Per feed address (a WordPress site read through its feeds has one per list), the
            // validators of the copy held, sent back so an unchanged feed answers 304, and the
            // poll interval it asked for, which a 304 does not repeat; per site,
            // the last failure to fetch its feed, until a fetch succeeds.
            try db.execute(sql: """
                CREATE TABLE "feedValidators" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE,
                    "url" TEXT NOT NULL, "etag" TEXT, "lastModified" TEXT, "pollInterval" INTEGER, PRIMARY KEY ("siteId", "url"));
                ALTER TABLE "siteFacts" ADD COLUMN "feedError" TEXT;
                ALTER TABLE "siteFacts" ADD COLUMN "feedErrorAt" REAL;
                """)
        },
        Migration(id: "feedfix: a feed's validators kept with the copy they describe") { db in
            // Per copy (`FeedCopy`): one address's answers make several copies (lists of two
            // sizes, watch's). The rows kept per address cannot say which copy they came with,
            // so they go: each feed is asked for whole once more.
            try db.execute(sql: """
                DROP TABLE "feedValidators";
                CREATE TABLE "feedValidators" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE,
                    "url" TEXT NOT NULL, "copy" TEXT NOT NULL, "etag" TEXT, "lastModified" TEXT, "pollInterval" INTEGER,
                    PRIMARY KEY ("siteId", "url", "copy"));
                """)
        },
        Migration(id: "feedfts: the search index holds the text a reader sees") { db in
            // v3 indexed `content` as stored, HTML: "strong" or "href" found markup, and a word
            // split by a tag (`wo<b>rd</b>`) or spelled with an entity (`caf&eacute;`) was not
            // found. The index now reads `contentText`, the content as plain text kept beside
            // it: FTS5 reads an external content table's columns by the index's own column
            // names (to rebuild, and to delete a row's old words), and SQL alone, which the
            // triggers are, cannot turn HTML into text.
            try db.execute(sql: """
                DROP TRIGGER storySearchInsert;
                DROP TRIGGER storySearchDelete;
                DROP TRIGGER storySearchUpdate;
                DROP TABLE storySearch;
                ALTER TABLE story ADD COLUMN "contentText" TEXT;
                """)
            // A few hundred rows at a time: a cache's articles can be many megabytes of HTML.
            var last: Int64 = 0
            while true {
                let rows = try Row.fetchAll(db, sql: """
                    SELECT rowid, content FROM story WHERE content IS NOT NULL AND rowid > ? ORDER BY rowid LIMIT 200
                    """, arguments: [last])
                guard let lastRow = rows.last else { break }
                for row in rows {
                    try db.cachedStatement(sql: "UPDATE story SET contentText = ? WHERE rowid = ?")
                        .execute(arguments: [StoryRecord.searchText(ofContent: row[1]), row[0]])
                }
                last = lastRow[0]
            }
            try db.execute(sql: """
                CREATE VIRTUAL TABLE storySearch USING fts5(
                    title, excerpt, contentText, content = 'story', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER storySearchInsert AFTER INSERT ON story BEGIN
                    INSERT INTO storySearch (rowid, title, excerpt, contentText) VALUES (new.rowid, new.title, new.excerpt, new.contentText);
                END;
                CREATE TRIGGER storySearchDelete AFTER DELETE ON story BEGIN
                    INSERT INTO storySearch (storySearch, rowid, title, excerpt, contentText)
                    VALUES ('delete', old.rowid, old.title, old.excerpt, old.contentText);
                END;
                CREATE TRIGGER storySearchUpdate AFTER UPDATE OF title, excerpt, contentText ON story
                WHEN old.title IS NOT new.title OR old.excerpt IS NOT new.excerpt OR old.contentText IS NOT new.contentText BEGIN
                    INSERT INTO storySearch (storySearch, rowid, title, excerpt, contentText)
                    VALUES ('delete', old.rowid, old.title, old.excerpt, old.contentText);
                    INSERT INTO storySearch (rowid, title, excerpt, contentText) VALUES (new.rowid, new.title, new.excerpt, new.contentText);
                END;
                INSERT INTO storySearch (storySearch) VALUES ('rebuild');
                """)
        },
        Migration(id: "fulltext-articles: articles read from stories' own web pages") { db in
            // Beside the story, not in its content: the feed's summary stays for `F` to go back
            // to and for a refresh to renew, and the page's text goes with the story when the
            // story is pruned. Kept while the story's modified time is the one read with it.
            try db.execute(sql: """
                CREATE TABLE "fullArticle" ("siteId" INTEGER NOT NULL, "storyId" INTEGER NOT NULL, "html" TEXT NOT NULL,
                    "storyModified" REAL NOT NULL, "fetchedAt" REAL NOT NULL, PRIMARY KEY ("siteId", "storyId"),
                    FOREIGN KEY ("siteId", "storyId") REFERENCES "story"("siteId", "id") ON DELETE CASCADE);
                """)
        },
        Migration(id: "searchro: the articles waiting for the search index, indexed") { db in
            // Every search asks whether any of a site's articles waits for its text
            // (`StoryStore.articleTextWaits`), and answering read all the site's rows. Only
            // the waiting rows are in this index: a search finds none in a step, and a write
            // of stories adds each to it for the while it waits.
            try db.execute(sql: """
                CREATE INDEX "story_waitingForText" ON "story"("siteId") WHERE "contentText" IS NULL AND "content" IS NOT NULL;
                """)
        },
        Migration(id: "datedlists: a dated listing names its list, whose next window replaces it") { db in
            // A dated list's family holds its window to the second, so `--after 3d` from cron
            // kept a new listing every run, for good, and pruning kept every story one named.
            // The windows kept so far are known by their family alone: they go (with a search
            // for words holding "|before=", as rare as it is harmless), fetched again when asked.
            try db.execute(sql: """
                ALTER TABLE listing ADD COLUMN "undatedFamily" TEXT;
                DELETE FROM listing WHERE family LIKE '%|before=%|after=%';
                """)
        },
        Migration(id: "searchlater: stories wait for the search index until a search") { db in
            // FTS5 indexed every story as it was written: a page of 100 at a time, it cost a cold
            // `latest --all` of 10,000 posts a fifth of its instructions, for lists that show
            // titles. A written or changed story now waits (its rowid in `storySearchWaiting`),
            // and the next search indexes every waiting story in one statement. The index keeps
            // agreeing with the rows it holds: a story leaves it only if it was in it.
            try db.execute(sql: """
                DROP TRIGGER storySearchInsert;
                DROP TRIGGER storySearchDelete;
                DROP TRIGGER storySearchUpdate;
                CREATE TABLE "storySearchWaiting" ("storyRowid" INTEGER PRIMARY KEY);
                CREATE TRIGGER storySearchInsert AFTER INSERT ON story BEGIN
                    INSERT INTO storySearchWaiting (storyRowid) SELECT new.rowid
                    WHERE NOT EXISTS (SELECT 1 FROM storySearchWaiting WHERE storyRowid = new.rowid);
                END;
                CREATE TRIGGER storySearchDelete AFTER DELETE ON story BEGIN
                    INSERT INTO storySearch (storySearch, rowid, title, excerpt, contentText)
                    SELECT 'delete', old.rowid, old.title, old.excerpt, old.contentText
                    WHERE NOT EXISTS (SELECT 1 FROM storySearchWaiting WHERE storyRowid = old.rowid);
                    DELETE FROM storySearchWaiting WHERE storyRowid = old.rowid;
                END;
                CREATE TRIGGER storySearchUpdate AFTER UPDATE OF title, excerpt, contentText ON story
                WHEN old.title IS NOT new.title OR old.excerpt IS NOT new.excerpt OR old.contentText IS NOT new.contentText BEGIN
                    INSERT INTO storySearch (storySearch, rowid, title, excerpt, contentText)
                    SELECT 'delete', old.rowid, old.title, old.excerpt, old.contentText
                    WHERE NOT EXISTS (SELECT 1 FROM storySearchWaiting WHERE storyRowid = old.rowid);
                    INSERT INTO storySearchWaiting (storyRowid) SELECT new.rowid
                    WHERE NOT EXISTS (SELECT 1 FROM storySearchWaiting WHERE storyRowid = new.rowid);
                END;
                """)
        },
    ]
}
