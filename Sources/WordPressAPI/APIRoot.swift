/// Where a site's REST API lives: `https://site/wp-json/` with pretty permalinks, or
/// `https://site/?rest_route=/` without them; and how wpnews reads the site, through that
/// API or, when it is closed to visitors, through the site's feed.
public struct APIRoot: Sendable, Hashable, CustomStringConvertible {
    /// Decided by discovery (`SiteDiscovery`, `FeedDiscovery`) and remembered with the root.
    public enum Reading: Sendable, Hashable {
        case rest
        /// The site's main feed (RSS 2.0 or Atom), WordPress's own.
        case feed(String)
    }

    public enum Style: Sendable, Hashable {
        /// Routes are appended to the path: `…/wp-json/wp/v2/posts?per_page=10`.
        case path
        /// Routes go in the `rest_route` query parameter: `…/?rest_route=/wp/v2/posts&per_page=10`.
        case query
    }

    /// Ends in `/` for `.path`; the URL before `?rest_route=` for `.query`.
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

    /// The feed the site is read through, if it is.
    public var readFeed: String? {
        if case .feed(let url) = reading { url } else { nil }
    }

    /// Reads a root URL as the discovery `Link` header gives it.
    public init(discovered url: String) {
        if let marker = url.firstRange(of: "rest_route=") {
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
        }
    }

    /// The site's home page: the folder the REST prefix (`wp-json/`, `index.php`) hangs from.
    public var home: String {
        let withoutQuery = String(base.prefix { $0 != "?" })
        let origin = SiteAddress.origin(of: withoutQuery)
        let path = withoutQuery.dropFirst(origin.count).dropLast(style == .path ? 1 : 0)
        return origin + (path.lastIndex(of: "/").map { path[...$0] } ?? "/")
    }

    /// The site's RSS feed, as WordPress serves it: `/feed/`, or `?feed=rss2` on a site
    /// without pretty permalinks (whose API is at `?rest_route=`).
    public var feed: String { style == .path ? home + "feed/" : home + "?feed=rss2" }

    public var description: String { style == .path ? base : base + (base.contains("?") ? "&" : "?") + "rest_route=/" }

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
