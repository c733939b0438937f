-- table author
CREATE TABLE "author" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "id" INTEGER NOT NULL, "name" TEXT NOT NULL, "slug" TEXT NOT NULL, "fetchedAt" DATETIME NOT NULL, PRIMARY KEY ("siteId", "id"))

-- index author_on_siteId
CREATE INDEX "author_on_siteId" ON "author"("siteId")

-- table feedValidators
CREATE TABLE "feedValidators" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE,
    "url" TEXT NOT NULL, "copy" TEXT NOT NULL, "etag" TEXT, "lastModified" TEXT, "pollInterval" INTEGER,
    PRIMARY KEY ("siteId", "url", "copy"))

-- table fullArticle
CREATE TABLE "fullArticle" ("siteId" INTEGER NOT NULL, "storyId" INTEGER NOT NULL, "html" TEXT NOT NULL,
    "storyModified" REAL NOT NULL, "fetchedAt" REAL NOT NULL, PRIMARY KEY ("siteId", "storyId"),
    FOREIGN KEY ("siteId", "storyId") REFERENCES "story"("siteId", "id") ON DELETE CASCADE)

-- table grdb_migrations
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)

-- table listing
CREATE TABLE "listing" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE,
    "family" TEXT NOT NULL, "page" INTEGER NOT NULL, "perPage" INTEGER NOT NULL,
    "storyIds" TEXT NOT NULL, "total" INTEGER, "totalPages" INTEGER,
    "featuredBy" TEXT CHECK ("featuredBy" IN ('tag', 'stickyEmptyTag', 'stickyNoTag', 'feed')), "featuredTagName" TEXT,
    "fetchedAt" DATETIME NOT NULL, "caughtUpAt" DATETIME, "changesSince" DATETIME, "undatedFamily" TEXT,
    PRIMARY KEY ("siteId", "family", "page", "perPage"))

-- index listing_on_siteId
CREATE INDEX "listing_on_siteId" ON "listing"("siteId")

-- table media
CREATE TABLE "media" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "id" INTEGER NOT NULL, "url" TEXT NOT NULL, "fetchedAt" DATETIME NOT NULL, "renditions" TEXT, PRIMARY KEY ("siteId", "id"))

-- index media_on_siteId
CREATE INDEX "media_on_siteId" ON "media"("siteId")

-- table meta
CREATE TABLE "meta" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL)

-- table page
CREATE TABLE "page" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "id" INTEGER NOT NULL, "slug" TEXT NOT NULL, "title" TEXT NOT NULL, "link" TEXT NOT NULL, "parent" INTEGER, "menuOrder" INTEGER NOT NULL, "modified" DATETIME NOT NULL, "content" TEXT, "fetchedAt" DATETIME NOT NULL, PRIMARY KEY ("siteId", "id"))

-- index page_on_siteId
CREATE INDEX "page_on_siteId" ON "page"("siteId")

-- table site
CREATE TABLE "site" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "apiRoot" TEXT NOT NULL UNIQUE, "webFeed" BOOLEAN NOT NULL DEFAULT 0)

-- table siteAddress
CREATE TABLE "siteAddress" ("address" TEXT PRIMARY KEY NOT NULL, "siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE)

-- index siteAddress_on_siteId
CREATE INDEX "siteAddress_on_siteId" ON "siteAddress"("siteId")

-- table siteFacts
CREATE TABLE "siteFacts" ("siteId" INTEGER PRIMARY KEY NOT NULL REFERENCES "site"("id") ON DELETE CASCADE,
    "allCategoriesAt" REAL, "allTagsAt" REAL, "allPagesAt" REAL,
    "heaviestTagsFetched" INTEGER, "heaviestTagsOfTotal" INTEGER, "heaviestTagsAt" REAL,
    "ignoresModifiedAfter" BOOLEAN NOT NULL DEFAULT 0, "feedError" TEXT, "feedErrorAt" REAL)

-- table story
CREATE TABLE "story" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "id" INTEGER NOT NULL, "slug" TEXT NOT NULL, "title" TEXT NOT NULL, "link" TEXT NOT NULL, "date" DATETIME NOT NULL, "modified" DATETIME NOT NULL, "authorId" INTEGER NOT NULL, "categoryIds" TEXT NOT NULL, "tagIds" TEXT NOT NULL, "excerpt" TEXT NOT NULL, "sticky" BOOLEAN NOT NULL, "featuredMediaId" INTEGER NOT NULL, "content" TEXT, "contentFetchedAt" DATETIME, "fetchedAt" DATETIME NOT NULL, "contentText" TEXT, PRIMARY KEY ("siteId", "id"))

-- table storySearch
CREATE VIRTUAL TABLE storySearch USING fts5(
    title, excerpt, contentText, content = 'story', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
)

-- trigger storySearchDelete
CREATE TRIGGER storySearchDelete AFTER DELETE ON story BEGIN
    INSERT INTO storySearch (storySearch, rowid, title, excerpt, contentText)
    SELECT 'delete', old.rowid, old.title, old.excerpt, old.contentText
    WHERE NOT EXISTS (SELECT 1 FROM storySearchWaiting WHERE storyRowid = old.rowid);
    DELETE FROM storySearchWaiting WHERE storyRowid = old.rowid;
END

-- trigger storySearchInsert
CREATE TRIGGER storySearchInsert AFTER INSERT ON story BEGIN
    INSERT INTO storySearchWaiting (storyRowid) SELECT new.rowid
    WHERE NOT EXISTS (SELECT 1 FROM storySearchWaiting WHERE storyRowid = new.rowid);
END

-- trigger storySearchUpdate
CREATE TRIGGER storySearchUpdate AFTER UPDATE OF title, excerpt, contentText ON story
WHEN old.title IS NOT new.title OR old.excerpt IS NOT new.excerpt OR old.contentText IS NOT new.contentText BEGIN
    INSERT INTO storySearch (storySearch, rowid, title, excerpt, contentText)
    SELECT 'delete', old.rowid, old.title, old.excerpt, old.contentText
    WHERE NOT EXISTS (SELECT 1 FROM storySearchWaiting WHERE storyRowid = old.rowid);
    INSERT INTO storySearchWaiting (storyRowid) SELECT new.rowid
    WHERE NOT EXISTS (SELECT 1 FROM storySearchWaiting WHERE storyRowid = new.rowid);
END

-- table storySearchWaiting
CREATE TABLE "storySearchWaiting" ("storyRowid" INTEGER PRIMARY KEY)

-- table storySearch_config
CREATE TABLE 'storySearch_config'(k PRIMARY KEY, v) WITHOUT ROWID

-- table storySearch_data
CREATE TABLE 'storySearch_data'(id INTEGER PRIMARY KEY, block BLOB)

-- table storySearch_docsize
CREATE TABLE 'storySearch_docsize'(id INTEGER PRIMARY KEY, sz BLOB)

-- table storySearch_idx
CREATE TABLE 'storySearch_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID

-- index story_on_siteId
CREATE INDEX "story_on_siteId" ON "story"("siteId")

-- index story_waitingForText
CREATE INDEX "story_waitingForText" ON "story"("siteId") WHERE "contentText" IS NULL AND "content" IS NOT NULL

-- table term
CREATE TABLE "term" ("siteId" INTEGER NOT NULL REFERENCES "site"("id") ON DELETE CASCADE, "taxonomy" TEXT NOT NULL, "id" INTEGER NOT NULL, "name" TEXT NOT NULL, "slug" TEXT NOT NULL, "parent" INTEGER, "count" INTEGER, "fetchedAt" DATETIME NOT NULL, PRIMARY KEY ("siteId", "taxonomy", "id"))

-- index term_on_siteId
CREATE INDEX "term_on_siteId" ON "term"("siteId")
