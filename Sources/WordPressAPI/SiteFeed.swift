import FeedFormats
import FoundationEssentials
import HTTPClient
import TextSafety

/// Reads a WordPress site through its feeds when its REST API is closed to visitors: the
/// main feed, WordPress's per-term feeds and its search feed, ten stories a page by default
/// (the site's "Syndication feeds show the most recent" setting).
public struct FeedClient: Sendable {
    public enum List: Sendable, Hashable {
        case latest
        case category(slug: String)
        case tag(slug: String)
        case search(String)
    }

    /// The site, `root.reading` its feed.
    public let root: APIRoot
    /// The feed the site is read through (`root.readFeed`).
    public let feedURL: String
    private let http: HTTPClient

    /// Nil for a site read through its REST API.
    public init?(root: APIRoot, http: HTTPClient) {
        guard let feed = root.readFeed else { return nil }
        self.root = root
        self.feedURL = feed
        self.http = http
    }

    /// WordPress's own addresses: `/category/SLUG/feed/` with pretty permalinks, else the
    /// `?feed=rss2` query forms; a later page is `paged=N`.
    public func url(of list: List, page: Int) -> String {
        let home = root.home
        let pretty = !feedURL.contains("?")
        let first = switch list {
        case .latest: feedURL
        case .category(let slug):
            pretty ? home + "category/\(APIRoot.percentEncode(slug))/feed/" : home + "?feed=rss2&category_name=\(APIRoot.percentEncode(slug))"
        case .tag(let slug):
            pretty ? home + "tag/\(APIRoot.percentEncode(slug))/feed/" : home + "?feed=rss2&tag=\(APIRoot.percentEncode(slug))"
        case .search(let text): home + "?s=\(APIRoot.percentEncode(text))&feed=rss2"
        }
        return page == 1 ? first : first + (first.contains("?") ? "&" : "?") + "paged=\(page)"
    }

    /// The feed of `list`, asked for only if it changed since the copy `validators` came with
    /// (`If-None-Match`, `If-Modified-Since`): a 304 sends no body and costs no parsing.
    public func feed(_ list: List, page: Int = 1, validators: FeedValidators? = nil) async throws -> FeedAnswer {
        let url = url(of: list, page: page)
        let response = try await Self.get(url, http: http, validators: validators)
        let movedTo = response.movedPermanently ? response.url : nil
        guard response.status != 304 else { return FeedAnswer(feed: nil, validators: nil, movedTo: movedTo) }
        return FeedAnswer(feed: try Self.parse(response, url: url), validators: FeedValidators(response.headers), movedTo: movedTo)
    }

    /// The whole feed at `url`, as a discovery reads it (a page it read already is not
    /// downloaded again): an error status as WordPress's errors are, a body that is no feed
    /// as `feedUnreadable`.
    static func read(_ url: String, pages: DiscoveryPages) async throws -> FeedAnswer {
        let response = try await pages.get(request(url, validators: nil))
        guard response.isSuccess else { throw ResponseDecoding.error(for: response, url: url) }
        return FeedAnswer(feed: try parse(response, url: url), validators: FeedValidators(response.headers),
                          movedTo: response.movedPermanently ? response.url : nil)
    }

    /// The answer at `url`, a success or (for a request with validators) 304 Not Modified.
    private static func get(_ url: String, http: HTTPClient, validators: FeedValidators?) async throws -> HTTPResponse {
        let response = try await http.send(request(url, validators: validators))
        guard response.isSuccess || (response.status == 304 && validators != nil) else { throw ResponseDecoding.error(for: response, url: url) }
        return response
    }

    private static func request(_ url: String, validators: FeedValidators?) -> HTTPRequest {
        HTTPRequest(url: url, headers: ["Accept": acceptedTypes].merging(validators?.requestHeaders ?? [:]) { $1 })
    }

    /// Relative links resolve against where the feed was found, after any redirect.
    private static func parse(_ response: HTTPResponse, url: String) throws -> Feed {
        do {
            return try feed(in: response, url: response.url)
        } catch {
            throw WordPressError.feedUnreadable(url: url, reason: error.description)
        }
    }

    /// RSS, Atom and JSON Feed, in the order a server should prefer them.
    static let acceptedTypes = "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, */*;q=0.5"

    /// The feed an answer holds, read in the charset the answer names, its relative links
    /// resolved against `url`.
    static func feed(in response: HTTPResponse, url: String) throws(FeedError) -> Feed {
        try FeedReader.feed(in: [UInt8](response.body), charset: response.charset, address: url)
    }
}

/// What a feed's server said to identify the copy it sent (`ETag`, `Last-Modified`): sent
/// back on the next request, they let it answer 304 Not Modified, with no body, when nothing
/// changed.
public struct FeedValidators: Sendable, Hashable {
    public let etag: String?
    public let lastModified: String?

    public init(etag: String?, lastModified: String?) {
        self.etag = etag
        self.lastModified = lastModified
    }

    init(_ headers: HTTPHeaders) {
        self.init(etag: headers["ETag"].map { SafeText.oneLine($0) }, lastModified: headers["Last-Modified"].map { SafeText.oneLine($0) })
    }

    var requestHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }
}

/// A feed as its server answered a request that may have carried validators.
public struct FeedAnswer: Sendable {
    /// Nil when the server said the copy already held is still the feed (304 Not Modified).
    public let feed: Feed?
    /// The new copy's validators; nil for a 304, whose copy keeps those it had.
    public let validators: FeedValidators?
    /// Where the feed lives now, when every redirect on the way was permanent (301, 308).
    public let movedTo: String?
}

/// Finds a WordPress site's feed, for a site whose REST API turns visitors away: the home
/// page's `<link rel="alternate">` (RSS or Atom), else `/feed/`, else `/?feed=rss2`. Only a
/// feed WordPress wrote (its `<generator>`, or the home page's generator meta) counts.
public struct FeedDiscovery: Sendable {
    private let http: HTTPClient

    public init(http: HTTPClient) {
        self.http = http
    }

    /// The site read through its feed; `notWordPress` when no feed WordPress wrote is found.
    /// Each call reads the pages it needs once, and keeps none after it returns.
    public func discover(_ root: APIRoot) async throws -> APIRoot {
        try await Self.discover(root, pages: DiscoveryPages(http: http))
    }

    /// As `discover`, sharing the pages a discovery already read.
    static func discover(_ root: APIRoot, pages: DiscoveryPages) async throws -> APIRoot {
        let home = root.home
        // A home page that does not come leaves WordPress's usual feed addresses to try.
        let page = try? await pages.get(DiscoveryPages.page(home))
        let html = page.flatMap { $0.isSuccess ? String(decoding: $0.body, as: UTF8.self) : nil } ?? ""
        let pageSaysWordPress = HomePage.generatorIsWordPress(html)
        // A comments feed is never the site's stories.
        var candidates = HomePage.alternateFeeds(html, base: page?.url ?? home).posts
        candidates += [home + "feed/", home + "?feed=rss2"].filter { !candidates.contains($0) }
        for url in candidates {
            // Not a feed, or not there: the next candidate; none at all is `notWordPress`.
            guard let feed = try? await FeedClient.read(url, pages: pages).feed else { continue }
            if feed.isWordPress || pageSaysWordPress { return root.readingFeed(url) }
        }
        throw WordPressError.notWordPress(site: SiteAddress.origin(of: home))
    }
}

/// A site that is not WordPress, found from any address of it: the address is a feed, or a
/// page naming feeds in `<link rel="alternate">` (the first that is not a comments feed is
/// read; the others are listed for `sites add --feed`).
public struct WebFeedDiscovery: Sendable {
    public struct Found: Sendable {
        public let root: APIRoot
        /// The feed's title, when it gives one.
        public let title: String?
        /// The other feeds the page names, comments feeds included.
        public let otherFeeds: [String]
        /// The feed as it was read to find it: the first answer of `root`'s feed.
        public let answer: FeedAnswer
    }

    private let pages: DiscoveryPages

    init(pages: DiscoveryPages) {
        self.pages = pages
    }

    /// `noFeed` when the address is neither a feed nor a page naming one wpnews can read.
    public func discover(_ url: String) async throws -> Found {
        let page = try await pages.get(DiscoveryPages.page(url))
        guard page.isSuccess else { throw ResponseDecoding.error(for: page, url: url) }
        if let feed = try? FeedClient.feed(in: page, url: page.url) {
            // A temporary redirect (a CDN, a signed address) is not where the feed lives; a
            // permanent one is, so the answer came from the root's own address.
            let answer = FeedAnswer(feed: feed, validators: FeedValidators(page.headers), movedTo: nil)
            return Found(root: .webFeed(page.movedPermanently ? page.url : url), title: feed.title, otherFeeds: [], answer: answer)
        }
        let named = HomePage.alternateFeeds(String(decoding: page.body, as: UTF8.self), base: page.url)
        for candidate in named.preferred {
            // One that cannot be read leaves the next to try; none at all is `noFeed`.
            guard let answer = try? await FeedClient.read(candidate, pages: pages), let feed = answer.feed else { continue }
            return Found(root: .webFeed(candidate), title: feed.title, otherFeeds: named.all.filter { $0 != candidate }, answer: answer)
        }
        throw WordPressError.noFeed(address: url)
    }
}

/// The feeds a page names, in its order.
struct AlternateFeeds {
    /// Every one of them.
    let all: [String]
    /// All but the comments feeds.
    let posts: [String]

    /// Those to read: the posts' feeds, or the comments feeds when the page names no other.
    var preferred: [String] { posts.isEmpty ? all : posts }
}

/// What a home page's head says about the site (its feeds, its API, its generator), read without an HTML parser (WordPressAPI has
/// none): `<link>` and `<meta>` tags are simple enough to find by their attributes.
enum HomePage {
    static let feedTypes: Set<String> = ["application/rss+xml", "application/atom+xml", "application/feed+json", "application/json"]

    /// The RSS, Atom and JSON feeds the page names, in its order, comments feeds (WordPress
    /// names the posts' feed first, then the comments'; other sites may not) kept apart.
    static func alternateFeeds(_ html: String, base: String) -> AlternateFeeds {
        var all: [String] = [], posts: [String] = []
        for attributes in tags("link", in: html) {
            guard attributes["rel"]?.lowercased().split(separator: " ").contains("alternate") == true,
                  let type = attributes["type"]?.lowercased(), feedTypes.contains(type),
                  let href = attributes["href"], !href.isEmpty else { continue }
            let url = LinkHeader.resolve(href, against: base)
            guard !all.contains(url) else { continue }
            all.append(url)
            let isComments = href.lowercased().contains("comments") || attributes["title"]?.lowercased().contains("comments") == true
            if !isComments { posts.append(url) }
        }
        return AlternateFeeds(all: all, posts: posts)
    }

    /// The REST API's address, as `<link rel="https://api.w.org/" href="…">` names it.
    static func apiLink(_ html: String, base: String) -> String? {
        tags("link", in: html).lazy.compactMap { attributes -> String? in
            guard attributes["rel"] == LinkHeader.apiRelation, let href = attributes["href"], !href.isEmpty else { return nil }
            return LinkHeader.resolve(href, against: base)
        }.first
    }

    /// `<meta name="generator" content="WordPress 6.1.9">`.
    static func generatorIsWordPress(_ html: String) -> Bool {
        tags("meta", in: html).contains { $0["name"]?.lowercased() == "generator" && $0["content"]?.hasPrefix("WordPress") == true }
    }

    /// The attributes of every `<name …>` tag, names lowercased, `&amp;` decoded.
    private static func tags(_ name: String, in html: String) -> [[String: String]] {
        var result: [[String: String]] = []
        var rest = html[...]
        while let open = rest.firstRange(of: "<" + name) {
            let tag = rest[open.upperBound...].prefix { $0 != ">" }
            rest = rest[tag.endIndex...]
            guard tag.first?.isWhitespace == true else { continue }
            result.append(attributes(of: tag))
        }
        return result
    }

    private static func attributes(of tag: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = tag
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split { $0.isWhitespace || $0 == "/" }.last.map { $0.lowercased() } ?? ""
            var value = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            let quote = value.first.flatMap { $0 == "\"" || $0 == "'" ? $0 : nil }
            if quote != nil { value = value.dropFirst() }
            let text = value.prefix { character in quote.map { character != $0 } ?? !character.isWhitespace }
            rest = value[text.endIndex...].dropFirst()
            if attributes[name] == nil { attributes[name] = String(text).replacing("&amp;", with: "&").replacing("&#038;", with: "&") }
        }
        return attributes
    }
}
