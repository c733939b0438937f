import Foundation
import GRDB
import WordPressAPI

/// A site as the cache knows it: its API root, the addresses that led to it, and what is
/// known of it as a whole (`siteFacts`).
extension StoryStore {
    // MARK: Sites

    /// The site a URL was found to be, by an earlier discovery.
    func site(forAddress address: String) throws -> (id: Int64, root: APIRoot)? {
        try database.read { db in
            try Row.fetchOne(db, sql: """
                SELECT site.id, site.apiRoot, site.webFeed FROM siteAddress JOIN site ON site.id = siteAddress.siteId
                WHERE siteAddress.address = ?
                """, arguments: [address])
                .map { (id: $0[0], root: $0[2] ? APIRoot.webFeed($0[1]) : APIRoot(discovered: $0[1])) }
        }
    }

    /// The site's id, if the cache knows its API root; reads only.
    func siteID(root: APIRoot) throws -> Int64? {
        try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE apiRoot = ?", arguments: [root.description])
        }
    }

    /// Remembers a site's API root and the URL that led to it; returns the site's id.
    @discardableResult
    func register(root: APIRoot, address: String?) throws -> Int64 {
        try database.write { db in
            try db.execute(sql: "INSERT INTO site (apiRoot, webFeed) VALUES (?, ?) ON CONFLICT (apiRoot) DO NOTHING",
                           arguments: [root.description, root.isWebFeed])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE apiRoot = ?", arguments: [root.description])!
            if let address {
                try db.execute(sql: """
                    INSERT INTO siteAddress (address, siteId) VALUES (?, ?)
                    ON CONFLICT (address) DO UPDATE SET siteId = excluded.siteId
                    """, arguments: [address, id])
            }
            return id
        }
    }

    // MARK: What is known of a site as a whole

    /// The `siteFacts` column saying when a taxonomy's terms were last fetched in full.
    static func allTermsColumn(_ taxonomy: TermRecord.Taxonomy) -> String {
        switch taxonomy {
        case .category: "allCategoriesAt"
        case .tag: "allTagsAt"
        }
    }

    /// One column of the site's `siteFacts` row; nil when it has none or the column is NULL.
    static func fact<Value: DatabaseValueConvertible>(_ column: String, site: Int64, _ db: Database) throws -> Value? {
        try Value.fetchOne(db, sql: "SELECT \(column) FROM siteFacts WHERE siteId = ?", arguments: [site])
    }

    /// Sets these columns of the site's `siteFacts` row, making the row if it has none.
    static func setFacts(_ values: KeyValuePairs<String, any DatabaseValueConvertible>, site: Int64, _ db: Database) throws {
        let columns = values.map(\.key)
        try db.execute(sql: """
            INSERT INTO siteFacts (siteId, \(columns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: columns.count)))
            ON CONFLICT (siteId) DO UPDATE SET \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """, arguments: StatementArguments([site as any DatabaseValueConvertible] + values.map(\.value)))
    }

    /// Whether the site was found to ignore `modified_after` (WordPress before 5.7).
    func ignoresModifiedAfter(site: Int64) throws -> Bool {
        try database.read { db in
            try Self.fact("ignoresModifiedAfter", site: site, db) ?? false
        }
    }

    func rememberIgnoresModifiedAfter(site: Int64) throws {
        try database.write { db in
            try Self.setFacts(["ignoresModifiedAfter": true], site: site, db)
        }
    }
}
