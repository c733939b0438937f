import Foundation
import WordPressAPI

/// Reading: a story with its content, its comments; the site's pages.
extension SiteContent {
    /// A story with its content: from the cache while fresh (or offline), else from the site.
    /// A password is sent only when the story is protected; an open story reads as usual.
    public func article(_ reference: StoryReference, password: String? = nil) async throws -> StoryArticle {
        let siteID = try cachedSiteID()
        let record = try siteID.flatMap { try cachedArticle(reference, site: $0) }
        let cached = record.flatMap { article -> Cached<StoryArticle>? in
            guard let content = article.record.content, let fetchedAt = article.record.contentFetchedAt else { return nil }
            return Cached(value: StoryArticle(story: article.story, html: content, origin: .network), checkedAt: fetchedAt)
        }
        let (article, origin) = try await resolve("story \(reference.description)", freshFor: freshness.content, cached: cached) {
            try await fromAPIOrFeed(api: { try await fetchArticle(reference, knownID: record?.story.id, password: password) },
                                   feed: { client in try await fetchArticleFromFeed(record.map { .id($0.story.id) } ?? reference, feed: client) })
        }
        return StoryArticle(story: article.story, html: article.html, origin: origin)
    }

    /// The story's comments, oldest first; threads are the caller's to draw. They are not
    /// kept in the cache, so offline they are "not in the offline copy", never an empty list.
    public func comments(for story: Story, password: String? = nil) async throws -> [Comment] {
        try await comments(postID: story.id, of: "story \(story.id)", password: password)
    }

    /// A page's comments, as a story's: WordPress keeps both under the post's id.
    public func comments(forPage pageID: Int) async throws -> [Comment] {
        try await comments(postID: pageID, of: "page \(pageID)", password: nil)
    }

    private func comments(postID: Int, of what: String, password: String?) async throws -> [Comment] {
        try await resolve("the comments of \(what)", plural: true, freshFor: 0, cached: nil as Cached<[Comment]>?) {
            try await run { api in try await api.fetch(Endpoints.comments(postID: postID, password: password)) }.value.map(Comment.init)
        }.value
    }

    private func cachedArticle(_ reference: StoryReference, site siteID: Int64) throws -> CachedArticle? {
        switch reference {
        case .id(let id): try store.article(site: siteID, id: id)
        case .slug(let slug): try store.article(site: siteID, slug: slug)
        }
    }

    private func fetchArticle(_ reference: StoryReference, knownID: Int?, password: String?) async throws -> StoryArticle {
        let now = clock()
        let label = site.label
        let (post, api) = try await run { api -> WPPost in
            do {
                var post: WPPost
                if let id = knownID ?? reference.id {
                    post = try await api.fetch(Endpoints.post(id: id))
                } else if case .slug(let slug) = reference, let found = try await api.fetch(Endpoints.posts(slug: slug)).first {
                    post = found
                } else if case .slug(let slug) = reference, try await !api.fetch(Endpoints.pages(slug: slug)).isEmpty {
                    // A page's address gives its slug too; asked only when no story has it.
                    throw NewsError.storyIsAPage(slug: slug, site: label)
                } else {
                    throw NewsError.noStory(reference.description, site: label)
                }
                // Only a protected story is asked for again with its password.
                if let password, post.isProtected {
                    post = try await api.fetch(Endpoints.post(id: post.id, password: password))
                }
                return post
            } catch WordPressError.api(404, _, _, _) {
                throw NewsError.noStory(reference.description, site: label)
            } catch WordPressError.api(_, "rest_post_incorrect_password", _, _) {
                throw NewsError.wrongPassword(story: reference.description)
            }
        }
        if post.isProtected, post.content?.html.isEmpty != false {
            throw NewsError.passwordRequired(id: post.id)
        }
        let held = try heldNames(for: [post], site: try cachedSiteID(), at: now)
        let names = try await NameFetcher(api: api).fetch(NameNeeds([post], detail: .full).subtracting(held.fresh))
        return try writeToCache(root: api.root) { store, siteID in
            try store.saveArticle(post, names: names, site: siteID, at: now)
            guard let saved = try store.article(site: siteID, id: post.id) else { throw NewsError.cacheLost }
            return StoryArticle(story: saved.story, html: post.content?.html ?? "", origin: .network)
        }
    }

    // MARK: Pages

    /// The site's pages (About and friends), by menu order, from the site or the cache alike.
    public func pages() async throws -> [Page] {
        let siteID = try cachedSiteID()
        let cached = try siteID.flatMap { id in try store.pagesList(site: id).map { Cached(value: $0.pages.map(Page.init), checkedAt: $0.fetchedAt) } }
        return try await resolve("the site's pages", plural: true, freshFor: freshness.lists, cached: cached) {
            let now = clock()
            let (pages, api) = try await run { api in try await api.fetch(Endpoints.pages()) }
            try writeToCache(root: api.root) { store, siteID in try store.savePages(pages, site: siteID, complete: true, at: now) }
            return pages.map(Page.init)
        }.value.inMenuOrder
    }

    /// One page with its content, by slug or id.
    public func page(_ reference: String) async throws -> Page {
        let siteID = try cachedSiteID()
        let cachedPage = try siteID.flatMap { try store.pages(site: $0).first { $0.slug == reference || String($0.id) == reference } }
        let cached = cachedPage.flatMap { $0.content == nil ? nil : Cached(value: Page($0), checkedAt: $0.fetchedAt) }
        let label = site.label
        return try await resolve("the page '\(reference)'", freshFor: freshness.content, cached: cached) {
            let (page, api) = try await run { api -> WPPage? in
                guard let id = Int(reference) else { return try await api.fetch(Endpoints.pages(slug: reference)).first }
                do {
                    return try await api.fetch(Endpoints.page(id: id))
                } catch WordPressError.api(404, _, _, _) {
                    return nil
                }
            }
            guard let page else { throw NewsError.noPage(reference, site: label) }
            let now = clock()
            try writeToCache(root: api.root) { store, siteID in try store.savePages([page], site: siteID, complete: false, at: now) }
            return Page(page)
        }.value
    }
}
