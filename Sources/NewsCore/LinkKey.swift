import URLSyntax

/// An address reduced to what says which page it names, so that the ways one link is
/// written compare equal: http and https alike, the host in any case and with or without
/// `www.`, a default port, a trailing slash, the fragment, and the tracking parameters a
/// link picks up on the way (`utm_*`, `fbclid`...) make no difference. Nothing else is
/// guessed: another path, or another query, is another page.
public struct LinkKey: Sendable, Hashable {
    /// Lowercased, without `www.`.
    public let host: String
    public let port: String?
    /// Without its trailing slashes: "" for the site's home.
    public let path: String
    /// The parameters that say which page, in the order written.
    public let query: [String]

    /// Nil for an address that is not http(s), or has no host.
    public init?(_ address: String) {
        let web = WebAddress(address)
        guard web.hasScheme("http") || web.hasScheme("https"), !web.host.isEmpty else { return nil }
        let host = web.host.lowercased()
        self.host = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        port = web.port.flatMap { $0 == "80" || $0 == "443" || $0.isEmpty ? nil : String($0) }
        var path = Substring(web.path)
        while path.hasSuffix("/") { path = path.dropLast() }
        self.path = String(path)
        query = (web.query ?? "").split(separator: "&").map(String.init).filter { !Self.isTracking($0) }
    }

    /// Whether the address is on this host (either with or without `www.`).
    public func isOnSameHost(as other: LinkKey) -> Bool {
        host == other.host && port == other.port
    }

    /// The value of a query parameter, as written.
    func parameter(_ name: String) -> Substring? {
        query.lazy.compactMap { parameter in
            parameter.hasPrefix(name + "=") ? parameter.dropFirst(name.count + 1) : nil
        }.first
    }

    /// The path's last segment: a post's or page's slug in WordPress's pretty permalinks.
    var lastSegment: Substring? {
        path.split(separator: "/").last
    }

    private static func isTracking(_ parameter: String) -> Bool {
        let name = parameter.prefix { $0 != "=" }.lowercased()
        return name.hasPrefix("utm_") || ["fbclid", "gclid", "mc_cid", "mc_eid"].contains(name)
    }
}
