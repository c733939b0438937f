import Foundation
import GRDB
import WordPressAPI

/// Categories, tags and authors: named in passing by a list, or fetched in full.
extension StoryStore {
    func term(_ taxonomy: TermRecord.Taxonomy, slug: String, site: Int64) throws -> TermRecord? {
        try database.read { db in
            try TermRecord.fetchOne(db, sql: "SELECT \(TermRecord.columns) FROM term WHERE siteId = ? AND taxonomy = ? AND slug = ?",
                                    arguments: [site, taxonomy.rawValue, slug])
        }
    }

    /// Every term of a taxonomy as last fetched in full, and when; nil when they never were.
    func allTerms(_ taxonomy: TermRecord.Taxonomy, site: Int64) throws -> (terms: [TermRecord], fetchedAt: Date)? {
        try database.read { db in
            guard let fetchedAt: Date = try Self.fact(Self.allTermsColumn(taxonomy), site: site, db) else { return nil }
            let terms = try TermRecord.fetchAll(db, sql: "SELECT \(TermRecord.columns) FROM term WHERE siteId = ? AND taxonomy = ?", arguments: [site, taxonomy.rawValue])
            return (terms, fetchedAt)
        }
    }

    /// The heaviest tags, when the cache holds enough of them for `choice` (from a full list,
    /// or from the heaviest fetched last), and when they were fetched.
    func heaviestTags(site: Int64, covering choice: TagChoice) throws -> (tags: HeaviestTags, fetchedAt: Date)? {
        try database.read { db in
            let facts = try Row.fetchOne(db, sql: "SELECT allTagsAt, heaviestTagsFetched, heaviestTagsOfTotal, heaviestTagsAt FROM siteFacts WHERE siteId = ?",
                                         arguments: [site])
            let tags = try TermRecord.fetchAll(db, sql: """
                SELECT \(TermRecord.columns) FROM term WHERE siteId = ? AND taxonomy = 'tag' AND count IS NOT NULL ORDER BY count DESC, name
                """, arguments: [site]).map(Tag.init)
            if let full: Date = facts?["allTagsAt"] { return (HeaviestTags(tags: tags, siteTotal: tags.count), full) }
            guard let facts, let fetched: Int = facts["heaviestTagsFetched"], let siteTotal: Int = facts["heaviestTagsOfTotal"],
                  let fetchedAt: Date = facts["heaviestTagsAt"] else { return nil }
            let heaviest = Array(tags.prefix(fetched))
            let covered = switch choice {
            case .heaviest(let count): fetched >= min(count, siteTotal)
            case .atLeast(let count): fetched >= siteTotal || (heaviest.last?.count ?? 0) < count
            case .all: fetched >= siteTotal
            }
            return covered ? (HeaviestTags(tags: heaviest, siteTotal: siteTotal), fetchedAt) : nil
        }
    }

    /// Stores the heaviest tags just fetched, with their counts.
    func saveHeaviestTags(_ tags: [Tag], siteTotal: Int, site: Int64, at now: Date) throws {
        try database.write { db in
            try Self.upsert(tags.map {
                TermRecord(siteId: site, taxonomy: .tag, id: $0.id, name: $0.name, slug: $0.slug, parent: nil, count: $0.count, fetchedAt: now)
            }, db)
            try Self.setFacts(["heaviestTagsFetched": tags.count, "heaviestTagsOfTotal": siteTotal, "heaviestTagsAt": now.stored], site: site, db)
        }
    }

    /// The terms of a taxonomy the cache holds, however they came.
    func terms(_ taxonomy: TermRecord.Taxonomy, site: Int64) throws -> [TermRecord] {
        try database.read { db in
            try TermRecord.fetchAll(db, sql: "SELECT \(TermRecord.columns) FROM term WHERE siteId = ? AND taxonomy = ?", arguments: [site, taxonomy.rawValue])
        }
    }

    /// Replaces the site's terms of a taxonomy with the full list just fetched.
    func saveAllTerms(_ terms: [TermRecord], _ taxonomy: TermRecord.Taxonomy, site: Int64, at now: Date) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM term WHERE siteId = ? AND taxonomy = ?", arguments: [site, taxonomy.rawValue])
            try Self.upsert(terms, db)
            try Self.setFacts([Self.allTermsColumn(taxonomy): now.stored], site: site, db)
        }
    }

    /// The authors the cache knows for a site.
    func authors(site: Int64) throws -> [Author] {
        try database.read { db in
            try AuthorRecord.fetchAll(db, sql: "SELECT \(AuthorRecord.columns) FROM author WHERE siteId = ?", arguments: [site]).map {
                Author(id: $0.id, name: $0.name, slug: $0.slug)
            }
        }
    }

    /// The names the cache holds for `ids`, and which of them are fresh: read by id, so a
    /// page costs its own names however many the site has. A site read in full has thousands
    /// of tags, and a page's are mostly ones an earlier page named: asking for them again cost
    /// `--all` of 10,000 posts three times the tag requests it needed.
    func heldNames(site: Int64, for ids: NameIDs, fetchedSince date: Date) throws -> HeldNames {
        try database.read { db in try Self.heldNames(site: site, for: ids, fetchedSince: date, db) }
    }

    /// Whether the site's authors were fetched since `date`: then a list needs no prefetch.
    func holdsAuthors(site: Int64, fetchedSince date: Date) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM author WHERE siteId = ? AND fetchedAt >= ?)"),
                              arguments: [site, date.stored]) ?? false
        }
    }

    /// Every author and category of the site fetched since `date`.
    func knownNames(site: Int64, fetchedSince date: Date) throws -> StoryNames {
        try database.read { db in
            var names = StoryNames()
            for author in try AuthorRecord.fetchAll(db, sql: "SELECT \(AuthorRecord.columns) FROM author WHERE siteId = ? AND fetchedAt >= ?", arguments: [site, date.stored]) {
                names.authors[author.id] = Author(id: author.id, name: author.name, slug: author.slug)
            }
            let categories = try TermRecord.fetchAll(db, sql: "SELECT \(TermRecord.columns) FROM term WHERE siteId = ? AND taxonomy = 'category' AND fetchedAt >= ?",
                                                     arguments: [site, date.stored])
            for term in categories {
                names.categories[term.id] = Category(term)
            }
            return names
        }
    }
}
