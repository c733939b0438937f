import Foundation
import HTTPClient
import Synchronization
import WordPressAPI

/// Where commands get their stories. It decides between the cache and the site: within the
/// freshness window no request is made; past it the site is asked, and when the site cannot
/// be reached the cached copy is served, saying how old it is.
public final class ContentManager: Sendable {
    private let site: SiteChoice
    private let store: StoryStore
    private let connection: SiteConnection
    private let freshness: Freshness
    private let pruneAfter: TimeInterval
    private let mode: FetchMode
    private let clock: @Sendable () -> Date

    public init(
        site: SiteChoice, database: AppDatabase, http: HTTPClient,
        freshness: Freshness = Freshness(), pruneAfter: TimeInterval = 30 * 86_400, mode: FetchMode = .normal,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.site = site
        store = StoryStore(database: database)
        let remembered = site.knownRoot ?? (try? store.site(forAddress: site.address))?.root
        connection = SiteConnection(address: site.address, knownRoot: remembered, http: http)
        self.freshness = freshness
        self.pruneAfter = pruneAfter
        self.mode = site.isSnapshot ? .offline : mode
        self.clock = clock
    }

    // MARK: The one shared instance

    private static let configured = Mutex<ContentManager?>(nil)

    /// The instance the commands use, configured once at start-up by the executable.
    public static var shared: ContentManager? { configured.withLock { $0 } }

    public static func configureShared(_ manager: ContentManager) {
        configured.withLock { $0 = $0 ?? manager }
    }

    // MARK: Lists

    /// The newest stories, by date.
    public func latest(page: Int = 1, perPage: Int = 10, detail: StoryDetail = .full) async throws -> StoryList {
        let query = PostQuery(page: page, perPage: perPage)
        return try await list(key: "latest?page=\(page)&per_page=\(perPage)", query: query, detail: detail) { api in
            (try await Self.posts(query, api: api), nil)
        }.list
    }

    /// Stories tagged `tagSlug`; the sticky posts when the site has no such tag or it is empty.
    public func featured(
        tagSlug: String = "featured", page: Int = 1, perPage: Int = 10, detail: StoryDetail = .full
    ) async throws -> FeaturedStories {
        let key = "featured?tag=\(tagSlug)&page=\(page)&per_page=\(perPage)"
        let query = PostQuery(page: page, perPage: perPage)
        let (list, note) = try await list(key: key, query: query, detail: detail) { api in
            // WordPress answers an empty or unknown slug with other tags: match it exactly.
            let tag = try await api.fetch(Endpoints.tags(slug: tagSlug)).first { $0.slug.value == tagSlug }
            if let tag, (tag.count ?? 0) > 0 {
                var tagged = query
                tagged.tagIDs = [tag.id]
                return (try await Self.posts(tagged, api: api), FeaturedStories.Source.tag(name: tag.name.plain, slug: tagSlug).note)
            }
            var sticky = query
            sticky.sticky = true
            return (try await Self.posts(sticky, api: api), FeaturedStories.Source.sticky(missingTag: tagSlug, tagExists: tag != nil).note)
        }
        return FeaturedStories(list: list, source: FeaturedStories.Source(note: note, tagSlug: tagSlug))
    }

    /// Marks the stories of a list shown to the user as seen (not for `--json` runs).
    public func markSeen(_ list: StoryList) throws {
        guard let siteID = try cachedSiteID() else { return }
        try store.markSeen(list.stories, site: siteID, at: clock())
    }

    private typealias Fetch = @Sendable (WordPressClient) async throws -> (APIPage<WPPost>, note: String?)

    private func list(key: String, query: PostQuery, detail: StoryDetail, fetch: Fetch) async throws -> (list: StoryList, note: String?) {
        let now = clock()
        let siteID = try cachedSiteID()
        let cached = try siteID.flatMap { try store.listing(site: $0, query: key) }
        if let siteID, let cached, mode == .offline || (mode == .normal && now.timeIntervalSince(cached.record.fetchedAt) < freshness.lists) {
            let completed = try await completeNames(cached, site: siteID, key: key, detail: detail)
            return (StoryList(completed, query: query, origin: .cache(fetchedAt: completed.record.fetchedAt)), completed.record.note)
        }
        guard mode != .offline else { throw site.isSnapshot ? NewsError.notInDemo : NewsError.notCached(site: site.address) }
        do {
            let fresh = try await fetchAndStore(key: key, detail: detail, knownSite: siteID, fetch: fetch)
            return (StoryList(fresh, query: query, origin: .network), fresh.record.note)
        } catch let error where Self.meansUnreachable(error) {
            guard let cached else { throw error }
            let origin = StoryList.Origin.staleCache(fetchedAt: cached.record.fetchedAt, reason: String(describing: error))
            return (StoryList(cached, query: query, origin: origin), cached.record.note)
        }
    }

    private func fetchAndStore(key: String, detail: StoryDetail, knownSite: Int64?, fetch: Fetch) async throws -> CachedListing {
        let now = clock()
        let known = try knownSite.map { try store.knownNames(site: $0, fetchedSince: now.addingTimeInterval(-freshness.terms)) } ?? StoryNames()
        let ((page, note, prefetched), api) = try await connection.run { api in
            // Fresh names from an earlier run make the prefetch unnecessary.
            async let prefetched = known.authors.isEmpty ? NameFetcher(api: api).prefetch() : StoryNames()
            let (page, note) = try await fetch(api)
            return (page, note, try await prefetched)
        }
        let siteID = try store.register(root: api.root, address: site.address)
        let names = prefetched.merging(known)
        let missing = NameNeeds(page.items, detail: detail).subtracting(names)
        let fetched = missing.isEmpty ? StoryNames() : try await NameFetcher(api: api).fetch(missing)
        let saved = FetchedPage(posts: page.items, names: prefetched.merging(fetched), total: page.total, totalPages: page.totalPages)
        try store.save(saved, site: siteID, query: key, note: note, at: now)
        try CacheMaintenance(database: store.database).pruneIfDue(olderThan: pruneAfter, now: now)
        guard let listing = try store.listing(site: siteID, query: key) else { throw NewsError.cacheLost }
        return listing
    }

    /// A cached list shown in full detail may lack tag and image names: ask for them once.
    private func completeNames(_ cached: CachedListing, site siteID: Int64, key: String, detail: StoryDetail) async throws -> CachedListing {
        let missing = NameNeeds(cached.storyRecords, detail: detail).subtracting(cached.names)
        guard !missing.isEmpty, mode != .offline,
              let names = try? await connection.run({ api in try await NameFetcher(api: api).fetch(missing) }).value
        else { return cached }
        try store.save(names, site: siteID, at: clock())
        return try store.listing(site: siteID, query: key) ?? cached
    }

    /// The site's id in the cache, without asking the site.
    private func cachedSiteID() throws -> Int64? {
        if let root = site.knownRoot { return try store.register(root: root, address: nil) }
        return try store.site(forAddress: site.address)?.id
    }

    private static func posts(_ query: PostQuery, api: WordPressClient) async throws -> APIPage<WPPost> {
        do {
            return try await api.page(Endpoints.posts(query))
        } catch WordPressError.api(_, "rest_post_invalid_page_number", _, _) {
            // WordPress's error does not say where the end is: ask.
            var first = query
            first.page = 1
            let totals = try await api.page(Endpoints.postIDs(first))
            throw NewsError.pageOutOfRange(page: query.page, totalPages: totals.totalPages ?? 0)
        }
    }

    /// Failures after which the cached copy is the best answer: the network, or a server in trouble.
    private static func meansUnreachable(_ error: any Error) -> Bool {
        switch error {
        case is HTTPError: true
        case WordPressError.httpStatus(let status, _), WordPressError.api(let status, _, _, _): status >= 500
        default: false
        }
    }
}

/// Which site commands read, as the user named it.
public struct SiteChoice: Sendable, Hashable {
    /// The URL the user gave, or the configured site's URL.
    public let address: String
    /// The API root remembered from an earlier discovery (configured sites).
    public let knownRoot: APIRoot?
    /// The bundled demo: a snapshot, always read offline.
    public let isSnapshot: Bool

    public init(address: String, knownRoot: APIRoot? = nil, isSnapshot: Bool = false) {
        self.address = address
        self.knownRoot = knownRoot
        self.isSnapshot = isSnapshot
    }
}

/// The featured list and where it came from.
public struct FeaturedStories: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        case tag(name: String, slug: String)
        /// No posts carry the tag, so these are the sticky posts.
        case sticky(missingTag: String, tagExists: Bool)

        /// How the cache remembers it.
        var note: String {
            switch self {
            case .tag(let name, _): "tag:" + name
            case .sticky(_, let tagExists): tagExists ? "sticky:empty-tag" : "sticky:no-tag"
            }
        }

        init(note: String?, tagSlug: String) {
            switch note {
            case "sticky:empty-tag": self = .sticky(missingTag: tagSlug, tagExists: true)
            case "sticky:no-tag": self = .sticky(missingTag: tagSlug, tagExists: false)
            default: self = .tag(name: note.map { String($0.dropFirst("tag:".count)) } ?? tagSlug, slug: tagSlug)
            }
        }
    }

    public let list: StoryList
    public let source: Source
}

extension StoryList {
    init(_ cached: CachedListing, query: PostQuery, origin: Origin) {
        self.init(stories: cached.stories, page: query.page, perPage: query.perPage,
                  total: cached.record.total, totalPages: cached.record.totalPages, origin: origin)
    }
}
