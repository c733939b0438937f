import Foundation
import GRDB
import HTTPClient
import Synchronization
import WordPressAPI

/// One site's stories, as `ContentManager.site` serves them. Every kind of content (lists,
/// articles, pages, terms, comments) goes through one rule, `resolve`: within its freshness
/// window the cache answers with no request; past it the site is asked, and when the site
/// cannot be reached the cached copy is served, saying how old it is. `--offline` never asks.
public final class SiteContent: Sendable {
    /// The site as chosen, until a followed web feed is found to have moved for good: then
    /// the same site at its new address (`switchToMovedWebFeed`), for the rest of the run.
    private let choice: Mutex<SiteChoice>
    var site: SiteChoice { choice.withLock { $0 } }
    let store: StoryStore
    let connection: SiteConnection
    let http: HTTPClient
    let freshness: Freshness
    private let pruneAfter: TimeInterval
    let mode: FetchMode
    let clock: @Sendable () -> Date
    /// Notices for the user (stderr, or the status line of a full screen): a fallback to
    /// plain http, a cache that could not take a write.
    let notice: @Sendable (String) -> Void
    /// How far work of many requests has got ("the site's tags · page 3 of 100"), for a
    /// progress line; never called for work of one request.
    let progress: @Sendable (String) -> Void
    /// The copies served because the site could not be reached, in order, until `copiesServed()` takes them.
    private let staleCopies = Mutex<[StoryList.Origin]>([])
    /// The site as the cache knows it, looked up once it is there, and again after each write
    /// (a write may move the address to another root: a site found to be read through its feed).
    private let cachedSite: Mutex<(id: Int64, root: APIRoot)?>

    public convenience init(
        site: SiteChoice, database: AppDatabase, http: HTTPClient,
        freshness: Freshness = Freshness(), pruneAfter: TimeInterval = 30 * 86_400, mode: FetchMode = .normal,
        clock: @escaping @Sendable () -> Date = Date.init, notice: @escaping @Sendable (String) -> Void = { _ in },
        progress: @escaping @Sendable (String) -> Void = { _ in }, wordPressCom: WordPressCom = WordPressCom()
    ) {
        let store = StoryStore(database: database)
        // A cache that cannot be read leaves the site to be discovered; its failure is said
        // when a command reads the cache.
        let cachedSite = try? Self.lookUp(site, in: store)
        self.init(
            site: site, store: store, connection: SiteConnection(
                address: site.address, knownRoot: site.knownRoot ?? cachedSite?.root, http: http, login: site.login, wordPressCom: wordPressCom, clock: clock,
                notice: notice
            ),
            cachedSite: cachedSite, http: http, freshness: freshness, pruneAfter: pruneAfter, mode: mode, clock: clock, notice: notice,
            progress: progress
        )
    }

    private init(
        site: SiteChoice, store: StoryStore, connection: SiteConnection, cachedSite: (id: Int64, root: APIRoot)?, http: HTTPClient,
        freshness: Freshness, pruneAfter: TimeInterval, mode: FetchMode, clock: @escaping @Sendable () -> Date,
        notice: @escaping @Sendable (String) -> Void, progress: @escaping @Sendable (String) -> Void
    ) {
        self.choice = Mutex(site)
        self.cachedSite = Mutex(cachedSite)
        self.store = store
        self.connection = connection
        self.http = http
        self.freshness = freshness
        self.pruneAfter = pruneAfter
        self.mode = site.isSnapshot ? .offline : mode
        self.clock = clock
        self.notice = notice
        self.progress = progress
    }

    /// The same site, cache and connection (its API root already found), asking the site
    /// whatever the cache holds: a full screen's "pull to refresh". Offline stays offline.
    public func refreshing() -> SiteContent {
        SiteContent(
            site: site, store: store, connection: connection, cachedSite: cachedSite.withLock { $0 }, http: http, freshness: freshness,
            pruneAfter: pruneAfter,
            mode: mode == .offline ? .offline : .refresh, clock: clock, notice: notice, progress: progress
        )
    }

    /// Gets the network ready in the background when a screen knows it will need it soon.
    public func prepareNetwork() {
        guard mode != .offline else { return }
        Task.detached { [http] in http.prepare() }
    }

    // MARK: The rule every kind of content follows

    /// A cached copy and when it was last known to match the site.
    struct Cached<Value> {
        let value: Value
        let checkedAt: Date
    }

    /// `what` names the content for "not in the offline copy" ("page 2 of the latest
    /// stories"; `plural` when it is several things, "the site's tags"); `cached` is the copy
    /// the cache holds, if any; `fallback` finds a copy good enough when the site cannot be
    /// asked (offline, or unreachable), by default the same; `fetch` asks the site and stores
    /// what it answers.
    func resolve<Value>(
        _ what: String, plural: Bool = false, freshFor window: TimeInterval, cached: Cached<Value>?,
        fallback: () throws -> Cached<Value>? = { nil },
        fetch: () async throws -> Value
    ) async throws -> (value: Value, origin: StoryList.Origin) {
        let now = clock()
        if let cached, mode == .offline || (mode == .normal && now.timeIntervalSince(cached.checkedAt) < window) {
            return (cached.value, .cache(fetchedAt: cached.checkedAt))
        }
        guard mode != .offline else {
            guard let copy = try fallback() else { throw notInCopy(what, plural: plural) }
            return (copy.value, .cache(fetchedAt: copy.checkedAt))
        }
        do {
            return (try await fetch(), .network)
        } catch NewsError.notInFeed {
            throw NewsError.notInFeed(what, site: site.label)
        } catch NewsError.notInWebFeed {
            throw NewsError.notInWebFeed(what, site: site.label)
        } catch let error where Self.meansUnreachable(error) {
            guard let copy = try cached ?? fallback() else { throw error }
            let origin = StoryList.Origin.staleCache(fetchedAt: copy.checkedAt, reason: ErrorMessage.line(for: error))
            staleCopies.withLock { $0.append(origin) }
            return (copy.value, origin)
        }
    }

    /// The copies served because the site could not be reached since the last call, each
    /// given once: for commands whose answers carry no origin (terms, pages) to say so, and
    /// nothing kept for the whole of a long app session.
    public func copiesServed() -> [StoryList.Origin] {
        staleCopies.withLock { copies in
            defer { copies = [] }
            return copies
        }
    }

    func notInCopy(_ what: String, plural: Bool = false) -> NewsError {
        site.isSnapshot ? .notInDemo(what, plural: plural) : .notInCopy(what, site: site.label, plural: plural)
    }

    /// Failures after which the cached copy is the best answer: the network, or a server in trouble.
    static func meansUnreachable(_ error: any Error) -> Bool {
        switch error {
        case is HTTPError: true
        case WordPressError.httpStatus(let status, _), WordPressError.api(let status, _, _, _): status >= 500
        default: false
        }
    }

    // MARK: The site and the cache

    /// Runs a request on the site's API (discovering it first when needed). On a site read
    /// through its feed, `notInFeed`: `fromAPIOrFeed` answers from the feed instead, `resolve`
    /// names what the feed lacks.
    func run<Value: Sendable>(_ request: @Sendable (WordPressClient) async throws -> Value) async throws -> (value: Value, api: WordPressClient) {
        switch try await connection.run(request) {
        case .answered(let value, let api): (value, api)
        case .readThroughFeed(let feed): throw NewsError.missing("what this command needs", from: feed.root, site: site.label)
        }
    }

    var siteAddress: String { site.address }

    /// The site's id in the cache, without asking the site and without writing.
    func cachedSiteID() throws -> Int64? {
        try knownSite()?.id
    }

    /// The API root the cache knows the site by, when it knows the site.
    public func cachedRoot() throws -> String? {
        if let root = site.knownRoot { return root.description }
        return try knownSite()?.root.description
    }

    /// The site as the cache knows it: asked of the cache only until it is found there.
    func knownSite() throws -> (id: Int64, root: APIRoot)? {
        if let known = cachedSite.withLock({ $0 }) { return known }
        let found = try Self.lookUp(site, in: store)
        if let found { cachedSite.withLock { $0 = found } }
        return found
    }

    /// A followed site by the root found when it was added, any other by its address.
    private static func lookUp(_ site: SiteChoice, in store: StoryStore) throws -> (id: Int64, root: APIRoot)? {
        if let root = site.knownRoot { return try store.siteID(root: root).map { ($0, root) } }
        return try store.site(forAddress: site.address)
    }

    /// The site's web feed moved for good to `root`, and the cache and the user's state were
    /// filed under it: every later request, read and write of this run goes there too.
    func switchToMovedWebFeed(_ root: APIRoot) async {
        choice.withLock { $0 = $0.known(as: root) }
        cachedSite.withLock { $0 = nil }
        await connection.moved(to: root)
    }

    /// Writes what was just fetched, then reads it back: the cache is the one way stories
    /// are built. When the cache cannot take the write (a full disk, a lock held too long),
    /// a copy of it in memory takes the write instead, so what was fetched is still shown,
    /// named as the cache would have named it.
    func writeToCache<T>(root: APIRoot, _ body: (StoryStore, Int64) throws -> T) throws -> T {
        do {
            let siteID = try store.register(root: root, address: site.address)
            cachedSite.withLock { $0 = (siteID, root) }
            return try body(store, siteID)
        } catch let error as DatabaseError {
            notice("warning: could not save to the cache (\(AppDatabase.reason(error))): showing what was fetched")
            let scratch = StoryStore(database: try store.database.scratchCopy())
            return try body(scratch, try scratch.register(root: root, address: site.address))
        }
    }

    /// What the cache holds of the names `posts` name, and which of those are fresh.
    func heldNames(for posts: [WPPost], site siteID: Int64?, at now: Date) throws -> HeldNames {
        guard let siteID else { return HeldNames() }
        return try store.heldNames(site: siteID, for: NameIDs(posts), fetchedSince: namesFreshSince(now))
    }

    /// The oldest fetch of a name (author, term, picture) still fresh at `now`: a name as old
    /// as `[freshness] terms_hours` is asked for again.
    func namesFreshSince(_ now: Date) -> Date {
        now.addingTimeInterval(-freshness.terms)
    }

    func pruneIfDue(now: Date) {
        // Pruning is housekeeping: a failure here must not fail the command.
        try? CacheMaintenance(database: store.database).pruneIfDue(olderThan: pruneAfter, now: now)
    }
}

/// Which site commands read, as the user named it.
public struct SiteChoice: Sendable, Hashable {
    /// The URL the user gave, or the followed site's URL.
    public let address: String
    /// The API root remembered from an earlier discovery (followed sites).
    public let knownRoot: APIRoot?
    /// The bundled demo: a snapshot, always read offline.
    public let isSnapshot: Bool
    /// How the user knows the site, for messages: a followed site's name, else the address.
    public let label: String
    /// The user wpnews signs in as, for a followed site added with `--user`.
    public let login: SiteLogin?
    /// The site's entry in sites.toml, for a followed site.
    public let followed: FollowedEntry?

    public init(
        address: String, knownRoot: APIRoot? = nil, isSnapshot: Bool = false, label: String? = nil, login: SiteLogin? = nil,
        followed: FollowedEntry? = nil
    ) {
        self.address = address
        self.knownRoot = knownRoot
        self.isSnapshot = isSnapshot
        self.label = label ?? (isSnapshot ? "the demo site" : address)
        self.login = login
        self.followed = followed
    }

    /// The same site, signed in.
    public func signedIn(_ login: SiteLogin) -> SiteChoice {
        SiteChoice(address: address, knownRoot: knownRoot, isSnapshot: isSnapshot, label: label, login: login, followed: followed)
    }

    /// The same site, known by another root (its web feed moved for good).
    func known(as root: APIRoot) -> SiteChoice {
        SiteChoice(address: address, knownRoot: root, isSnapshot: isSnapshot, label: label, login: login, followed: followed)
    }

    /// The same site, followed under `entry`'s name.
    public func following(_ entry: FollowedEntry) -> SiteChoice {
        SiteChoice(address: address, knownRoot: knownRoot, isSnapshot: isSnapshot, label: label, login: login, followed: entry)
    }
}

/// Where a followed site's entry is, for what a fetch learns that the entry must keep: its
/// feed moved for good, or is gone.
public struct FollowedEntry: Sendable, Hashable {
    public let name: String
    /// sites.toml.
    public let file: String
    /// When its feed answered 410 Gone, as the entry said when the run started.
    public let goneSince: Date?
    /// Its stories are read from their own web pages when opened (`full_text`).
    public let fullText: Bool
    /// Where the article is on its pages (`full_text_selector`).
    public let fullTextSelector: String?

    public init(name: String, file: String, goneSince: Date?, fullText: Bool = false, fullTextSelector: String? = nil) {
        self.name = name
        self.file = file
        self.goneSince = goneSince
        self.fullText = fullText
        self.fullTextSelector = fullTextSelector
    }
}
