import FoundationEssentials
import HTTPClient
import URLSyntax

/// Finds a site's REST API root from any of its URLs (home page, a post's URL).
///
/// A site WordPress.com hosts under its own domain (`*.wordpress.com`) is known by its host
/// name, without a request. Any other site, in order: the `Link: <…>; rel="https://api.w.org/"`
/// header of the page itself (which may point to WordPress.com's API host), then `/wp-json/`,
/// then `/?rest_route=/`, then the same link in the page's HTML head (a custom domain
/// WordPress.com serves may name its API there only); with no REST API at all, the site's
/// feed when WordPress wrote it (`FeedDiscovery`). An address without a scheme is tried as https, then http.
public struct SiteDiscovery: Sendable {
    private let http: HTTPClient
    /// Sent with every request: a site that requires login answers its API only to a user.
    private let credential: BasicCredential?
    private let wordPressCom: WordPressCom

    public init(http: HTTPClient, credential: BasicCredential? = nil, wordPressCom: WordPressCom = WordPressCom()) {
        self.http = http
        self.credential = credential
        self.wordPressCom = wordPressCom
    }

    /// The site's API root. For an address typed without a scheme, https is tried first and
    /// plain http only when https cannot be had there (`fellBackToHTTP` says why, for the
    /// user to be told); never after a certificate problem.
    public func discover(_ address: String) async throws -> (root: APIRoot, fellBackToHTTP: String?) {
        try await discover(address, pages: DiscoveryPages(http: http))
    }

    private func discover(_ address: String, pages: DiscoveryPages) async throws -> (root: APIRoot, fellBackToHTTP: String?) {
        if let hosted = wordPressCom.root(forAddress: address) { return (hosted, nil) }
        let candidates = try SiteAddress.candidates(for: address)
        var reason: String?
        for url in candidates.dropLast() {
            do {
                return (try await discover(at: url, pages: pages), nil)
            } catch let error as HTTPError where Self.worthOtherScheme(error) {
                reason = "\(url) could not be used (\(error.description)): using http"
                continue
            } catch HTTPError.tlsFailure(_, let detail) {
                // The handshake failed in a way that proves nothing: the user may know better.
                throw WordPressError.httpsFailed(address: address, detail: detail)
            }
        }
        return (try await discover(at: candidates[candidates.count - 1], pages: pages), reason)
    }

    /// Any site wpnews can follow: a WordPress site, as `discover` finds it, else a web feed
    /// at the address (`WebFeedDiscovery`: the address is a feed, or a page naming one).
    /// `otherFeeds`: the feeds the page names besides the one chosen; `feed`: a web feed as it
    /// was read to find it, the first answer of its feed. Each page is downloaded once,
    /// however many of the ways ask for it (once more with a login: WordPress's ways send it).
    public func discoverAnySite(_ address: String) async throws -> (root: APIRoot, fellBackToHTTP: String?, otherFeeds: [String], feed: FeedAnswer?) {
        let pages = DiscoveryPages(http: http)
        do {
            let found = try await discover(address, pages: pages)
            return (found.root, found.fellBackToHTTP, [], nil)
        } catch WordPressError.notWordPress {
            let candidates = try SiteAddress.candidates(for: address)
            for url in candidates.dropLast() {
                do {
                    let found = try await WebFeedDiscovery(pages: pages).discover(url)
                    return (found.root, nil, found.otherFeeds, found.answer)
                } catch let error as HTTPError where Self.worthOtherScheme(error) {
                    continue
                }
            }
            let found = try await WebFeedDiscovery(pages: pages).discover(candidates[candidates.count - 1])
            return (found.root, nil, found.otherFeeds, found.answer)
        }
    }

    /// Nothing answers https there, or the port answered the TLS hello in plain HTTP (it
    /// demonstrably speaks http). A certificate problem is never a reason: falling back to
    /// plain http would hand a bad certificate a silent downgrade.
    private static func worthOtherScheme(_ error: HTTPError) -> Bool {
        switch error {
        case .couldNotConnect, .timedOut, .plainHTTPOnTLSPort: true
        default: false
        }
    }

    private func discover(at url: String, pages: DiscoveryPages) async throws -> APIRoot {
        let page = try await http.send(HTTPRequest(url: url, method: .head, credential: credential))
        if let root = LinkHeader.apiRoot(in: page.headers, base: page.url) {
            return root
        }
        let origin = SiteAddress.origin(of: page.url)
        let conventional = APIRoot(base: origin + "/wp-json/", style: .path)
        for root in [conventional, APIRoot(base: origin + "/", style: .query)] {
            if try await answersAsWordPress(root) { return root }
        }
        // Trusted as the Link header is: the page is the site's own word.
        if let named = try await apiRootNamedInPage(url, pages: pages) { return named }
        // Security plugins may take the discovery link away with the API: the cache still
        // knows the site by the conventional root, which it will have if the API comes back.
        return try await FeedDiscovery.discover(conventional, pages: pages)
    }

    /// The root as anonymous visitors may read it: itself when its REST API answers them,
    /// the site's feed when the API turns them away (`closesRESTToVisitors`). For `sites add`,
    /// which remembers the answer; other commands find out from their first request.
    public func readable(_ root: APIRoot) async throws -> APIRoot {
        guard root.reading == .rest else { return root }
        let response = try await http.send(HTTPRequest(url: root.url(route: "/", query: [("_fields", "namespaces")])))
        guard !response.isSuccess, ResponseDecoding.error(for: response, url: root.description).closesRESTToVisitors else { return root }
        return try await FeedDiscovery(http: http).discover(root)
    }

    /// `<link rel="https://api.w.org/" href="…">` in the page's HTML, read only when the
    /// cheaper ways found nothing: it costs the whole page.
    private func apiRootNamedInPage(_ url: String, pages: DiscoveryPages) async throws -> APIRoot? {
        let page = try await pages.get(DiscoveryPages.page(url, credential: credential))
        guard page.isSuccess else { return nil }
        return HomePage.apiLink(String(decoding: page.body, as: UTF8.self), base: page.url).map(APIRoot.init(discovered:))
    }

    /// The API index lists its namespaces; `_fields` keeps it from listing every route.
    private func answersAsWordPress(_ root: APIRoot) async throws -> Bool {
        struct Index: Decodable { let namespaces: [String] }
        let response = try await http.send(HTTPRequest(url: root.url(route: "/", query: [("_fields", "namespaces")]), credential: credential))
        guard response.isSuccess, let index = try? JSONDecoder().decode(Index.self, from: response.body) else {
            return false
        }
        return index.namespaces.contains("wp/v2")
    }
}

/// Reads the `Link` header (RFC 8288) for the REST API's relation.
enum LinkHeader {
    static let apiRelation = "https://api.w.org/"

    /// `base`: the URL of the page, against which a relative target is resolved.
    static func apiRoot(in headers: HTTPHeaders, base: String) -> APIRoot? {
        for value in headers.values("Link") {
            for link in links(in: value) where link.relations.contains(apiRelation) {
                return APIRoot(discovered: resolve(link.target, against: base))
            }
        }
        return nil
    }

    /// RFC 8288 allows relative targets; WordPress sends absolute ones, proxies may not.
    static func resolve(_ target: String, against base: String) -> String {
        WebAddress(base).resolve(target)
    }

    /// `<url>; rel="a b", <url2>; rel=c` -> the targets with their relations.
    static func links(in value: String) -> [(target: String, relations: [String])] {
        var result: [(String, [String])] = []
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            let parameters = rest.prefix { $0 != "<" }
            rest = rest.dropFirst(parameters.count)
            var relations: [String] = []
            for parameter in parameters.split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let quoted = pair[1].trimmingCharacters { $0 == "\"" || $0 == "," }
                relations += quoted.split(separator: " ").map(String.init)
            }
            result.append((target, relations))
        }
        return result
    }
}

private extension String {
    func trimmingCharacters(where predicate: (Character) -> Bool) -> String {
        String(drop(while: predicate).reversed().drop(while: predicate).reversed())
    }
}
