import HTTPClient
import WordPressAPI

/// Following one new site: what `wpnews sites add` does, and the app's More → "Follow a
/// site…". The site is looked up first (a WordPress site through its REST API, or its feed
/// when the API is closed to visitors, any other site as a web feed), and sites.toml is
/// written only once it answered.
public struct SiteFollowing: Sendable {
    /// Nil: a name made from the feed's title, else the site's host, as `sites import` names
    /// sites (`campus`, `campus-2` when taken).
    public let name: String?
    public let url: String
    /// The feed to read, one of those the page names (`--feed`).
    public var feed: String?
    public var groups: [String] = []
    /// Read each story from its own web page (`--full-text`).
    public var fullText = false

    public init(name: String?, url: String) {
        self.name = name
        self.url = url
    }

    /// The site followed, and the line that says so.
    public struct Followed: Sendable {
        public let name: String
        public let sites: FollowedSites
        /// "added 'campus': https://…/wp-json/ (the default site)".
        public let line: String
    }

    /// Whether the site could be followed, checked before it (or the user, for a password)
    /// is asked anything.
    public func check(against sites: FollowedSites) throws {
        if let name { try sites.checkNew(name: name, url: url) }
        try sites.checkGroups(groups)
    }

    /// Looks the site up and follows it, writing `sitesFile`; signed in with `credential`
    /// when given, its password kept in `credentials`. `notice` hears what the user should
    /// know on the way (a fallback to http, the other feeds a page names).
    public func follow(
        in sites: FollowedSites, sitesFile: String, credential: BasicCredential? = nil, discovery: SiteDiscovery, http: HTTPClient,
        credentials: CredentialStore, notice: (String) -> Void
    ) async throws -> Followed {
        try check(against: sites)
        var sites = sites
        let found = try await discovery.discoverAnySite(feed ?? url)
        if let fallback = found.fellBackToHTTP { notice(fallback) }
        if !found.otherFeeds.isEmpty {
            notice("the page names other feeds too (pick one with --feed URL): \(found.otherFeeds.joined(separator: ", "))")
        }
        let name = name ?? sites.unusedName(like: FollowedSites.name(title: found.feed?.feed?.title, address: url))
        var signedIn = "", reading = ""
        if let credential {
            let (login, account) = try await SiteLogin.verify(credential, at: found.root, http: http)
            try sites.add(name: name, url: url, apiRoot: found.root, user: credential.user, privatePosts: login.readsPrivatePosts)
            let key = LoginKey(apiRoot: found.root.description, user: credential.user)
            let place = try credentials.save(credential.password, for: key, notice: notice)
            let kept = switch place {
            case .keyring: "the keyring"
            case .file(let path): path
            }
            let reads = login.readsPrivatePosts ? ", private posts included" : ""
            signedIn = "; signed in as \(credential.user) (\(account.name.plain))\(reads), the password kept in \(kept)"
        } else {
            // A visitor may be turned away from the REST API: then the site is read through its feed.
            let root = try await discovery.readable(found.root)
            try sites.add(name: name, url: url, apiRoot: root)
            reading = switch root.reading {
            case .rest: ""
            case .feed(let feed): " (its REST API is closed to visitors: read through its feed, \(feed))"
            case .webFeed: " (not WordPress: read as a web feed)"
            }
        }
        try sites.setGroups(groups, of: name)
        if fullText { try sites.setFullText(true, of: name) }
        try sites.save(path: sitesFile)
        let isDefault = sites.defaultName == name ? " (the default site)" : ""
        return Followed(name: name, sites: sites, line: "added '\(name)': \(found.root)\(reading)\(isDefault)\(signedIn)")
    }
}
