import Foundation
import GRDB

/// One table row each; `siteId` scopes every row to a site.
struct StoryRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
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

struct AuthorRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "author"
    var siteId: Int64
    var id: Int
    var name: String
    var slug: String
    var fetchedAt: Date
}

struct TermRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "term"
    enum Taxonomy: String, Codable, Sendable, DatabaseValueConvertible { case category, tag }
    var siteId: Int64
    var taxonomy: Taxonomy
    var id: Int
    var name: String
    var slug: String
    var parent: Int?
    var count: Int?
    var fetchedAt: Date
}

struct MediaRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "media"
    var siteId: Int64
    var id: Int
    var url: String
    var fetchedAt: Date
}

struct ListingRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "listing"
    var siteId: Int64
    var query: String
    var storyIds: [Int]
    var total: Int?
    var totalPages: Int?
    /// How the list was made, when that matters (featured: the tag, or the sticky fallback).
    var note: String?
    var fetchedAt: Date
}

struct StoryStateRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "storyState"
    var siteId: Int64
    var storyId: Int
    var firstSeenAt: Date?
    var seenModified: Date?
    var readAt: Date?
}

struct PageRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
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
