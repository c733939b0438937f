import URLSyntax

/// WordPress.com serves every site it hosts from one API host, the site named in the route:
/// `https://public-api.wordpress.com/wp/v2/sites/example.wordpress.com/posts` (the same
/// `wp/v2` routes). Its sites are known by their host name, `*.wordpress.com`; a custom
/// domain it serves says so in its discovery `Link` header, which `APIRoot(discovered:)` reads.
public struct WordPressCom: Sendable, Hashable {
    public static let apiHost = "https://public-api.wordpress.com/"

    /// Where the `wp/v2/sites/…` routes hang from: `apiHost`, or a stand-in for it
    /// (`WPNEWS_WPCOM_API`: the tests' WordPress, which cannot reach the real one).
    public let apiBase: String

    public init(apiBase: String? = nil) {
        let base = apiBase.flatMap { $0.isEmpty ? nil : $0 } ?? Self.apiHost
        self.apiBase = base.hasSuffix("/") ? base : base + "/"
    }

    /// The API root of a site WordPress.com hosts under its own domain, from any of its
    /// addresses (with or without a scheme); nil for any other site.
    public func root(forAddress address: String) -> APIRoot? {
        let host = WebAddress(typed: address).host.lowercased()
        let name = host.hasSuffix(".wordpress.com") ? host.dropLast(".wordpress.com".count) : ""
        // `public-api` is the API host itself; a dotted name is no site (`files.example.wordpress.com`).
        guard !name.isEmpty, name != "public-api", !name.contains(".") else { return nil }
        return APIRoot(base: apiBase, style: .hosted(site: host))
    }
}
