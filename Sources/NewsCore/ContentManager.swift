import Foundation
import HTTPClient
import Synchronization
import WordPressAPI

/// The process's one owner of what content is read through: the cache with the user's state
/// attached, and the HTTP client. It serves every site the process reads (`site`), so the
/// app's site switch and a river of sites share one per-host limit and one connection to each
/// database. Each is opened on first use: a run that reads no site (`--version`, `help`,
/// completion) opens nothing. `wpnews` uses `shared`; the tests give each run its own, over
/// their own files and servers, since many commands run at once in one test process.
public final class ContentManager: Sendable {
    /// The process's instance. Its databases are never closed: closing the last connection
    /// makes SQLite checkpoint the log and fsync (about 20 ms of a warm `latest`), work
    /// `foldLongLogs` does only when the log has grown long. The files are whole either way.
    public static let shared = ContentManager()

    private let databases = Mutex<[AppDatabase.Files: AppDatabase]>([:])
    private let client = Mutex<HTTPClient?>(nil)

    public init() {}

    /// The cache at `files.cache` with the state at `files.state` attached, opened the first
    /// time they are asked for and then shared.
    public func database(_ files: AppDatabase.Files, notice: @escaping @Sendable (String) -> Void) -> AppDatabase {
        databases.withLock { opened in
            if let database = opened[files] { return database }
            let database = AppDatabase.open(files, notice: notice)
            opened[files] = database
            return database
        }
    }

    /// The HTTP client, made by `make` the first time it is asked for: one per-host limit,
    /// one thread, one client for Ctrl-C to cancel.
    public func httpClient(_ make: () -> HTTPClient) -> HTTPClient {
        client.withLock { client in
            if let client { return client }
            let made = make()
            client = made
            return made
        }
    }

    /// A site's content, read from the cache in `files` through the one HTTP client.
    public func site(
        _ site: SiteChoice, cache files: AppDatabase.Files, mode: FetchMode, freshness: Freshness, pruneAfter: TimeInterval,
        notice: @escaping @Sendable (String) -> Void, progress: @escaping @Sendable (String) -> Void, wordPressCom: WordPressCom,
        httpClient make: () -> HTTPClient
    ) -> SiteContent {
        SiteContent(
            site: site, database: database(files, notice: notice), http: httpClient(make), freshness: freshness,
            pruneAfter: pruneAfter, mode: mode, notice: notice, progress: progress, wordPressCom: wordPressCom
        )
    }

    /// The category slugs starting with `prefix` that the cache at `cache` holds for `site`
    /// (nil: every site in the file, as in the demo's snapshot), for shell completion. A peek,
    /// not an opening: the file is read only if it exists, never created, migrated or waited
    /// for, and kept by no one (`CachedSlugs`).
    public func cachedCategorySlugs(site: SiteChoice?, cache: String, prefix: String) -> [String] {
        CachedSlugs.categories(site: site, cache: cache, prefix: prefix)
    }

    /// The tag slugs starting with `prefix` that the cache at `cache` holds for `site`, as
    /// `cachedCategorySlugs` finds them.
    public func cachedTagSlugs(site: SiteChoice?, cache: String, prefix: String) -> [String] {
        CachedSlugs.tags(site: site, cache: cache, prefix: prefix)
    }

    /// The end of a run: see `AppDatabase.foldLongLogs`.
    public func foldLongLogs() {
        for database in databases.withLock({ $0.values }) { database.foldLongLogs() }
    }
}
