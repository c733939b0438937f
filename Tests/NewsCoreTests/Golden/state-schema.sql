-- table feedItem
CREATE TABLE feedItem ("site" TEXT NOT NULL, "key" TEXT NOT NULL, "storyId" INTEGER NOT NULL,
    "firstSeenAt" REAL NOT NULL, PRIMARY KEY ("site", "key"), UNIQUE ("site", "storyId"))

-- table meta
CREATE TABLE meta ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL)

-- table savedStory
CREATE TABLE savedStory ("site" TEXT NOT NULL, "storyId" INTEGER NOT NULL, "siteName" TEXT NOT NULL,
    "slug" TEXT NOT NULL, "title" TEXT NOT NULL, "link" TEXT NOT NULL, "date" REAL NOT NULL, "modified" REAL NOT NULL,
    "author" TEXT, "excerpt" TEXT NOT NULL, "html" TEXT NOT NULL, "savedAt" REAL NOT NULL, PRIMARY KEY ("site", "storyId"))

-- table shownItem
CREATE TABLE shownItem ("number" INTEGER PRIMARY KEY, "site" TEXT NOT NULL, "via" TEXT NOT NULL,
    "kind" TEXT NOT NULL, "itemId" INTEGER NOT NULL)

-- table storyState
CREATE TABLE storyState ("site" TEXT NOT NULL, "storyId" INTEGER NOT NULL, "firstSeenAt" REAL, "seenModified" REAL,
    "readAt" REAL, "hiddenAt" REAL, PRIMARY KEY ("site", "storyId"))

-- table watchCursor
CREATE TABLE watchCursor ("site" TEXT PRIMARY KEY NOT NULL, "startedAt" REAL NOT NULL,
    "modifiedSince" REAL NOT NULL, "publishedSince" REAL NOT NULL, "checkedRemovedAt" REAL)

-- table watchDelivered
CREATE TABLE watchDelivered ("site" TEXT NOT NULL, "storyId" INTEGER NOT NULL, "modified" REAL NOT NULL,
    "deliveredAt" REAL NOT NULL, PRIMARY KEY ("site", "storyId"))
