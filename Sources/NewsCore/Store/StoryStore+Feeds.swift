import Foundation
import GRDB
import WordPressAPI

/// What a site's feed server said last: the validators of each stored copy of a feed and the
/// poll interval it asked for (`feedValidators`, per `FeedCopy`), and the last failure to
/// fetch the feed (`siteFacts`).
extension StoryStore {
    /// The interval the feed at `url` asked for in `copy` (`Feed.pollInterval`).
    func feedPollInterval(site: Int64, url: String, copy: FeedCopy) throws -> Int? {
        try database.read { db in
            try Int.fetchOne(db, sql: "SELECT pollInterval FROM feedValidators WHERE siteId = ? AND url = ? AND copy = ?",
                             arguments: [site, url, copy.stored])
        }
    }

    func feedValidators(site: Int64, url: String, copy: FeedCopy) throws -> FeedValidators? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT etag, lastModified FROM feedValidators WHERE siteId = ? AND url = ? AND copy = ?",
                             arguments: [site, url, copy.stored])
                .map { FeedValidators(etag: $0["etag"], lastModified: $0["lastModified"]) }
        }
    }

    /// `copy` is stored from what `fetch` got: its validators and the poll interval the feed
    /// asks for are kept with it (a 304's copy keeps those it had). Called only once the copy
    /// is written, so no validators ever stand for a copy that is not there.
    func keepValidators(of fetch: FeedFetch, copy: FeedCopy, site: Int64) throws {
        guard let validators = fetch.validators else { return }
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO feedValidators (siteId, url, copy, etag, lastModified, pollInterval) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (siteId, url, copy) DO UPDATE SET
                    etag = excluded.etag, lastModified = excluded.lastModified, pollInterval = excluded.pollInterval
                """, arguments: [site, fetch.url, copy.stored, validators.etag, validators.lastModified, fetch.pollInterval])
        }
    }

    /// A fetch of the site's feed succeeded: its last failure is forgotten.
    func forgetFeedError(site: Int64) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE siteFacts SET feedError = NULL, feedErrorAt = NULL WHERE siteId = ? AND feedError IS NOT NULL",
                           arguments: [site])
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

    /// Remembers why the feed could not be fetched, until a fetch succeeds (`forgetFeedError`).
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
