import Foundation
import HTTPClient
import Synchronization
import WordPressAPI

/// Where commands get their stories. It decides between the cache and the site: within the
/// freshness window no request is made; past it the site is asked, and when the site cannot
/// be reached the cached copy is served, saying how old it is.
public final class ContentManager: Sendable {
    private let site: SiteChoice
    let store: StoryStore
    private let connection: SiteConnection
    private let http: HTTPClient
    let freshness: Freshness
    private let pruneAfter: TimeInterval
    let mode: FetchMode
    let clock: @Sendable () -> Date

    public init(
        site: SiteChoice, database: AppDatabase, http: HTTPClient,
        freshness: Freshness = Freshness(), pruneAfter: TimeInterval = 30 * 86_400, mode: FetchMode = .normal,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.site = site
        store = StoryStore(database: database)
        let remembered = site.knownRoot ?? (try? store.site(forAddress: site.address))?.root
        connection = SiteConnection(address: site.address, knownRoot: remembered, http: http)
        self.http = http
        self.freshness = freshness
        self.pruneAfter = pruneAfter
        self.mode = site.isSnapshot ? .offline : mode
        self.clock = clock
    }

    /// Gets the network ready in the background when a screen knows it will need it soon.
    public func prepareNetwork() {
        guard mode != .offline else { return }
        Task.detached { [http] in http.prepare() }
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
        try await stories(.latest(page: page, perPage: perPage), detail: detail)
    }

    /// A list whose query says it all: latest, a category's (pass its descendants' ids too),
    /// a tag's, an author's, a search's.
    public func stories(_ list: ListQuery, detail: StoryDetail = .full) async throws -> StoryList {
        let query = list.posts
        return try await self.list(key: list.key, query: query, detail: detail, changes: query) { api in
            (try await Self.posts(query, api: api), nil)
        }.list
    }

    /// These posts, in this order, named as a list's stories are.
    func storiesByID(_ ids: [Int], detail: StoryDetail) async throws -> [Story] {
        let key = "posts?ids=" + ids.map(String.init).joined(separator: ",")
        let list = try await list(key: key, query: PostQuery(perPage: ids.count), detail: detail) { api in
            let posts = try await api.fetch(Endpoints.posts(ids: ids))
            let order = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            return (APIPage(items: posts.sorted { order[$0.id, default: 0] < order[$1.id, default: 0] }, total: nil, totalPages: nil), nil)
        }.list
        return list.stories
    }

    /// Runs a request on the site's API (discovering it first when needed).
    func run<Value: Sendable>(_ request: @Sendable (WordPressClient) async throws -> Value) async throws -> Value {
        try await connection.run(request).value
    }

    var siteAddress: String { site.address }

    /// The tag with this slug, from the cache while fresh, else with one small request.
    func lookupTag(slug: String) async throws -> Tag? {
        let now = clock()
        if let siteID = try cachedSiteID(), let cached = try store.term(.tag, slug: slug, site: siteID),
           mode == .offline || now.timeIntervalSince(cached.fetchedAt) < freshness.terms {
            return Tag(cached)
        }
        guard mode != .offline else { return nil }
        let (terms, api) = try await connection.run { api in try await api.fetch(Endpoints.tags(slug: slug)) }
        guard let term = terms.first(where: { $0.slug.value == slug }) else { return nil }
        let tag = Tag(term)
        var names = StoryNames()
        names.tags[tag.id] = tag
        try store.save(names, site: try store.register(root: api.root, address: site.address), at: now)
        return tag
    }

    /// All of a taxonomy's terms: cached while fresh; else every page, the first alone (it
    /// tells how many there are), the rest at once.
    func allTerms(_ taxonomy: TermRecord.Taxonomy, endpoint: @escaping @Sendable (Int) -> Endpoint<[WPTerm]>) async throws -> [TermRecord] {
        let now = clock()
        let siteID = try cachedSiteID()
        let freshSince = mode == .normal ? now.addingTimeInterval(-freshness.terms) : nil
        if mode != .refresh, let siteID, let cached = try store.allTerms(taxonomy, site: siteID, fetchedSince: freshSince) {
            return cached
        }
        guard mode != .offline else { throw NewsError.notCached(site: site.address) }
        do {
            let (terms, api) = try await connection.run { api in
                let first = try await api.page(endpoint(1))
                return try await withThrowingTaskGroup(of: (Int, [WPTerm]).self) { group in
                    for page in stride(from: 2, through: first.totalPages ?? 1, by: 1) {
                        group.addTask { (page, try await api.fetch(endpoint(page))) }
                    }
                    var pages = [1: first.items]
                    for try await (page, items) in group { pages[page] = items }
                    return pages.keys.sorted().flatMap { pages[$0]! }
                }
            }
            let id = try store.register(root: api.root, address: site.address)
            let records = terms.map {
                TermRecord(siteId: id, taxonomy: taxonomy, id: $0.id, name: $0.name.plain, slug: $0.slug.value,
                           parent: $0.parent.flatMap { $0 == 0 ? nil : $0 }, count: $0.count, fetchedAt: now)
            }
            try store.saveAllTerms(records, taxonomy, site: id, at: now)
            return records
        } catch let error where Self.meansUnreachable(error) {
            guard let siteID, let cached = try store.allTerms(taxonomy, site: siteID, fetchedSince: nil) else { throw error }
            return cached
        }
    }

    /// Stories tagged `tagSlug`; the sticky posts when the site has no such tag or it is empty.
    public func featured(
        tagSlug: String = "featured", page: Int = 1, perPage: Int = 10, detail: StoryDetail = .full
    ) async throws -> FeaturedStories {
        let key = ListQuery.featured(tag: tagSlug, page: page, perPage: perPage).key
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

    /// Marks the stories of a list shown to the user as seen (not for `--json` runs), and
    /// remembers the list for `read -n`.
    public func markSeen(_ list: StoryList, query: ListQuery) throws {
        guard let siteID = try cachedSiteID() else { return }
        try store.markSeen(list.stories, site: siteID, at: clock())
        try store.rememberShownList(site: siteID, query: query.key, firstNumber: (list.page - 1) * list.perPage + 1)
    }

    // MARK: Reading

    /// A story with its content: from the cache while fresh (or offline), else from the site.
    public func article(_ reference: StoryReference, password: String? = nil) async throws -> StoryArticle {
        let now = clock()
        let siteID = try cachedSiteID()
        let cached = try siteID.flatMap { try cachedArticle(reference, site: $0) }
        if let cached, let content = cached.record.content, let fetchedAt = cached.record.contentFetchedAt, password == nil,
           mode == .offline || (mode == .normal && now.timeIntervalSince(fetchedAt) < freshness.content) {
            return StoryArticle(story: cached.story, html: content, origin: .cache(fetchedAt: fetchedAt))
        }
        guard mode != .offline else {
            throw cached == nil ? NewsError.noStory(reference.description, site: site.address) : NewsError.notCached(site: site.address)
        }
        do {
            return try await fetchArticle(reference, knownID: cached?.story.id, password: password)
        } catch let error where Self.meansUnreachable(error) {
            guard let cached, let content = cached.record.content, let fetchedAt = cached.record.contentFetchedAt else { throw error }
            return StoryArticle(story: cached.story, html: content, origin: .staleCache(fetchedAt: fetchedAt, reason: String(describing: error)))
        }
    }

    /// Marks a story read: lists dim it, and `--unread` leaves it out.
    public func markRead(_ story: Story) throws {
        guard let siteID = try cachedSiteID() else { return }
        try store.markRead(storyID: story.id, site: siteID, at: clock())
    }

    /// The story's comments, oldest first; threads are the caller's to draw.
    public func comments(for story: Story) async throws -> [Comment] {
        guard mode != .offline else { return [] }
        return try await connection.run { api in try await api.fetch(Endpoints.comments(postID: story.id)) }.value.map(Comment.init)
    }

    private func cachedArticle(_ reference: StoryReference, site siteID: Int64) throws -> CachedArticle? {
        switch reference {
        case .id(let id): return try store.article(site: siteID, id: id)
        case .slug(let slug): return try store.article(site: siteID, slug: slug)
        case .listNumber(let number):
            let shown = try store.storyID(number: number)
            guard shown.site == siteID, let id = shown.id else { throw NewsError.noListNumber(number, shown: shown.site == siteID ? shown.shown : nil) }
            return try store.article(site: siteID, id: id)
        }
    }

    private func fetchArticle(_ reference: StoryReference, knownID: Int?, password: String?) async throws -> StoryArticle {
        let now = clock()
        let address = site.address
        let (post, api) = try await connection.run { api -> WPPost in
            do {
                if let id = knownID ?? reference.id { return try await api.fetch(Endpoints.post(id: id, password: password)) }
                guard case .slug(let slug) = reference, let post = try await api.fetch(Endpoints.posts(slug: slug)).first else {
                    throw NewsError.noStory(reference.description, site: address)
                }
                return post
            } catch WordPressError.api(404, _, _, _) {
                throw NewsError.noStory(reference.description, site: address)
            } catch WordPressError.api(_, "rest_post_incorrect_password", _, _) {
                throw NewsError.wrongPassword(id: knownID ?? reference.id ?? 0)
            }
        }
        if post.content?.isProtected == true, post.content?.html.isEmpty != false {
            throw NewsError.passwordRequired(id: post.id)
        }
        let siteID = try store.register(root: api.root, address: site.address)
        let names = try await NameFetcher(api: api).fetch(NameNeeds([post], detail: .full).subtracting(try freshNames(site: siteID, at: now)))
        try store.saveArticle(post, names: names, site: siteID, at: now)
        guard let saved = try store.article(site: siteID, id: post.id) else { throw NewsError.cacheLost }
        return StoryArticle(story: saved.story, html: post.content?.html ?? "", origin: .network)
    }

    // MARK: Pages

    /// The site's pages (the "More" tab: About and friends), by menu order.
    public func pages() async throws -> [Page] {
        let now = clock()
        let siteID = try cachedSiteID()
        if mode == .offline {
            guard let siteID else { throw NewsError.notCached(site: site.address) }
            return try store.pages(site: siteID).map(Page.init)
        }
        do {
            let (pages, api) = try await connection.run { api in try await api.fetch(Endpoints.pages()) }
            let id = try store.register(root: api.root, address: site.address)
            try store.savePages(pages, site: id, at: now)
            return pages.map(Page.init)
        } catch let error where Self.meansUnreachable(error) {
            let cached = try siteID.map { try store.pages(site: $0) } ?? []
            guard !cached.isEmpty else { throw error }
            return cached.map(Page.init)
        }
    }

    /// One page with its content, by slug or id.
    public func page(_ reference: String) async throws -> Page {
        let siteID = try cachedSiteID()
        let cachedPage = try siteID.flatMap { try store.pages(site: $0).first { $0.slug == reference || String($0.id) == reference } }
        if let cachedPage, cachedPage.content != nil, mode == .offline || (mode == .normal && clock().timeIntervalSince(cachedPage.fetchedAt) < freshness.content) {
            return Page(cachedPage)
        }
        guard mode != .offline else { throw NewsError.noPage(reference, site: site.address) }
        do {
            let (page, api) = try await connection.run { api -> WPPage? in
                guard let id = Int(reference) else { return try await api.fetch(Endpoints.pages(slug: reference)).first }
                do {
                    return try await api.fetch(Endpoints.page(id: id))
                } catch WordPressError.api(404, _, _, _) {
                    return nil
                }
            }
            guard let page else { throw NewsError.noPage(reference, site: site.address) }
            try store.savePages([page], site: try store.register(root: api.root, address: site.address), at: clock())
            return Page(page)
        } catch let error where Self.meansUnreachable(error) {
            guard let cachedPage, cachedPage.content != nil else { throw error }
            return Page(cachedPage)
        }
    }

    private typealias Fetch = @Sendable (WordPressClient) async throws -> (APIPage<WPPost>, note: String?)

    /// `changes`: the query `fetch` makes, when a stale copy may be caught up with only the
    /// posts changed since (`catchUp`).
    private func list(
        key: String, query: PostQuery, detail: StoryDetail, changes: PostQuery? = nil, fetch: Fetch
    ) async throws -> (list: StoryList, note: String?) {
        let now = clock()
        let siteID = try cachedSiteID()
        let cached = try siteID.flatMap { try store.listing(site: $0, query: key) }
        if let siteID, let cached, mode == .offline || (mode == .normal && now.timeIntervalSince(cached.record.checkedAt) < freshness.lists) {
            let completed = try await completeNames(cached, site: siteID, key: key, detail: detail)
            return (StoryList(completed, query: query, origin: .cache(fetchedAt: completed.record.checkedAt)), completed.record.note)
        }
        guard mode != .offline else { throw site.isSnapshot ? NewsError.notInDemo : NewsError.notCached(site: site.address) }
        do {
            if mode == .normal, let siteID, let cached, let changes,
               let caughtUp = try await catchUp(cached, with: changes, site: siteID, key: key, detail: detail) {
                return (StoryList(caughtUp, query: query, origin: .network), caughtUp.record.note)
            }
            let fresh = try await fetchAndStore(key: key, detail: detail, knownSite: siteID, fetch: fetch)
            return (StoryList(fresh, query: query, origin: .network), fresh.record.note)
        } catch let error where Self.meansUnreachable(error) {
            guard let cached else { throw error }
            let origin = StoryList.Origin.staleCache(fetchedAt: cached.record.checkedAt, reason: String(describing: error))
            return (StoryList(cached, query: query, origin: origin), cached.record.note)
        }
    }

    /// A full fetch every so often notices posts deleted or moved out of a list, which
    /// catching up cannot.
    static let fullFetchInterval: TimeInterval = 3600

    /// Brings a stale first page up to date by asking only for what changed since the list's
    /// own newest change (`modified_after`) and for posts dated after its newest one (`after`:
    /// a scheduled post is published without a new modified time), at once. On the test bed
    /// that costs about what the page does (two small answers on two cores); on a server
    /// with cores to spare it is the cheaper query. New and newly matching posts take their
    /// places by date and add to the totals. Nil when only a full fetch will do: a later page
    /// (new posts shift it), a search (ordered by relevance), a list last fetched in full
    /// over an hour ago, more than a page of changes, or a site that ignores `modified_after`.
    private func catchUp(
        _ cached: CachedListing, with query: PostQuery, site siteID: Int64, key: String, detail: StoryDetail
    ) async throws -> CachedListing? {
        let now = clock()
        guard query.page == 1, query.search == nil, now.timeIntervalSince(cached.record.fetchedAt) < Self.fullFetchInterval,
              let since = cached.record.changesSince, try !store.ignoresModifiedAfter(site: siteID) else { return nil }
        // A second early on both: WordPress compares whole seconds and "after" is strict.
        var edited = query, published = query
        (edited.perPage, published.perPage) = (100, 100)
        edited.modifiedAfter = since.addingTimeInterval(-1)
        published.publishedAfter = (cached.storyRecords.map(\.date).max() ?? since).addingTimeInterval(-1)
        let (editedEndpoint, publishedEndpoint) = (Endpoints.posts(edited), Endpoints.posts(published))
        let ((edits, news), api) = try await connection.run { api in
            async let edits = api.page(editedEndpoint)
            async let news = api.page(publishedEndpoint)
            return try await (edits, news)
        }
        // WordPress before 5.7 ignores modified_after and answers with the newest posts.
        if edits.items.contains(where: { $0.modifiedGMT.date < since.addingTimeInterval(-1) }) {
            try store.rememberIgnoresModifiedAfter(site: siteID)
            return nil
        }
        guard (edits.totalPages ?? 1) <= 1, (news.totalPages ?? 1) <= 1 else { return nil }
        let changes = Dictionary((edits.items + news.items).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }).values
        let names = try await NameFetcher(api: api).fetch(NameNeeds(Array(changes), detail: detail).subtracting(try freshNames(site: siteID, at: now)))

        var dates = Dictionary(cached.storyRecords.map { ($0.id, $0.date) }, uniquingKeysWith: { first, _ in first })
        for post in changes { dates[post.id] = post.dateGMT.date }
        let listed = dates.sorted { ($0.value, $0.key) > ($1.value, $1.key) }.prefix(query.perPage).map(\.key)
        // A post that now makes the page and was not on it is new to the list, or newly matches it.
        let added = listed.filter { !cached.record.storyIds.contains($0) }.count
        let total = cached.record.total.map { $0 + added }
        let totalPages = total.map { max(1, ($0 + query.perPage - 1) / query.perPage) } ?? cached.record.totalPages
        let changesSince = max(since, changes.map(\.modifiedGMT.date).max() ?? since)
        try store.saveCatchUp(FetchedPage(posts: Array(changes), names: names, total: total, totalPages: totalPages),
                              listed: listed, changesSince: changesSince, site: siteID, query: key, at: now)
        guard let caughtUp = try store.listing(site: siteID, query: key) else { throw NewsError.cacheLost }
        return try await completeNames(caughtUp, site: siteID, key: key, detail: detail)
    }

    private func fetchAndStore(key: String, detail: StoryDetail, knownSite: Int64?, fetch: Fetch) async throws -> CachedListing {
        let now = clock()
        let known = try knownSite.map { try freshNames(site: $0, at: now) } ?? StoryNames()
        let ((page, note, prefetched), api) = try await connection.run { api in
            // Fresh names from an earlier run make the prefetch unnecessary.
            async let prefetched = known.authors.isEmpty ? NameFetcher(api: api).prefetch() : StoryNames()
            let (page, note) = try await fetch(api)
            return (page, note, try await prefetched)
        }
        let siteID = try store.register(root: api.root, address: site.address)
        let names = prefetched.merging(known)
        let fetched = try await NameFetcher(api: api).fetch(NameNeeds(page.items, detail: detail).subtracting(names))
        let saved = FetchedPage(posts: page.items, names: prefetched.merging(fetched), total: page.total, totalPages: page.totalPages)
        try store.save(saved, site: siteID, query: key, note: note, at: now)
        try CacheMaintenance(database: store.database).pruneIfDue(olderThan: pruneAfter, now: now)
        guard let listing = try store.listing(site: siteID, query: key) else { throw NewsError.cacheLost }
        return listing
    }

    /// Authors and categories the cache holds within the terms' freshness: they name a list
    /// without asking the site.
    private func freshNames(site siteID: Int64, at now: Date) throws -> StoryNames {
        try store.knownNames(site: siteID, fetchedSince: now.addingTimeInterval(-freshness.terms))
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
    func cachedSiteID() throws -> Int64? {
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
    static func meansUnreachable(_ error: any Error) -> Bool {
        switch error {
        case is HTTPError: true
        case WordPressError.httpStatus(let status, _), WordPressError.api(let status, _, _, _): status >= 500
        default: false
        }
    }
}

/// A list as the cache knows it.
public enum ListQuery: Sendable, Hashable {
    case latest(page: Int, perPage: Int)
    case featured(tag: String, page: Int, perPage: Int)
    case category(ids: [Int], page: Int, perPage: Int)
    case tag(id: Int, page: Int, perPage: Int)
    case author(id: Int, page: Int, perPage: Int)
    case search(text: String, page: Int, perPage: Int)

    var key: String {
        switch self {
        case .latest(let page, let perPage): "latest?page=\(page)&per_page=\(perPage)"
        case .featured(let tag, let page, let perPage): "featured?tag=\(tag)&page=\(page)&per_page=\(perPage)"
        case .category(let ids, let page, let perPage):
            "category?ids=\(ids.map(String.init).joined(separator: ","))&page=\(page)&per_page=\(perPage)"
        case .tag(let id, let page, let perPage): "tag?id=\(id)&page=\(page)&per_page=\(perPage)"
        case .author(let id, let page, let perPage): "author?id=\(id)&page=\(page)&per_page=\(perPage)"
        case .search(let text, let page, let perPage): "search?page=\(page)&per_page=\(perPage)&q=\(text)"
        }
    }

    /// The posts query that answers it (featured decides its own).
    var posts: PostQuery {
        switch self {
        case .latest(let page, let perPage), .featured(_, let page, let perPage): PostQuery(page: page, perPage: perPage)
        case .category(let ids, let page, let perPage): PostQuery(page: page, perPage: perPage, categoryIDs: ids)
        case .tag(let id, let page, let perPage): PostQuery(page: page, perPage: perPage, tagIDs: [id])
        case .author(let id, let page, let perPage): PostQuery(page: page, perPage: perPage, authorID: id)
        case .search(let text, let page, let perPage): PostQuery(search: text, page: page, perPage: perPage)
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
