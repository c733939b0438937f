import FeedFormats
import Foundation
import WordPressAPI

/// A site whose REST API is closed to visitors, read through its feeds: the same stories,
/// cache and lists as through the API, with what a feed cannot carry refused in one line.
extension SiteContent {
    /// `api` when the site answers its REST API; `feed` when it is read through its feed,
    /// known from the start or found when the API turned `api`'s first request away (which
    /// `run` reports as `notInFeed`).
    func fromAPIOrFeed<Value>(api: () async throws -> Value, feed: (FeedClient) async throws -> Value) async throws -> Value {
        if let client = await connection.feedClient { return try await feed(client) }
        do {
            return try await api()
        } catch let error as NewsError where error.isNotInFeed {
            guard let client = await connection.feedClient else { throw error }
            return try await feed(client)
        }
    }

    /// A list page from the site's feeds, stored as a page from the API is, the items' content
    /// with it (so `read` needs no request). Lists no feed makes (an author's) are refused.
    /// `cached`: the copy the cache holds, which a feed that has not changed (304) renews.
    func fetchFeedAndStore(_ list: ListQuery, feed client: FeedClient, siteID: Int64?, cached: CachedListing?) async throws -> CachedListing {
        if client.root.isWebFeed { return try await fetchWebFeedAndStore(list, feed: client, cached: cached) }
        guard let source = try feedList(for: list, siteID: siteID) else { throw NewsError.notInFeed(Self.missing(list), site: site.label) }
        let now = clock()
        let fetched: FeedFetch
        let feed: Feed
        do {
            fetched = try await fetchFeed(source, page: list.page, client: client, askingAbout: cached.map { _ in .list(list.key) })
            guard let changed = fetched.feed else {
                return try writeToCache(root: client.root) { store, siteID in
                    try store.renewListing(site: siteID, query: list.key, at: now)
                    guard let listing = try store.listing(site: siteID, query: list.key) else { throw NewsError.cacheLost }
                    return listing
                }
            }
            feed = changed
        } catch WordPressError.httpStatus(404, _), WordPressError.api(404, _, _, _) {
            // WordPress answers 404 for a term it does not have, and for a page past the end.
            if list.page > 1 { throw NewsError.pageOutOfRange(page: list.page, totalPages: list.page - 1) }
            throw NewsError.noTerm(kind: Self.termKind(list), Self.slug(of: source), suggestions: [])
        }
        let page = FeedStories(feed, at: now)
        let featuredSource: FeaturedStories.Source? = if case .featured = list { .feed } else { nil }
        let listing = try writeToCache(root: client.root) { store, siteID in
            let listing = try store.save(page.fetched, site: siteID, query: list.key, featuredSource: featuredSource, at: now, withContent: true)
            try store.keepValidators(of: fetched, copy: .list(list.key), site: siteID)
            return listing
        }
        pruneIfDue(now: now)
        return listing
    }

    /// A story from the site's main feed, its content as the feed has it; older stories are
    /// read from the cache, where their lists left them.
    func fetchArticleFromFeed(_ reference: StoryReference, feed client: FeedClient) async throws -> StoryArticle {
        let now = clock()
        // Not modified: the story is in the cache if the feed has it; else the whole feed, in
        // case the cache lost it.
        var fetched = try await fetchFeed(.latest, page: 1, client: client, askingAbout: .items)
        if fetched.feed == nil {
            if let article = try? savedArticle(reference, root: fetched.root) { return article }
            // The connection's client: a feed that moved for good on the way is asked at its
            // new address (`switchToMovedWebFeed`), not through the redirect again.
            fetched = try await fetchFeed(.latest, page: 1, client: await connection.feedClient ?? client, askingAbout: nil)
        }
        // Asked for unconditionally, the feed always comes.
        _ = try writeToCache(root: fetched.root) { store, siteID in
            try saveFeed(fetched.feed ?? Feed(items: []), root: fetched.root, store: store, site: siteID, at: now)
            try store.keepValidators(of: fetched, copy: .items, site: siteID)
        }
        return try savedArticle(reference, root: fetched.root)
    }

    /// A story read from the cache, as its feed gave it.
    private func savedArticle(_ reference: StoryReference, root: APIRoot) throws -> StoryArticle {
        try writeToCache(root: root) { store, siteID in
            let saved = switch reference {
            case .id(let id): try store.article(site: siteID, id: id)
            case .slug(let slug): try store.article(site: siteID, slug: slug)
            }
            guard let saved, let html = saved.record.content else { throw NewsError.noStory(reference.description, site: site.label) }
            return StoryArticle(story: saved.story, html: html, origin: .network)
        }
    }

    /// The feed that makes a list: WordPress's per-term feeds by slug (a term's feed id is
    /// made from its slug, `FeedIDs.term`, and its slug kept among the cached names).
    private func feedList(for list: ListQuery, siteID: Int64?) throws -> FeedClient.List? {
        switch list {
        case .latest, .featured: return .latest
        case .search(let text, _, _): return .search(text)
        case .category(let ids, _, _):
            return try termSlug(ids.first, siteID: siteID).map { .category(slug: $0) }
        case .tag(let id, _, _):
            return try termSlug(id, siteID: siteID).map { .tag(slug: $0) }
        // A dated list is read from the cache (`keptListing`), a feed having no dates to ask by.
        case .author, .byID, .dated: return nil
        }
    }

    /// A feed's categories and tags are all kept as categories (`feedTerm`).
    private func termSlug(_ id: Int?, siteID: Int64?) throws -> String? {
        guard let id, let siteID else { return nil }
        return try store.knownNames(site: siteID, fetchedSince: .distantPast).categories[id]?.slug
    }

    /// A category or tag by name or slug, on a site read through its feed: no list of terms
    /// to look in, so its slug is made as WordPress makes one, and kept for the list's feed.
    /// The name a feed item gave it, when one did, stays its name.
    func feedTerm(_ text: String, root: APIRoot) throws -> Category {
        let slug = Slug.of(text)
        let id = FeedIDs.term(slug)
        return try writeToCache(root: root) { store, siteID in
            if let named = try store.knownNames(site: siteID, fetchedSince: .distantPast).categories[id] { return named }
            let term = Category(id: id, name: text, slug: slug, parent: nil)
            var names = StoryNames()
            names.categories[id] = term
            try store.save(names, site: siteID, at: clock())
            return term
        }
    }

    /// What the feed does not carry, for a list it cannot make.
    static func missing(_ list: ListQuery) -> String {
        if case .author = list { "lists by author" } else { "stories by id" }
    }

    private static func termKind(_ list: ListQuery) -> String {
        if case .tag = list { "tag" } else { "category" }
    }

    private static func slug(of source: FeedClient.List) -> String {
        switch source {
        case .category(let slug), .tag(let slug): slug
        case .latest, .search: ""
        }
    }
}

/// A feed's items as posts of the site, with the names they carry.
struct FeedStories {
    let fetched: FetchedPage

    /// `webFeedItems`: a web feed's ids for its items' keys, with when each was first seen,
    /// the date of an item that gives none (`StoryStore.feedItems`); without them an item is
    /// known by its WordPress post id or the hash of its GUID. `kept`: the items stored
    /// before, by id: one whose text changed without a new date of its own is modified now.
    init(_ feed: Feed, at now: Date, webFeedItems: [String: FeedItemIdentity] = [:], kept: [Int: StoryRecord] = [:]) {
        var names = StoryNames()
        // A feed names the same few authors and categories item after item: each name's slug
        // and id are made once.
        var authors: [String: Author] = [:]
        var categoryTerms: [String: Category] = [:]
        let posts = feed.items.map { item -> WPPost in
            let author = item.author.map { name -> Int in
                let author = authors[name] ?? Author(id: FeedIDs.author(name), name: name, slug: Slug.of(name))
                authors[name] = author
                names.authors[author.id] = author
                return author.id
            }
            // A feed lists categories and tags alike, by name: they are kept as categories.
            let categories = item.categories.map { name -> Int in
                let category = categoryTerms[name] ?? {
                    let slug = Slug.of(name)
                    return Category(id: FeedIDs.term(slug), name: name, slug: slug, parent: nil)
                }()
                categoryTerms[name] = category
                names.categories[category.id] = category
                return category.id
            }
            let link = item.link ?? ""
            let identity = webFeedItems[item.key]
            let id = identity?.id ?? item.postID ?? FeedIDs.story(item.guid ?? link)
            let before = kept[id]
            let date = item.published ?? item.updated ?? identity?.firstSeen ?? now
            let (title, excerpt, article) = (RenderedText(html: item.title), RenderedText(html: item.summary ?? ""), Self.article(item, link: link))
            var modified = item.updated ?? before?.modified ?? date
            if let before, item.updated.map({ $0 <= before.modified }) ?? true,
               before.title != title.plain || before.excerpt != excerpt.plain || before.content.map({ $0 != article }) ?? false {
                modified = now
            }
            return WPPost(
                id: id,
                slug: ServerText(Self.lastPathPart(of: link)), link: ServerText(link),
                title: title, excerpt: excerpt,
                dateGMT: GMTDate(date), modifiedGMT: GMTDate(modified), author: author ?? 0,
                categories: categories, tags: [], content: RenderedContent(html: article)
            )
        }
        fetched = FetchedPage(posts: posts, names: names, total: nil, totalPages: nil)
    }

    /// What a link ends with past its last `/` but one that ends it (`https://site.example/a-story/`
    /// gives `a-story`), which stands for the story's slug; read on its bytes, as splitting the
    /// link into characters cost a 500-item feed more than its titles did.
    static func lastPathPart(of link: String) -> String {
        let bytes = link.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") { end = bytes.index(before: end) }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != UInt8(ascii: "/") { start = bytes.index(before: start) }
        return String(Substring(bytes[start..<end]))
    }

    /// `content:encoded`; for a site that publishes excerpts only, the excerpt and where the
    /// whole story is, saying so.
    private static func article(_ item: FeedItem, link: String) -> String {
        let text = if let content = item.content, !content.isEmpty {
            content
        } else {
            (item.summary ?? "") + "<p><em>The site's feed gives only this excerpt: the whole story is at <a href=\"\(escaped(link))\">\(escaped(link))</a>.</em></p>"
        }
        return text + enclosures(item.enclosures)
    }

    /// The files an item carries (a podcast's episode), each a link with its type and size,
    /// so the reader lists them among the article's links; only http and https.
    private static func enclosures(_ enclosures: [FeedEnclosure]) -> String {
        let links = enclosures.filter { $0.url.hasPrefix("https://") || $0.url.hasPrefix("http://") }.map { enclosure in
            let facts = [enclosure.type, enclosure.length.map(Self.size)].compactMap { $0 }.joined(separator: ", ")
            let what = enclosure.type.map { $0.hasPrefix("audio/") ? "Audio" : $0.hasPrefix("video/") ? "Video" : "File" } ?? "File"
            return "<li>\(what): <a href=\"\(escaped(enclosure.url))\">\(escaped(enclosure.url))</a>\(facts.isEmpty ? "" : " (\(escaped(facts)))")</li>"
        }
        return links.isEmpty ? "" : "<ul>" + links.joined() + "</ul>"
    }

    /// Bytes as a person reads them: `12.3 MB`, `640 KB`.
    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1_000: "\(bytes) bytes"
        case ..<1_000_000: "\(bytes / 1_000) KB"
        default: "\(bytes / 1_000_000).\(bytes % 1_000_000 / 100_000) MB"
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;")
    }
}

/// Ids for what a feed names without one: an item whose GUID is not WordPress's `?p=123`,
/// and every author and term (feeds name them, WordPress numbers them). They are negative,
/// so they never collide with WordPress's ids, which are all positive; and a 48-bit FNV-1a
/// hash of the GUID, name or slug, so the same item has the same id on every run (and stays
/// exact in JSON read as a double).
enum FeedIDs {
    static func story(_ guid: String) -> Int { id(of: "story " + guid) }
    static func author(_ name: String) -> Int { id(of: "author " + name) }
    static func term(_ slug: String) -> Int { id(of: "term " + slug) }

    /// The seven-digit ids of a web feed's items (`StoryStore.feedItems`): short enough to
    /// type after `read`, and positive as a post's id is.
    static let shortRange = 1_000_000...9_999_999

    /// The id an item's key hashes to.
    static func short(_ key: String) -> Int {
        shortRange.lowerBound + Int(fnv1a("item " + key) % UInt64(shortRange.count))
    }

    /// The next id to try when `id` is another item's: up the range, round to its start.
    static func nextShort(after id: Int) -> Int {
        id == shortRange.upperBound ? shortRange.lowerBound : id + 1
    }

    private static func id(of key: String) -> Int {
        -Int(fnv1a(key) & 0xFFFF_FFFF_FFFF) - 1
    }

    private static func fnv1a(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
