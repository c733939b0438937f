import Foundation
import GRDB

/// A row of the cache, read by hand (`init(row:)`) and written with plain SQL (StoryStore):
/// a run reads and writes a few dozen rows, and Codable (generic metadata, a JSON coder per
/// array column) and the query interface (which reads the schema first) cost more than the
/// SQL did.
protocol CacheRecord: FetchableRecord, TableRecord, Sendable {}

extension Date {
    /// How the cache stores a date: seconds since 1970, a REAL. GRDB's default is text made by
    /// a DateFormatter, whose set-up alone cost every warm run about a millisecond. Every date
    /// bound in SQL goes through this, so comparisons compare numbers with numbers.
    var stored: Double { timeIntervalSince1970 }
}

extension [Int] {
    /// How the cache stores a list of ids: JSON text such as "[12,7,3]", which SQLite's
    /// json_each can read too.
    var stored: String { "[" + map(String.init).joined(separator: ",") + "]" }
}

extension [ImageRendition] {
    /// How the cache stores a picture's sizes: a line each, its width, a space, its address.
    /// An address with a line break in it (no URL has one) would break its line: it is not kept.
    var stored: String {
        filter { !$0.address.contains("\n") }.map { "\($0.width) \($0.address)" }.joined(separator: "\n")
    }
}

extension Row {
    /// A list of ids as `[Int].stored` writes it.
    func integers(_ column: String) -> [Int] {
        guard let text: String = self[column] else { return [] }
        return text.split(whereSeparator: { !$0.isNumber && $0 != "-" }).compactMap { Int($0) }
    }

    /// A picture's sizes as `[ImageRendition].stored` writes them; none where the column is
    /// NULL (media named before the cache kept sizes).
    func renditions(_ column: String) -> [ImageRendition] {
        guard let text: String = self[column] else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let width = Int(parts[0]) else { return nil }
            return ImageRendition(address: String(parts[1]), width: width)
        }
    }
}

/// One table row each; `siteId` scopes every row to a site.
struct StoryRecord: CacheRecord {
    static let databaseTableName = "story"
    var siteId: Int64
    var id: Int
    var slug: String
    var title: String
    var link: String
    var date: Date
    var modified: Date
    var authorId: Int
    var categoryIds: [Int]
    var tagIds: [Int]
    var excerpt: String
    var sticky: Bool
    var featuredMediaId: Int
    var content: String?
    var contentFetchedAt: Date?
    var fetchedAt: Date
}

extension StoryRecord {
    init(row: Row) {
        self.init(
            siteId: row["siteId"], id: row["id"], slug: row["slug"], title: row["title"], link: row["link"],
            date: row["date"], modified: row["modified"], authorId: row["authorId"],
            categoryIds: row.integers("categoryIds"), tagIds: row.integers("tagIds"), excerpt: row["excerpt"],
            sticky: row["sticky"], featuredMediaId: row["featuredMediaId"], content: row["content"],
            contentFetchedAt: row["contentFetchedAt"], fetchedAt: row["fetchedAt"]
        )
    }
}

struct AuthorRecord: CacheRecord {
    static let databaseTableName = "author"
    var siteId: Int64
    var id: Int
    var name: String
    var slug: String
    var fetchedAt: Date
}

extension AuthorRecord {
    init(row: Row) {
        self.init(siteId: row["siteId"], id: row["id"], name: row["name"], slug: row["slug"], fetchedAt: row["fetchedAt"])
    }
}

struct TermRecord: CacheRecord {
    static let databaseTableName = "term"
    enum Taxonomy: String, Sendable, DatabaseValueConvertible { case category, tag }
    var siteId: Int64
    var taxonomy: Taxonomy
    var id: Int
    var name: String
    var slug: String
    var parent: Int?
    var count: Int?
    var fetchedAt: Date
}

extension TermRecord {
    init(row: Row) {
        self.init(
            siteId: row["siteId"], taxonomy: row["taxonomy"], id: row["id"], name: row["name"], slug: row["slug"],
            parent: row["parent"], count: row["count"], fetchedAt: row["fetchedAt"]
        )
    }
}

struct MediaRecord: CacheRecord {
    static let databaseTableName = "media"
    var siteId: Int64
    var id: Int
    var url: String
    var renditions: [ImageRendition]
    var fetchedAt: Date
}

extension MediaRecord {
    init(row: Row) {
        self.init(siteId: row["siteId"], id: row["id"], url: row["url"], renditions: row.renditions("renditions"), fetchedAt: row["fetchedAt"])
    }
}

struct ListingRecord: CacheRecord {
    static let databaseTableName = "listing"
    var siteId: Int64
    var key: ListKey
    var storyIds: [Int]
    var total: Int?
    var totalPages: Int?
    /// How a featured list was made (the tag, or the sticky fallback); nil for other lists.
    var featuredBy: FeaturedStories.Source.Kind?
    /// The tag's name, when `featuredBy` is `.tag`.
    var featuredTagName: String?
    /// The last full fetch: only a full fetch notices posts deleted or moved out of the list.
    var fetchedAt: Date
    /// The last time only the changes were asked for (`modified_after`), if later.
    var caughtUpAt: Date?
    /// The newest modified time among the list's own answers: where to ask for changes from.
    var changesSince: Date?

    /// When the list was last known to match the site.
    var checkedAt: Date { max(fetchedAt, caughtUpAt ?? fetchedAt) }

    /// Where a featured list came from; `tagSlug`: the tag it asked for.
    func featuredSource(tagSlug: String?) -> FeaturedStories.Source? {
        featuredBy.map { FeaturedStories.Source(stored: $0, tagName: featuredTagName, tagSlug: tagSlug ?? "") }
    }
}

extension FeaturedStories.Source.Kind: DatabaseValueConvertible {}

extension ListingRecord {
    init(row: Row) {
        self.init(
            siteId: row["siteId"], key: ListKey(family: row["family"], page: row["page"], perPage: row["perPage"]),
            storyIds: row.integers("storyIds"), total: row["total"], totalPages: row["totalPages"], featuredBy: row["featuredBy"],
            featuredTagName: row["featuredTagName"], fetchedAt: row["fetchedAt"], caughtUpAt: row["caughtUpAt"],
            changesSince: row["changesSince"]
        )
    }
}

/// A row of the user's state store: what the user did with a story of a site (by API root).
struct StoryStateRecord: FetchableRecord, Sendable {
    var site: String
    var storyId: Int
    var firstSeenAt: Date?
    var seenModified: Date?
    var readAt: Date?
    var hiddenAt: Date?
}

extension StoryStateRecord {
    init(row: Row) {
        self.init(
            site: row["site"], storyId: row["storyId"], firstSeenAt: row["firstSeenAt"],
            seenModified: row["seenModified"], readAt: row["readAt"], hiddenAt: row["hiddenAt"]
        )
    }
}

struct PageRecord: CacheRecord {
    static let databaseTableName = "page"
    var siteId: Int64
    var id: Int
    var slug: String
    var title: String
    var link: String
    var parent: Int?
    var menuOrder: Int
    var modified: Date
    var content: String?
    var fetchedAt: Date
}

extension PageRecord {
    init(row: Row) {
        self.init(
            siteId: row["siteId"], id: row["id"], slug: row["slug"], title: row["title"], link: row["link"],
            parent: row["parent"], menuOrder: row["menuOrder"], modified: row["modified"], content: row["content"],
            fetchedAt: row["fetchedAt"]
        )
    }
}
