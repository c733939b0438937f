import Foundation
import WordPressAPI

/// Story lists: the latest, the featured, a category's, a tag's, an author's, a search's.
extension SiteContent {
    /// The newest stories, by date.
    public func latest(page: Int = 1, perPage: Int = 10, detail: StoryDetail = .full) async throws -> StoryList {
        try await stories(.latest(page: page, perPage: perPage), detail: detail)
    }

    /// A list whose query says it all: latest, a category's (pass its descendants' ids too),
    /// a tag's, an author's, a search's.
    public func stories(_ list: ListQuery, detail: StoryDetail = .full) async throws -> StoryList {
        let query = list.posts
        // A dated list is asked for whole: catching up would ask past its dates.
        return try await self.list(list, detail: detail, changes: list.window == nil ? query : nil) { api in
            (try await Self.posts(query, api: api), nil)
        }.list
    }

    /// Stories tagged `tagSlug` (a tag's name works too); the sticky posts when the site has
    /// no such tag or it is empty.
    public func featured(
        tagSlug: String = "featured", page: Int = 1, perPage: Int = 10, detail: StoryDetail = .full
    ) async throws -> FeaturedStories {
        let query = PostQuery(page: page, perPage: perPage)
        let (list, source) = try await list(.featured(tag: tagSlug, page: page, perPage: perPage), detail: detail) { api in
            let tag = try await Self.featuredTag(tagSlug, api: api)
            if let tag, (tag.count ?? 0) > 0 {
                var tagged = query
                tagged.tagIDs = [tag.id]
                return (try await Self.posts(tagged, api: api), FeaturedStories.Source.tag(name: tag.name.plain, slug: tag.slug.value))
            }
            var sticky = query
            sticky.sticky = true
            return (try await Self.posts(sticky, api: api), FeaturedStories.Source.sticky(missingTag: tagSlug, tagExists: tag != nil))
        }
        return FeaturedStories(list: list, source: source ?? .tag(name: tagSlug, slug: tagSlug))
    }

    /// The tag by slug; failing that, by name (`--featured-tag "Top Stories"`). WordPress
    /// answers an empty or unknown slug with other tags, so the match is checked here.
    private static func featuredTag(_ text: String, api: WordPressClient) async throws -> WPTerm? {
        if let bySlug = try await api.fetch(Endpoints.tags(slug: text)).first(where: { $0.slug.value == text }) { return bySlug }
        return try await api.fetch(Endpoints.tags(search: text)).first { $0.name.plain.lowercased() == text.lowercased() }
    }

    /// These posts, in this order, named as a list's stories are (and, as in any list, not
    /// the hidden ones).
    func storiesByID(_ ids: [Int], detail: StoryDetail) async throws -> StoryList {
        let family = "posts?ids=" + ids.map(String.init).joined(separator: ",")
        return try await list(.byID(family: family, count: ids.count), detail: detail) { api in
            let posts = try await api.fetch(Endpoints.posts(ids: ids))
            let order = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            return (APIPage(items: posts.sorted { order[$0.id, default: 0] < order[$1.id, default: 0] }, total: nil, totalPages: nil), nil)
        }.list
    }

    /// Remembers the stories of a list shown to the user as seen (not for `--json` runs).
    public func markSeen(_ stories: [Story]) throws {
        guard let siteID = try cachedSiteID() else { return }
        try readingMarks.markSeen(stories, site: siteID, at: clock())
    }

    // MARK: How a list is found

    private typealias Fetch = @Sendable (WordPressClient) async throws -> (APIPage<WPPost>, featuredSource: FeaturedStories.Source?)

    /// `changes`: the query `fetch` makes, when a stale copy may be caught up with only the
    /// posts changed since (`catchUp`).
    private func list(
        _ list: ListQuery, detail: StoryDetail, changes: PostQuery? = nil, fetch: Fetch
    ) async throws -> (list: StoryList, featuredSource: FeaturedStories.Source?) {
        let siteID = try cachedSiteID()
        let exact = try siteID.flatMap { try store.listing(site: $0, query: list.key) }
        // A page of another size that holds this one (the pages of 100 `--all` just fetched)
        // answers as well as its own copy while it is the fresher: no request, nothing stored.
        let covering = try siteID.flatMap { siteID -> CachedListing? in
            guard exact.map({ clock().timeIntervalSince($0.record.checkedAt) >= freshness.lists }) ?? true else { return nil }
            return try store.coveringListing(site: siteID, family: list.family, page: list.page, perPage: list.perPage)
        }
        let cached = [exact, covering].compactMap { $0 }.max { $0.record.checkedAt < $1.record.checkedAt }
            .map { Cached(value: $0, checkedAt: $0.record.checkedAt) }
        let (listing, origin) = try await resolve(list.description, freshFor: freshness.lists, cached: cached, fallback: {
            // A page another page size or `--all` fetched covers this one just as well; with
            // the whole archive cached, any category's, tag's or author's list can be made.
            guard let siteID else { return nil }
            let found = try store.coveringListing(site: siteID, family: list.family, page: list.page, perPage: list.perPage)
                ?? list.archiveFilter.flatMap { try store.archiveListing(site: siteID, filter: $0, page: list.page, perPage: list.perPage) }
            return found.map { Cached(value: $0, checkedAt: $0.record.checkedAt) }
        }) {
            try await fromAPIOrFeed(api: {
                if mode == .normal, let siteID, let exact, let changes,
                   let caughtUp = try await catchUp(exact, with: changes, site: siteID, key: list.key, detail: detail) {
                    return caughtUp
                }
                return try await fetchAndStore(list, detail: detail, knownSite: siteID, fetch: fetch)
            }, feed: { client in
                if let window = list.window { return try await keptListing(list, window: window, feed: client) }
                return try await fetchFeedAndStore(list, feed: client, siteID: siteID, cached: exact)
            })
        }
        let completed = origin == .network ? listing : try await completeNames(listing, site: siteID, detail: detail)
        return (StoryList(completed, page: list.page, perPage: list.perPage, origin: origin), completed.record.featuredSource(tagSlug: list.featuredTag))
    }

    /// A feed cannot be asked for dates: a dated list of a site read through its feed is made
    /// of the stories the cache holds, once the undated list has brought them up to date (a
    /// feed that cannot be read leaves the cache as it is). The page is not stored: the next
    /// ask reads the cache anew.
    private func keptListing(_ list: ListQuery, window: DateWindow, feed client: FeedClient) async throws -> CachedListing {
        guard var filter = list.undated.archiveFilter else { throw NewsError.missing("searches by date", from: client.root, site: site.label) }
        // A web feed keeps its items' tags as categories.
        if client.root.isWebFeed, case .tag(let id) = filter { filter = .categories([id]) }
        let held = try cachedSiteID().flatMap { try store.listing(site: $0, query: list.undated.key) }
        _ = try? await fetchFeedAndStore(list.undated, feed: client, siteID: try cachedSiteID(), cached: held)
        guard let siteID = try cachedSiteID(),
              let listing = try store.keptListing(site: siteID, filter: filter, window: window, page: list.page, perPage: list.perPage, at: clock())
        else { throw NewsError.pageOutOfRange(page: list.page, totalPages: max(1, list.page - 1)) }
        return listing
    }

    /// Whether the site is read through its feeds, which have no dates to ask by: a dated
    /// list of it is made from the cache.
    public var readsDatesFromCache: Bool {
        get async { await readsThroughFeed }
    }

    /// A full fetch every so often notices posts deleted or moved out of a list, which
    /// catching up cannot.
    static let fullFetchInterval: TimeInterval = 3600

    /// Brings a stale first page up to date with only the posts changed since the list's own
    /// newest change and those dated after its newest post (`changes`). On the test bed that
    /// costs about what the page does (two small answers on two cores); on a server with
    /// cores to spare it is the cheaper query. New and newly matching posts take their places
    /// by date and add to the totals. Nil when only a full fetch will do: a later page (new
    /// posts shift it), a search (ordered by relevance), a list last fetched in full over an
    /// hour ago, more than a page of changes, or a site that ignores `modified_after`.
    private func catchUp(
        _ cached: CachedListing, with query: PostQuery, site siteID: Int64, key: ListKey, detail: StoryDetail
    ) async throws -> CachedListing? {
        let now = clock()
        guard query.page == 1, query.search == nil, now.timeIntervalSince(cached.record.fetchedAt) < Self.fullFetchInterval,
              let since = cached.record.changesSince,
              // A second early on both: WordPress compares whole seconds and `after` is strict.
              let changes = try await changes(
                to: query, modifiedAfter: since.addingTimeInterval(-1),
                publishedAfter: (cached.storyRecords.map(\.date).max() ?? since).addingTimeInterval(-1),
                site: siteID, detail: detail, allPages: false
              )
        else { return nil }

        var dates = Dictionary(cached.storyRecords.map { ($0.id, $0.date) }, uniquingKeysWith: { first, _ in first })
        for post in changes.posts { dates[post.id] = post.dateGMT.date }
        let listed = dates.sorted { ($0.value, $0.key) > ($1.value, $1.key) }.prefix(query.perPage).map(\.key)
        // A post that now makes the page and was not on it is new to the list, or newly matches it.
        let added = listed.filter { !cached.record.storyIds.contains($0) }.count
        let total = cached.record.total.map { $0 + added }
        let totalPages = total.map { max(1, ($0 + query.perPage - 1) / query.perPage) } ?? cached.record.totalPages
        let changesSince = max(since, changes.posts.map(\.modifiedGMT.date).max() ?? since)
        let page = FetchedPage(posts: changes.posts, names: changes.names, total: total, totalPages: totalPages)
        return try writeToCache(root: changes.root) { store, siteID in
            try store.saveCatchUp(page, listed: listed, changesSince: changesSince, site: siteID, query: key, at: now)
            guard let caughtUp = try store.listing(site: siteID, query: key) else { throw NewsError.cacheLost }
            return caughtUp
        }
    }

    /// Posts of `query` modified after `modifiedAfter` (`modified_after`) or dated after
    /// `publishedAfter` (`after`: a scheduled post is published without a new modified time),
    /// asked for at once, with the names `detail` needs. Not stored: the caller decides what
    /// they change. `allPages`: every page of 100 (watch after a night away); otherwise nil
    /// when the changes fill more than one. Nil for a site that ignores `modified_after`
    /// (WordPress before 5.7, noticed here once and remembered).
    func changes(
        to query: PostQuery, modifiedAfter: Date, publishedAfter: Date, site siteID: Int64?, detail: StoryDetail, allPages: Bool
    ) async throws -> PostChanges? {
        if let siteID, try store.ignoresModifiedAfter(site: siteID) { return nil }
        var edited = query, published = query
        (edited.page, published.page) = (1, 1)
        (edited.perPage, published.perPage) = (100, 100)
        edited.modifiedAfter = modifiedAfter
        published.publishedAfter = publishedAfter
        let (editedEndpoint, publishedEndpoint) = (Endpoints.posts(edited), Endpoints.posts(published))
        let ((edits, news), api) = try await run { api in
            async let edits = api.page(editedEndpoint)
            async let news = api.page(publishedEndpoint)
            return try await (edits, news)
        }
        if edits.items.contains(where: { $0.modifiedGMT.date < modifiedAfter }) {
            try writeToCache(root: api.root) { store, siteID in try store.rememberIgnoresModifiedAfter(site: siteID) }
            return nil
        }
        var posts = edits.items + news.items
        for (first, query) in [(edits, edited), (news, published)] where (first.totalPages ?? 1) > 1 {
            guard allPages else { return nil }
            for page in 2...(first.totalPages ?? 1) {
                var next = query
                next.page = page
                posts += try await api.page(Endpoints.posts(next)).items
            }
        }
        let unique = Array(Dictionary(posts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }).values)
        let held = try heldNames(for: unique, site: siteID, at: clock())
        let names = try await NameFetcher(api: api).fetch(NameNeeds(unique, detail: detail).subtracting(held.fresh))
        return PostChanges(posts: unique, names: names, root: api.root, serverDate: [edits.serverDate, news.serverDate].compactMap { $0 }.min())
    }

    private func fetchAndStore(_ list: ListQuery, detail: StoryDetail, knownSite: Int64?, fetch: Fetch) async throws -> CachedListing {
        let now = clock()
        let prefetches = try knownSite.map { try !store.holdsAuthors(site: $0, fetchedSince: namesFreshSince(now)) } ?? true
        let ((page, featuredSource, prefetched), api) = try await run { api in
            // Fresh names from an earlier run make the prefetch unnecessary.
            async let prefetched = prefetches ? NameFetcher(api: api).prefetch() : StoryNames()
            let (page, featuredSource) = try await fetch(api)
            return (page, featuredSource, try await prefetched)
        }
        let held = try heldNames(for: page.items, site: knownSite, at: now)
        let needs = NameNeeds(page.items, detail: detail).subtracting(prefetched.merging(held.fresh))
        let fetched = prefetched.merging(try await NameFetcher(api: api).fetch(needs))
        let listing = try writeToCache(root: api.root) { store, siteID in
            // Names read for another site (the address leads to another API root now) are not this one's.
            let saved = FetchedPage(posts: page.items, names: fetched, total: page.total, totalPages: page.totalPages,
                                    held: siteID == knownSite ? held.held : nil)
            return try store.save(saved, site: siteID, query: list.key, windowOf: list.window.map { _ in list.undated.family },
                                  featuredSource: featuredSource, at: now)
        }
        pruneIfDue(now: now)
        return listing
    }

    /// A cached list shown in full detail may lack tag and image names: ask for them once.
    private func completeNames(_ cached: CachedListing, site siteID: Int64?, detail: StoryDetail) async throws -> CachedListing {
        let missing = NameNeeds(cached.storyRecords, detail: detail).subtracting(cached.names)
        // The names are extra to a list the cache answered: if the site cannot give them now,
        // the list still shows without them, as it does offline.
        guard let siteID, !missing.isEmpty, mode != .offline,
              let names = try? await run({ api in try await NameFetcher(api: api).fetch(missing) }).value
        else { return cached }
        try store.save(names, site: siteID, at: clock())
        return try store.listing(cached.record, site: siteID)
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
}

/// Posts that changed on a site, as `SiteContent.changes` found them.
struct PostChanges: Sendable {
    let posts: [WPPost]
    let names: StoryNames
    let root: APIRoot
    /// The server's clock when it answered, if it said.
    let serverDate: Date?
}

/// A list as the cache knows it.
public enum ListQuery: Sendable, Hashable {
    case latest(page: Int, perPage: Int)
    case featured(tag: String, page: Int, perPage: Int)
    case category(ids: [Int], page: Int, perPage: Int)
    case tag(id: Int, page: Int, perPage: Int)
    case author(id: Int, page: Int, perPage: Int)
    case search(text: String, page: Int, perPage: Int)
    /// Posts asked for by id (the stories of a search over posts and pages).
    case byID(family: String, count: Int)
    /// Another list's stories published within a window (`--before`, `--after`, the app's `:`).
    indirect case dated(ListQuery, DateWindow)

    /// This list within `window`; itself when the window is open.
    public func within(_ window: DateWindow) -> ListQuery {
        window.isOpen ? undated : .dated(undated, window)
    }

    /// The list whatever its dates.
    public var undated: ListQuery {
        if case .dated(let list, _) = self { list } else { self }
    }

    /// The dates it is kept within; nil for an undated list.
    public var window: DateWindow? {
        if case .dated(_, let window) = self { window } else { nil }
    }

    /// What the list is, whatever the page: pages of one family can stand in for each other
    /// when the site cannot be asked.
    var family: String {
        switch self {
        case .latest: "latest"
        case .featured(let tag, _, _): "featured?tag=\(tag)"
        case .category(let ids, _, _): "category?ids=\(ids.map(String.init).joined(separator: ","))"
        case .tag(let id, _, _): "tag?id=\(id)"
        case .author(let id, _, _): "author?id=\(id)"
        case .search(let text, _, _): "search?q=\(text)"
        case .byID(let family, _): family
        // Its own family, so a dated page never stands in for the undated list, nor for another window.
        case .dated(let list, let window): list.family + window.familySuffix
        }
    }

    public var page: Int {
        switch self {
        case .latest(let page, _), .featured(_, let page, _), .category(_, let page, _), .tag(_, let page, _),
             .author(_, let page, _), .search(_, let page, _): page
        case .byID: 1
        case .dated(let list, _): list.page
        }
    }

    public var perPage: Int {
        switch self {
        case .latest(_, let perPage), .featured(_, _, let perPage), .category(_, _, let perPage), .tag(_, _, let perPage),
             .author(_, _, let perPage), .search(_, _, let perPage): perPage
        case .byID(_, let count): count
        case .dated(let list, _): list.perPage
        }
    }

    /// How the cache keys it.
    var key: ListKey { ListKey(family: family, page: page, perPage: perPage) }

    /// The tag a featured list asked for; nil for other lists.
    var featuredTag: String? {
        if case .featured(let tag, _, _) = undated { tag } else { nil }
    }

    /// How to find the list in a cached archive of the whole site; nil for lists the archive
    /// cannot answer (relevance, the featured tag's choice).
    var archiveFilter: StoryStore.ArchiveFilter? {
        switch self {
        case .latest: .all
        case .category(let ids, _, _): .categories(ids)
        case .tag(let id, _, _): .tag(id)
        case .author(let id, _, _): .author(id)
        case .featured, .search, .byID, .dated: nil
        }
    }

    /// For people: what is missing from an offline copy.
    var description: String {
        let page = "page \(page) of "
        switch self {
        case .latest: return page + "the latest stories"
        case .featured: return page + "the featured stories"
        case .category: return page + "that category's stories"
        case .tag: return page + "that tag's stories"
        case .author: return page + "that author's stories"
        case .search(let text, _, _): return page + "the results for '\(text)'"
        case .byID: return "those stories"
        case .dated(let list, _): return list.description + " within those dates"
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
        case .byID(_, let count): PostQuery(perPage: count)
        case .dated(let list, let window): list.posts.within(window)
        }
    }
}

extension PostQuery {
    /// The query kept to a window's dates.
    fileprivate func within(_ window: DateWindow) -> PostQuery {
        var query = self
        query.publishedBefore = window.before
        // WordPress's `after` is strict and compares whole seconds: a second early keeps a
        // post published at the very start.
        query.publishedAfter = window.after?.addingTimeInterval(-1)
        query.oldestFirst = window.oldestFirst
        return query
    }
}

/// The dates a list keeps to: posts published before `before` and at or after `after`.
public struct DateWindow: Sendable, Hashable {
    public var before: Date?
    public var after: Date?
    /// The oldest first, so a page holds the stories nearest `after`: the app loading those
    /// above the first it shows.
    public var oldestFirst: Bool

    public init(before: Date? = nil, after: Date? = nil, oldestFirst: Bool = false) {
        self.before = before
        self.after = after
        self.oldestFirst = oldestFirst
    }

    /// No dates to keep to.
    public var isOpen: Bool { before == nil && after == nil }

    /// What a dated list's family adds to its list's, in whole seconds as WordPress compares.
    var familySuffix: String {
        let seconds = { (date: Date?) in date.map { String(Int64($0.timeIntervalSince1970.rounded(.down))) } ?? "" }
        return "|before=\(seconds(before))|after=\(seconds(after))" + (oldestFirst ? "|oldest-first" : "")
    }
}

/// A page of a list as the cache keys it: its family (`ListQuery.family`), page and page size.
struct ListKey: Sendable, Hashable {
    let family: String
    let page: Int
    let perPage: Int
}

/// The featured list and where it came from.
public struct FeaturedStories: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        case tag(name: String, slug: String)
        /// No posts carry the tag, so these are the sticky posts.
        case sticky(missingTag: String, tagExists: Bool)
        /// The site is read through its feed, which marks nothing featured: its first stories.
        case feed

        /// Which of them, as the cache's `listing.featuredBy` column holds it.
        enum Kind: String, Sendable {
            case tag, stickyEmptyTag, stickyNoTag, feed
        }

        /// How the cache remembers it: the kind, and the tag's name for a tag's stories.
        var stored: (kind: Kind, tagName: String?) {
            switch self {
            case .tag(let name, _): (.tag, name)
            case .sticky(_, let tagExists): (tagExists ? .stickyEmptyTag : .stickyNoTag, nil)
            case .feed: (.feed, nil)
            }
        }

        /// As the cache remembers it, the tag asked for giving what the cache does not keep.
        init(stored kind: Kind, tagName: String?, tagSlug: String) {
            switch kind {
            case .tag: self = .tag(name: tagName ?? tagSlug, slug: tagSlug)
            case .stickyEmptyTag: self = .sticky(missingTag: tagSlug, tagExists: true)
            case .stickyNoTag: self = .sticky(missingTag: tagSlug, tagExists: false)
            case .feed: self = .feed
            }
        }
    }

    public let list: StoryList
    public let source: Source
}

extension StoryList {
    /// Every list is made here, from the cache, so every list leaves out what the user hid.
    init(_ cached: CachedListing, page: Int, perPage: Int, origin: Origin) {
        let (stories, hiddenCount) = cached.stories.withoutHidden()
        self.init(stories: stories, page: page, perPage: perPage, total: cached.record.total,
                  totalPages: cached.record.totalPages, origin: origin, hiddenCount: hiddenCount)
    }
}
