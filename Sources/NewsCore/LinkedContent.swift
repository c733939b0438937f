import Foundation

/// What a link in an article names, when it is a story or a page of a site wpnews reads.
public enum LinkedContent: Sendable, Hashable {
    /// A story of the site asked, in its cache now.
    case story(Story)
    /// A page of the site asked (About and friends), in its cache now.
    case page(Page)
}

extension SiteContent {
    /// Whether the site is read through its feed rather than its REST API: then there are no
    /// lists by author, nor stories or pages to look up by slug.
    public var readsThroughFeed: Bool {
        get async { await connection.feedClient != nil }
    }

    /// Whether the address is on this site's host (`www.` or not).
    public func hosts(_ address: String) -> Bool {
        guard let key = LinkKey(address) else { return false }
        let roots = [site.address] + ((try? cachedRoot()).map { [$0] } ?? [])
        return roots.contains { root in LinkKey(root).map(key.isOnSameHost) ?? false }
    }

    /// The story or page of this site a link names, or nil when it names none that can be
    /// found (or the site cannot be asked now). A story the cache holds under that link is
    /// found without a request; else, for a WordPress site on the link's host, the API is
    /// asked what the link's WordPress forms name: `?p=ID`, `?page_id=ID`, or the last
    /// segment of a pretty permalink as a post's slug, then a page's.
    public func linkedContent(_ address: String) async -> LinkedContent? {
        guard let key = LinkKey(address) else { return nil }
        if let story = try? cachedStory(linkedAs: key) { return .story(story) }
        guard hosts(address), await !readsThroughFeed else { return nil }
        if let pageID = key.parameter("page_id").flatMap({ Int($0) }) {
            return (try? await page(String(pageID))).map(LinkedContent.page)
        }
        if let storyID = key.parameter("p").flatMap({ Int($0) }) {
            return (try? await article(.id(storyID))).map { .story($0.story) }
        }
        guard let slug = key.lastSegment.map(String.init), !Self.isArchive(key.path) else { return nil }
        do {
            return .story(try await article(.slug(slug.removingPercentEncoding ?? slug)).story)
        } catch NewsError.storyIsAPage(let slug, _) {
            return (try? await page(slug)).map(LinkedContent.page)
        } catch {
            return nil
        }
    }

    /// A cached story whose link is the same page as `key`. Only the stories whose link holds
    /// the key's last segment are read and compared.
    private func cachedStory(linkedAs key: LinkKey) throws -> Story? {
        guard let siteID = try cachedSiteID(), let segment = key.lastSegment ?? key.parameter("p") else { return nil }
        guard let id = try store.storyLinks(site: siteID, containing: String(segment)).first(where: { LinkKey($0.link) == key })?.id else { return nil }
        return try store.article(site: siteID, id: id)?.story
    }

    /// WordPress's lists (a category, a tag, an author, a feed) and files: their last segment
    /// is no post's slug.
    private static func isArchive(_ path: String) -> Bool {
        let first = path.split(separator: "/").first ?? ""
        return ["category", "tag", "author", "feed", "page", "wp-content", "wp-admin", "wp-json", "comments", "search"].contains(first)
            || path.hasSuffix("/feed")
    }
}
