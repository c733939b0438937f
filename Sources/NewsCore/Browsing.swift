import Foundation
import WordPressAPI

/// Categories, tags and authors: the site's terms, and the stories filed under one.
extension SiteContent {
    /// All of a taxonomy's terms: the first page alone (it tells how many there are), the
    /// rest at once.
    func allTerms(_ taxonomy: TermRecord.Taxonomy, endpoint: @escaping @Sendable (Int) -> Endpoint<[WPTerm]>) async throws -> [TermRecord] {
        let siteID = try cachedSiteID()
        let cached = try siteID.flatMap { try store.allTerms(taxonomy, site: $0) }.map { Cached(value: $0.terms, checkedAt: $0.fetchedAt) }
        let what = taxonomy == .category ? "the site's categories" : "the site's tags"
        return try await resolve(what, plural: true, freshFor: freshness.terms, cached: cached) {
            let now = clock()
            let (terms, api) = try await run { [progress] api in
                let first = try await api.page(endpoint(1))
                let total = first.totalPages ?? 1
                return try await withThrowingTaskGroup(of: (Int, [WPTerm]).self) { group in
                    for page in stride(from: 2, through: total, by: 1) {
                        group.addTask { (page, try await api.fetch(endpoint(page))) }
                    }
                    var pages = [1: first.items]
                    for try await (page, items) in group {
                        pages[page] = items
                        progress("\(what) · page \(pages.count) of \(total)")
                    }
                    return pages.keys.sorted().flatMap { pages[$0]! }
                }
            }
            return try writeToCache(root: api.root) { store, siteID in
                let records = terms.map {
                    TermRecord(siteId: siteID, taxonomy: taxonomy, id: $0.id, name: $0.name.plain, slug: $0.slug.value,
                               parent: $0.parent.flatMap { $0 == 0 ? nil : $0 }, count: $0.count, fetchedAt: now)
                }
                try store.saveAllTerms(records, taxonomy, site: siteID, at: now)
                return records
            }
        }.value
    }

    /// The tag with this slug, from the cache while fresh, else with one small request.
    func lookupTag(slug: String) async throws -> Tag? {
        let now = clock()
        if let siteID = try cachedSiteID(), let cached = try store.term(.tag, slug: slug, site: siteID),
           mode == .offline || now.timeIntervalSince(cached.fetchedAt) < freshness.terms {
            return Tag(cached)
        }
        guard mode != .offline else { return nil }
        let (terms, api) = try await run { api in try await api.fetch(Endpoints.tags(slug: slug)) }
        guard let term = terms.first(where: { $0.slug.value == slug }) else { return nil }
        let tag = Tag(term)
        var names = StoryNames()
        names.tags[tag.id] = tag
        try writeToCache(root: api.root) { store, siteID in try store.save(names, site: siteID, at: now) }
        return tag
    }

    /// Every category, from the cache while fresh; a web feed's, those its items were filed under.
    public func categories() async throws -> [Category] {
        if await isWebFeed { return try await keptCategories() }
        do {
            return try await allTerms(.category) { page in Endpoints.allCategories(page: page) }.map(Category.init)
        } catch NewsError.notInWebFeed {
            // Found to be a web feed by this very request.
            return try await keptCategories()
        }
    }

    /// The categories of every item kept of a web feed, by name; the feed is read first
    /// when its latest items are not fresh.
    private func keptCategories() async throws -> [Category] {
        _ = try await latest(page: 1, perPage: 1, detail: .summary)
        guard let siteID = try cachedSiteID() else { return [] }
        let counts = try store.storyCounts(site: siteID)
        return try store.terms(.category, site: siteID).map { term in
            Category(id: term.id, name: term.name, slug: term.slug, parent: nil, count: counts[term.id] ?? 0)
        }.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// Every tag: the first page tells how many pages there are; the rest come at once.
    public func tags() async throws -> [Tag] {
        try await allTerms(.tag) { page in Endpoints.allTags(page: page) }.map(Tag.init)
    }

    /// The tags a cloud shows, asked for as such: the heaviest N (one request up to 100), or
    /// every tag used at least N times (pages by weight until they run lighter), rather than
    /// every tag of a site that may have ten thousand. `siteTotal` is how many the site has.
    public func tags(_ choice: TagChoice) async throws -> (tags: [Tag], siteTotal: Int) {
        if case .all = choice {
            let all = try await tags()
            return (all, all.count)
        }
        let siteID = try cachedSiteID()
        let fresh = try siteID.flatMap { try store.heaviestTags(site: $0, covering: choice) }
        let (found, _) = try await resolve("the site's tags", plural: true, freshFor: freshness.terms, cached: fresh.map { Cached(value: $0.tags, checkedAt: $0.fetchedAt) }) {
            let now = clock()
            let (pages, api) = try await run { api in try await Self.heaviestTags(choice, api: api) }
            try writeToCache(root: api.root) { store, siteID in
                try store.saveHeaviestTags(pages.tags, siteTotal: pages.siteTotal, site: siteID, at: now)
            }
            return HeaviestTags(tags: pages.tags, siteTotal: pages.siteTotal)
        }
        let chosen = switch choice {
        case .heaviest(let count): Array(found.tags.prefix(count))
        case .atLeast(let count): found.tags.filter { ($0.count ?? 0) >= count }
        case .all: found.tags
        }
        return (chosen, found.siteTotal)
    }

    /// Pages of tags by weight, one after another, until the choice is covered.
    private static func heaviestTags(_ choice: TagChoice, api: WordPressClient) async throws -> HeaviestTags {
        let perPage = if case .heaviest(let count) = choice { min(max(count, 1), 100) } else { 100 }
        var tags: [Tag] = []
        var page = 1
        while true {
            let answer = try await api.page(Endpoints.heaviestTags(page: page, perPage: perPage))
            tags += answer.items.map(Tag.init)
            let covered = switch choice {
            case .heaviest(let count): tags.count >= count
            case .atLeast(let count): (answer.items.last?.count ?? 0) < count
            case .all: false
            }
            if covered || page >= (answer.totalPages ?? 1) || answer.items.isEmpty {
                return HeaviestTags(tags: tags, siteTotal: answer.total ?? tags.count)
            }
            page += 1
        }
    }

    /// A category by slug, id or name (any case), with its descendants.
    public func category(_ text: String) async throws -> (category: Category, descendants: [Category]) {
        let all = try await fromAPIOrFeed(api: { try await categories() }, feed: { client -> [Category] in
            // A web feed's are those its items carry; no category tree through a WordPress
            // feed: its category feed has the children's stories.
            client.root.isWebFeed ? try await keptCategories() : [try feedTerm(text, root: client.root)]
        })
        guard let category = Self.match(text, in: all, id: \.id, slug: \.slug, name: \.name) else {
            throw NewsError.noTerm(kind: "category", text, suggestions: all.map(\.slug))
        }
        return (category, CategoryTree(all).descendants(of: category.id))
    }

    /// A tag by slug, id or name. A site may have thousands: the slug is asked for first,
    /// then WordPress's search by name, never every tag.
    public func tag(_ text: String) async throws -> Tag {
        try await fromAPIOrFeed(api: { try await siteTag(text) }, feed: { client in
            let term = try feedTerm(text, root: client.root)
            return Tag(id: term.id, name: term.name, slug: term.slug)
        })
    }

    /// The site's tags whose name or slug holds `text`, the most used first: what the cloud
    /// of the heaviest leaves out. A site read through its feed has none.
    public func tags(matching text: String, limit: Int) async throws -> [Tag] {
        if mode == .offline {
            // The copy holds the tags lists named, which is all there is to search offline.
            let kept = try cachedSiteID().map { try store.terms(.tag, site: $0).map(Tag.init) } ?? []
            return Array(kept.filter { $0.name.lowercased().contains(text.lowercased()) || $0.slug.contains(text.lowercased()) }.prefix(limit))
        }
        return try await fromAPIOrFeed(api: {
            try await run { api in try await api.fetch(Endpoints.tags(search: text, perPage: limit)) }.value.map(Tag.init)
        }, feed: { client -> [Tag] in throw NewsError.missing("tags", from: client.root, site: site.label) })
    }

    private func siteTag(_ text: String) async throws -> Tag {
        if let tag = try await lookupTag(slug: text) { return tag }
        let found: [Tag]
        if mode == .offline {
            found = try cachedSiteID().map { try store.terms(.tag, site: $0).map(Tag.init) } ?? []
        } else {
            found = try await run { api in try await api.fetch(Endpoints.tags(search: text)) }.value.map(Tag.init)
        }
        guard let tag = Self.match(text, in: found, id: \.id, slug: \.slug, name: \.name) else {
            // The copy holds the tags lists named, not every tag: the site may well have it.
            if mode == .offline { throw notInCopy("the tag '\(text)'") }
            throw NewsError.noTerm(kind: "tag", text, suggestions: found.sorted { ($0.count ?? 0) > ($1.count ?? 0) }.map(\.slug))
        }
        return tag
    }

    /// An author by slug, id or name: offline, among the authors the cache knows.
    public func author(_ text: String) async throws -> Author {
        guard mode != .offline else {
            let known = try cachedSiteID().map { try store.authors(site: $0) } ?? []
            // As the site's own search would: a part of a name or slug names the one author who has it.
            let partly = known.filter { $0.name.lowercased().contains(text.lowercased()) || $0.slug.contains(text.lowercased()) }
            guard let author = Self.match(text, in: known, id: \.id, slug: \.slug, name: \.name) ?? (partly.count == 1 ? partly.first : nil) else {
                throw notInCopy("the author '\(text)'")
            }
            return author
        }
        let users: [Author] = try await fromAPIOrFeed(api: {
            try await run { api in
                let bySlug = try await api.fetch(Endpoints.users(matching: text, bySlug: true))
                return bySlug.isEmpty ? try await api.fetch(Endpoints.users(matching: text, bySlug: false)) : bySlug
            }.value.map(Author.init)
        }, feed: { client -> [Author] in throw NewsError.missing("lists by author", from: client.root, site: site.label) })
        guard let author = Self.match(text, in: users, id: \.id, slug: \.slug, name: \.name) ?? (users.count == 1 ? users.first : nil) else {
            throw NewsError.noTerm(kind: "author", text, suggestions: users.map(\.slug))
        }
        return author
    }

    /// The term whose id, slug or name (any case) is `text`.
    static func match<Term>(_ text: String, in terms: [Term], id: KeyPath<Term, Int>, slug: KeyPath<Term, String>,
                            name: KeyPath<Term, String>) -> Term? {
        let lowered = text.lowercased()
        return terms.first { Int(text) == $0[keyPath: id] }
            ?? terms.first { $0[keyPath: slug] == text || $0[keyPath: slug] == lowered }
            ?? terms.first { $0[keyPath: name].lowercased() == lowered }
    }
}

/// Which tags to show, so that only those are asked for.
public enum TagChoice: Sendable, Hashable {
    /// The N most used.
    case heaviest(Int)
    /// Every tag used at least N times.
    case atLeast(Int)
    case all
}

/// The heaviest tags fetched, in order of weight, and how many the site has in all.
struct HeaviestTags: Sendable {
    let tags: [Tag]
    let siteTotal: Int
}

