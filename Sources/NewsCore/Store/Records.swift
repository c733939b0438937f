import Foundation
import GRDB

/// A row of the cache, read by hand (`init(row:)`) and written with plain SQL (StoryStore):
/// a run reads and writes a few dozen rows, and Codable (generic metadata, a JSON coder per
/// array column) and the query interface (which reads the schema first) cost more than the
/// SQL did.
///
/// A row is read by column index, from a query that selects `columns`: GRDB finds a column
/// by name through a dictionary of lowercased names (a hash, and a lowercasing, for every
/// value), which was half of what a warm `latest --all --json` of 10,000 stories cost.
/// `columns` are the table's first ones, in its order, so `SELECT *` reads the same (the
/// story table's last, `contentText`, is the search index's, never read into a record).
protocol CacheRecord: FetchableRecord, TableRecord, Sendable {
    /// The columns `init(row:)` reads, in the order it reads them.
    static var columns: String { get }
}

extension Date {
    /// How the cache stores a date: seconds since 1970, a REAL. GRDB's default is text made by
    /// a DateFormatter, whose set-up alone cost every warm run about a millisecond. Every date
    /// bound in SQL goes through this, so comparisons compare numbers with numbers.
    var stored: Double { timeIntervalSince1970 }
}

extension [Int] {
    /// How the cache stores a list of ids: JSON text such as "[12,7,3]", which SQLite's
    /// json_each can read too. Written into one string, as every query of a page's stories
    /// binds a few of these.
    var stored: String {
        var text = "["
        text.reserveCapacity(2 + count * 8)
        for (index, id) in enumerated() {
            if index > 0 { text.append(",") }
            text.append(String(id))
        }
        text.append("]")
        return text
    }
}

extension [ImageRendition] {
    /// How the cache stores a picture's sizes: a line each, its width, a space, its address.
    /// An address with a line break in it (no URL has one) would break its line: it is not kept.
    var stored: String {
        filter { !$0.address.contains("\n") }.map { "\($0.width) \($0.address)" }.joined(separator: "\n")
    }
}

extension Row {
    /// A list of ids as `[Int].stored` writes it, read from its UTF-8 bytes: every story has
    /// two, and splitting the text into `Character`s cost more than the rest of the row.
    func integers(_ column: Int) -> [Int] {
        guard var text: String = self[column] else { return [] }
        return text.withUTF8 { utf8 in
            var numbers: [Int] = []
            var value = 0, negative = false, inNumber = false
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
                    inNumber = true
                case UInt8(ascii: "-") where !inNumber:
                    negative = true
                default:
                    if inNumber { numbers.append(negative ? -value : value) }
                    (value, negative, inNumber) = (0, false, false)
                }
            }
            if inNumber { numbers.append(negative ? -value : value) }
            return numbers
        }
    }

    /// A picture's sizes as `[ImageRendition].stored` writes them; none where the column is
    /// NULL (media named before the cache kept sizes).
    func renditions(_ column: Int) -> [ImageRendition] {
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
    static let columns = """
        siteId, id, slug, title, link, date, modified, authorId, categoryIds, tagIds, excerpt, sticky, featuredMediaId,
        content, contentFetchedAt, fetchedAt
        """
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
            siteId: row[0], id: row[1], slug: row[2], title: row[3], link: row[4], date: row[5], modified: row[6], authorId: row[7],
            categoryIds: row.integers(8), tagIds: row.integers(9), excerpt: row[10], sticky: row[11], featuredMediaId: row[12],
            content: row[13], contentFetchedAt: row[14], fetchedAt: row[15]
        )
    }
}

struct AuthorRecord: CacheRecord {
    static let databaseTableName = "author"
    static let columns = "siteId, id, name, slug, fetchedAt"
    var siteId: Int64
    var id: Int
    var name: String
    var slug: String
    var fetchedAt: Date
}

extension AuthorRecord {
    init(row: Row) {
        self.init(siteId: row[0], id: row[1], name: row[2], slug: row[3], fetchedAt: row[4])
    }
}

struct TermRecord: CacheRecord {
    static let databaseTableName = "term"
    static let columns = "siteId, taxonomy, id, name, slug, parent, count, fetchedAt"
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
            siteId: row[0], taxonomy: row[1], id: row[2], name: row[3], slug: row[4], parent: row[5], count: row[6], fetchedAt: row[7]
        )
    }
}

struct MediaRecord: CacheRecord {
    static let databaseTableName = "media"
    static let columns = "siteId, id, url, fetchedAt, renditions"
    var siteId: Int64
    var id: Int
    var url: String
    var renditions: [ImageRendition]
    var fetchedAt: Date
}

extension MediaRecord {
    init(row: Row) {
        self.init(siteId: row[0], id: row[1], url: row[2], renditions: row.renditions(4), fetchedAt: row[3])
    }
}

struct ListingRecord: CacheRecord {
    static let databaseTableName = "listing"
    static let columns = """
        siteId, family, page, perPage, storyIds, total, totalPages, featuredBy, featuredTagName, fetchedAt, caughtUpAt, changesSince
        """
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
            siteId: row[0], key: ListKey(family: row[1], page: row[2], perPage: row[3]), storyIds: row.integers(4), total: row[5],
            totalPages: row[6], featuredBy: row[7], featuredTagName: row[8], fetchedAt: row[9], caughtUpAt: row[10], changesSince: row[11]
        )
    }
}

/// A row of the user's state store: what the user did with a story of a site (by API root),
/// read by column index as a `CacheRecord` is.
struct StoryStateRecord: FetchableRecord, Sendable {
    /// Saved is a row of `state.savedStory`, which keeps the story's copy.
    static let columns = """
        site, storyId, firstSeenAt, seenModified, readAt, hiddenAt,
        EXISTS (SELECT 1 FROM state.savedStory WHERE savedStory.site = storyState.site AND savedStory.storyId = storyState.storyId)
        """

    var site: String
    var storyId: Int
    var firstSeenAt: Date?
    var seenModified: Date?
    var readAt: Date?
    var hiddenAt: Date?
    var isSaved = false
}

extension StoryStateRecord {
    init(row: Row) {
        self.init(site: row[0], storyId: row[1], firstSeenAt: row[2], seenModified: row[3], readAt: row[4], hiddenAt: row[5], isSaved: row[6])
    }
}

struct PageRecord: CacheRecord {
    static let databaseTableName = "page"
    static let columns = "siteId, id, slug, title, link, parent, menuOrder, modified, content, fetchedAt"
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
            siteId: row[0], id: row[1], slug: row[2], title: row[3], link: row[4], parent: row[5], menuOrder: row[6], modified: row[7],
            content: row[8], fetchedAt: row[9]
        )
    }
}
