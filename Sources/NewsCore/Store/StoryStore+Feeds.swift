import Foundation
import GRDB
import WordPressAPI

/// What a site's feed server said last: the validators of each feed copy held and the poll
/// interval it asked for (`feedValidators`), and the last failure to fetch the feed (`siteFacts`).
extension StoryStore {
    /// The interval the feed at `url` asked for in the copy held (`Feed.pollInterval`).
    func feedPollInterval(site: Int64, url: String) throws -> Int? {
        try database.read { db in
            try Int.fetchOne(db, sql: "SELECT pollInterval FROM feedValidators WHERE siteId = ? AND url = ?", arguments: [site, url])
        }
    }

    func feedValidators(site: Int64, url: String) throws -> FeedValidators? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT etag, lastModified FROM feedValidators WHERE siteId = ? AND url = ?", arguments: [site, url])
                .map { FeedValidators(etag: $0["etag"], lastModified: $0["lastModified"]) }
        }
    }

    /// A fetch of the feed at `url` succeeded: its copy's validators and the poll interval it
    /// asks for are kept (a 304's copy keeps those it had: `validators` nil), and the site's
    /// last failure is forgotten.
    func feedFetched(site: Int64, url: String, validators: FeedValidators?, pollInterval: Int?) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE siteFacts SET feedError = NULL, feedErrorAt = NULL WHERE siteId = ? AND feedError IS NOT NULL",
                           arguments: [site])
            guard let validators else { return }
            try db.execute(sql: """
                INSERT INTO feedValidators (siteId, url, etag, lastModified, pollInterval) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (siteId, url) DO UPDATE SET
                    etag = excluded.etag, lastModified = excluded.lastModified, pollInterval = excluded.pollInterval
                """, arguments: [site, url, validators.etag, validators.lastModified, pollInterval])
        }
    }

    /// The list's copy is still the site's: it counts as checked now (`checkedAt`).
    func renewListing(site: Int64, query: ListKey, at now: Date) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE listing SET caughtUpAt = ? WHERE siteId = ? AND family = ? AND page = ? AND perPage = ?",
                           arguments: [now.stored, site, query.family, query.page, query.perPage])
        }
    }

    func feedError(site: Int64) throws -> FeedFailure? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT feedError, feedErrorAt FROM siteFacts WHERE siteId = ?", arguments: [site]).flatMap { row in
                guard let line: String = row["feedError"], let at: Double = row["feedErrorAt"] else { return nil }
                return FeedFailure(problem: line, at: Date(timeIntervalSince1970: at))
            }
        }
    }

    /// Remembers why the feed could not be fetched, until a fetch succeeds (`feedFetched`).
    func rememberFeedError(_ failure: FeedFailure, site: Int64) throws {
        try database.write { db in
            try Self.setFacts(["feedError": failure.problem, "feedErrorAt": failure.at.stored], site: site, db)
        }
    }
}

/// The last time a site's feed could not be fetched, and why, in a few words (`HTTP 503`,
/// `unreachable`, `unreadable feed`).
public struct FeedFailure: Sendable, Hashable {
    public let problem: String
    public let at: Date

    public init(problem: String, at: Date) {
        self.problem = problem
        self.at = at
    }
}
