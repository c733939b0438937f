import GRDB

/// The last list printed as text, whatever printed it (a list, a search, any page, any site):
/// `read -n 3` reads what was printed as number 3, from its own site. It is the user's state,
/// kept beside the reading marks, so clearing the cache does not forget it.
public struct ShownList: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// A numbered line of a printed list.
    public struct Item: Sendable, Hashable {
        public enum Kind: String, Sendable {
            case story, page
        }

        public let number: Int
        /// The API root of the item's site.
        public let siteRoot: String
        /// How the user had named that site, so `read -n` opens it the same way.
        public let via: SiteVia
        public let kind: Kind
        public let id: Int

        public init(number: Int, siteRoot: String, via: SiteVia, kind: Kind, id: Int) {
            self.number = number
            self.siteRoot = siteRoot
            self.via = via
            self.kind = kind
            self.id = id
        }
    }

    /// Forgets the previous list and remembers this one, in one transaction; the same list
    /// printed again (a warm `latest` run twice) is left as it is, with nothing written.
    public func replace(with items: [Item]) throws {
        guard try database.read({ db in try Self.items(db) }) != items.map(Optional.some) else { return }
        try database.writeState { db in
            try db.execute(sql: "DELETE FROM state.shownItem")
            for item in items {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO state.shownItem (number, site, via, kind, itemId) VALUES (?, ?, ?, ?, ?)")
                    .execute(arguments: [item.number, item.siteRoot, item.via.stored, item.kind.rawValue, item.id])
            }
        }
    }

    /// The list kept now, in number order; nil for a line this wpnews cannot read.
    private static func items(_ db: Database) throws -> [Item?] {
        try Row.fetchAll(db, sql: "SELECT number, site, via, kind, itemId FROM state.shownItem ORDER BY number").map { row in
            guard let via = SiteVia(stored: row[2]), let kind = Item.Kind(rawValue: row[3]) else { return nil }
            return Item(number: row[0], siteRoot: row[1], via: via, kind: kind, id: row[4])
        }
    }

    /// What was printed as `number`; a clear error when no list was shown or it had no such number.
    public func item(number: Int) throws -> Item {
        try database.read { db in
            if let row = try Row.fetchOne(db, sql: "SELECT * FROM state.shownItem WHERE number = ?", arguments: [number]),
               let via = SiteVia(stored: row["via"]), let kind = Item.Kind(rawValue: row["kind"]) {
                return Item(number: number, siteRoot: row["site"], via: via, kind: kind, id: row["itemId"])
            }
            let range = try Row.fetchOne(db, sql: "SELECT min(number), max(number) FROM state.shownItem")
            guard let range, let low = range[0] as Int?, let high = range[1] as Int? else { throw NewsError.noListNumber(number, shown: nil) }
            throw NewsError.noListNumber(number, shown: low...high)
        }
    }
}

/// How the user named a site: a followed site's name, an address given with `--site`, or
/// the bundled demo.
public enum SiteVia: Sendable, Hashable {
    case followed(String)
    case address(String)
    case demo

    var stored: String {
        switch self {
        case .followed(let name): "site:" + name
        case .address(let address): "url:" + address
        case .demo: "demo:"
        }
    }

    init?(stored: String) {
        if stored.hasPrefix("site:") {
            self = .followed(String(stored.dropFirst(5)))
        } else if stored.hasPrefix("url:") {
            self = .address(String(stored.dropFirst(4)))
        } else if stored == "demo:" {
            self = .demo
        } else {
            return nil
        }
    }
}

extension SiteContent {
    /// The last list printed, kept in the state attached to this site's cache.
    public var shownList: ShownList { ShownList(database: store.database) }

    /// Printed lines of this site, as the last list printed keeps them. None when the cache
    /// never learnt the site's root (nothing was fetched).
    public func shownItems(_ numbered: [(number: Int, kind: ShownList.Item.Kind, id: Int)], via: SiteVia) throws -> [ShownList.Item] {
        guard let root = try cachedRoot() else { return [] }
        return numbered.map { ShownList.Item(number: $0.number, siteRoot: root, via: via, kind: $0.kind, id: $0.id) }
    }
}
