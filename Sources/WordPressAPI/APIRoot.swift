/// Where a site's REST API lives: `https://site/wp-json/` with pretty permalinks,
/// `https://site/?rest_route=/` without them, or WordPress.com's API host for the sites it
/// hosts (`https://public-api.wordpress.com/wp/v2/sites/SITE/`); and how wpnews reads the
/// site, through that API or, when it is closed to visitors, through the site's feed. A site
/// that is not WordPress at all (a web feed) is a root too, with no API: its feed's address
/// stands where the API's would, so the cache and the user's marks know it the same way.
public struct APIRoot: Sendable, Hashable, CustomStringConvertible {
    /// Decided by discovery (`SiteDiscovery`, `FeedDiscovery`) and remembered with the root.
    public enum Reading: Sendable, Hashable {
        case rest
        /// The site's main feed (RSS 2.0 or Atom), WordPress's own.
        case feed(String)
        /// Any other site's feed (RSS, Atom, JSON Feed): the site has no REST API, and every
        /// item the feed ever held is kept, as it has no archive to ask.
        case webFeed(String)
    }

    public enum Style: Sendable, Hashable {
        /// Routes are appended to the path: `…/wp-json/wp/v2/posts?per_page=10`.
        case path
        /// Routes go in the `rest_route` query parameter: `…/?rest_route=/wp/v2/posts&per_page=10`.
        case query
        /// One API host for many sites, the site in the route (WordPress.com):
        /// `…/wp/v2/sites/example.wordpress.com/posts?per_page=10`.
        case hosted(site: String)
    }

    /// The marker of a `.hosted` root's URL.
    static let hostedMarker = "wp/v2/sites/"

    /// Ends in `/` for `.path` and `.hosted` (the API host); the URL before `?rest_route=` for `.query`.
    public let base: String
    public let style: Style
    /// Not part of `description`, which the cache and `sites.toml` know the site by: stories
    /// read through the feed stay the same site's when its REST API comes back.
    public let reading: Reading

    public init(base: String, style: Style, reading: Reading = .rest) {
        self.base = base
        self.style = style
        self.reading = reading
    }

    /// The same site, read through its feed.
    public func readingFeed(_ feed: String) -> APIRoot {
        APIRoot(base: base, style: style, reading: .feed(feed))
    }

    /// A site that is not WordPress, read through its feed at `feed`: known by that address.
    public static func webFeed(_ feed: String) -> APIRoot {
        APIRoot(base: feed, style: .path, reading: .webFeed(feed))
    }

    /// The feed the site is read through, if it is (WordPress's, or a web feed).
    public var readFeed: String? {
        switch reading {
        case .rest: nil
        case .feed(let url), .webFeed(let url): url
        }
    }

    /// Whether the site is a web feed, with no WordPress behind it.
    public var isWebFeed: Bool {
        if case .webFeed = reading { true } else { false }
    }

    /// Reads a root URL as the discovery `Link` header gives it.
    public init(discovered url: String) {
        if let marker = url.firstRange(of: "/" + Self.hostedMarker), !url.contains("rest_route=") {
            let site = url[marker.upperBound...].prefix { $0 != "/" && $0 != "?" }
            self.init(base: String(url[...marker.lowerBound]), style: .hosted(site: String(site)))
        } else if let marker = url.firstRange(of: "rest_route=") {
            var base = String(url[..<marker.lowerBound])
            if base.hasSuffix("?") || base.hasSuffix("&") { base.removeLast() }
            self.init(base: base, style: .query)
        } else {
            self.init(base: url.hasSuffix("/") ? url : url + "/", style: .path)
        }
    }

    /// The URL of a route such as `/wp/v2/posts` with query parameters, in their given order.
    public func url(route: String, query: [(String, String)] = []) -> String {
        let encoded = query.map { "\($0.0)=\(Self.percentEncode($0.1))" }
        switch style {
        case .path:
            let path = base + route.drop { $0 == "/" }
            return encoded.isEmpty ? path : path + "?" + encoded.joined(separator: "&")
        case .query:
            // The base may carry a query of its own (`index.php?lang=en`).
            let separator = base.contains("?") ? "&" : "?"
            return ([base + separator + "rest_route=" + Self.percentEncode(route)] + encoded).joined(separator: "&")
        case .hosted(let site):
            // `/wp/v2/posts` is `wp/v2/sites/SITE/posts` there.
            let trimmed = route.drop { $0 == "/" }
            let path = Self.hostedMarker + site + "/" + (trimmed.hasPrefix("wp/v2/") ? trimmed.dropFirst("wp/v2/".count) : trimmed)
            return encoded.isEmpty ? base + path : base + path + "?" + encoded.joined(separator: "&")
        }
    }

    /// The site's home page: the folder the REST prefix (`wp-json/`, `index.php`) hangs from.
    public var home: String {
        if isWebFeed { return SiteAddress.origin(of: base) + "/" }
        if case .hosted(let site) = style { return "https://\(site)/" }
        let withoutQuery = String(base.prefix { $0 != "?" })
        let origin = SiteAddress.origin(of: withoutQuery)
        let path = withoutQuery.dropFirst(origin.count).dropLast(style == .path ? 1 : 0)
        return origin + (path.lastIndex(of: "/").map { path[...$0] } ?? "/")
    }

    /// The site's RSS feed, as WordPress serves it: `/feed/`, or `?feed=rss2` on a site
    /// without pretty permalinks (whose API is at `?rest_route=`).
    public var feed: String { style == .query ? home + "?feed=rss2" : home + "feed/" }

    public var description: String {
        switch style {
        case .path: base
        case .query: base + (base.contains("?") ? "&" : "?") + "rest_route=/"
        case .hosted(let site): base + Self.hostedMarker + site + "/"
        }
    }

    static func percentEncode(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                 UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: ","), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
