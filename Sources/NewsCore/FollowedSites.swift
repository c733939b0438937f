import Foundation
import WordPressAPI

/// The sites the user follows, by name, and the default one: `sites.toml` beside
/// `config.toml`. wpnews owns this file and rewrites it whole (`wpnews sites add`, `remove`,
/// `default`); `config.toml` stays the user's.
///
///     default = "campus"
///
///     [sites."campus"]
///     url = "https://news.example.org"
///     api_root = "https://news.example.org/wp-json/"
///     # only for a site whose REST API is closed to visitors:
///     feed = "https://news.example.org/feed/"
///     groups = ["campus", "local"]
///     # every story read from its own web page, and where on the page the article is:
///     full_text = true
///     full_text_selector = "div.story-body"
///
///     [sites."harbour"]
///     url = "https://harbour.example/"
///     kind = "web-feed"
///     feed = "https://harbour.example/feed.xml"
public struct FollowedSites: Sendable, Hashable, Decodable {
    public struct Site: Codable, Sendable, Hashable {
        /// What a site is, when it is not WordPress: the key is absent for WordPress sites,
        /// so every entry written before feeds of other sites were followed reads unchanged.
        public enum Kind: String, Codable, Sendable, Hashable {
            /// Any site's RSS, Atom or JSON feed, at `feed`; no API.
            case webFeed = "web-feed"
        }

        public var url: String
        /// The discovered API root, so a followed site costs no discovery request.
        public var apiRoot: String?
        /// The user wpnews signs in as (`sites add --user`); the password is kept elsewhere
        /// (`CredentialStore`).
        public var user: String?
        /// Whether that user's role may read private posts, as the site said when added.
        public var privatePosts: Bool?
        /// The feed the site is read through: a WordPress site's when its REST API is closed
        /// to visitors, or a web feed's own.
        public var feed: String?
        public var kind: Kind?
        /// The groups the user put the site in (`--group`, OPML folders, newsboat tags):
        /// `--sites GROUP` names them all at once.
        public var groups: [String]?
        /// When the feed answered 410 Gone (ISO 8601): wpnews asks it no more. Kept here,
        /// beside the address it is about, rather than in the cache or the reading state:
        /// it is the subscription's own state, which `cache clear` must not undo, and
        /// removing the site and adding it again (the way out the message names) forgets it
        /// with the entry.
        public var gone: String?
        /// Whether a story is read from its own web page whenever it is opened (`sites add
        /// --full-text`, `sites set --full-text on|off`): for a feed that carries summaries.
        public var fullText: Bool?
        /// Where the article is on the site's pages (CSS-like: `tag`, `.class`, `#id`,
        /// `tag.class`, `a b`), for a layout the extractor reads wrongly.
        public var fullTextSelector: String?

        public init(
            url: String, apiRoot: String?, user: String? = nil, privatePosts: Bool? = nil, feed: String? = nil, kind: Kind? = nil,
            groups: [String]? = nil
        ) {
            self.url = url
            self.apiRoot = apiRoot
            self.user = user
            self.privatePosts = privatePosts
            self.feed = feed
            self.kind = kind
            self.groups = groups
        }

        /// Whose password, if wpnews signs in here.
        public var loginKey: LoginKey? {
            user.map { LoginKey(apiRoot: apiRoot ?? url, user: $0) }
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case url, user, feed, kind, groups, gone
            case apiRoot = "api_root"
            case privatePosts = "private_posts"
            case fullText = "full_text"
            case fullTextSelector = "full_text_selector"
        }

        /// How wpnews reads it: `rest`, `feed` (a WordPress site through its feed) or
        /// `web-feed` (any other site's feed).
        public var reading: String {
            if kind == .webFeed { return "web-feed" }
            return feed == nil ? "rest" : "feed"
        }

        /// Since when the feed is gone, if it is.
        public var goneSince: Date? {
            gone.flatMap { try? Date($0, strategy: .iso8601) }
        }

        /// The remembered root, read the remembered way.
        public var root: APIRoot? {
            if kind == .webFeed { return feed.map(APIRoot.webFeed) }
            return apiRoot.map { root in feed.map { APIRoot(discovered: root).readingFeed($0) } ?? APIRoot(discovered: root) }
        }
    }

    public private(set) var sites: [String: Site]
    public private(set) var defaultName: String?

    public init(sites: [String: Site] = [:], defaultName: String? = nil) {
        self.sites = sites
        self.defaultName = defaultName
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case sites
        case defaultName = "default"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sites = try container.decodeIfPresent([String: Site].self, forKey: .sites) ?? [:]
        defaultName = try container.decodeIfPresent(String.self, forKey: .defaultName)
    }

    public var names: [String] { sites.keys.sorted() }

    // MARK: Changing them

    /// Whether a site could be followed under `name` from `url`: checked before the site is
    /// asked anything.
    public func checkNew(name: String, url: String?) throws(SettingsError) {
        guard Self.isValidName(name) else { throw .badName(name) }
        guard sites[name] == nil else { throw .nameTaken(name) }
        guard !groupNames.contains(name) else { throw .nameIsGroup(name) }
        if let url, let other = names.first(where: { sites[$0]!.url == url }) { throw .urlTaken(url, name: other) }
    }

    /// What `--sites` takes for every followed site: no site may be called so.
    public static let everySite = "all"

    /// Letters, digits, '-' and '_', not starting with '-' (it would read as an option), and
    /// not `all`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first != "-", name != everySite else { return false }
        return name.allSatisfy { isNameCharacter($0) }
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_"
    }

    /// Follows a site under `name`, signed in as `user` when given; the first one becomes the default.
    public mutating func add(
        name: String, url: String, apiRoot: APIRoot, user: String? = nil, privatePosts: Bool = false
    ) throws(SettingsError) {
        // A web feed is known by its feed, not its home page, which several feeds may share
        // (a site's posts and its podcast).
        let known = apiRoot.isWebFeed ? apiRoot.readFeed ?? url : url
        try checkNew(name: name, url: apiRoot.isWebFeed ? nil : url)
        // Another address of a site already followed (with and without a scheme, say).
        if let other = names.first(where: { sites[$0]!.root?.description == apiRoot.description }) { throw .urlTaken(known, name: other) }
        // A web feed has no API root: its feed is how the site is known.
        sites[name] = Site(
            url: url, apiRoot: apiRoot.isWebFeed ? nil : apiRoot.description, user: user,
            privatePosts: user == nil ? nil : privatePosts, feed: apiRoot.readFeed, kind: apiRoot.isWebFeed ? .webFeed : nil
        )
        if defaultName.map({ sites[$0] == nil }) ?? true { defaultName = name }
    }

    /// Puts the site in exactly these groups (none: in no group), checked by `checkGroups`.
    public mutating func setGroups(_ groups: [String], of name: String) throws(SettingsError) {
        guard sites[name] != nil else { throw .unknownSite(name, known: names) }
        try checkGroups(groups)
        let kept = Array(Set(groups)).sorted()
        sites[name]!.groups = kept.isEmpty ? nil : kept
    }

    /// Reads the site's stories from their own web pages whenever they are opened, or not.
    public mutating func setFullText(_ on: Bool, of name: String) throws(SettingsError) {
        guard sites[name] != nil else { throw .unknownSite(name, known: names) }
        sites[name]!.fullText = on ? true : nil
    }

    /// Where the article is on the site's pages; empty: the extractor finds it.
    public mutating func setFullTextSelector(_ selector: String, of name: String) throws(SettingsError) {
        guard sites[name] != nil else { throw .unknownSite(name, known: names) }
        sites[name]!.fullTextSelector = selector.isEmpty ? nil : selector
    }

    public mutating func remove(name: String) throws(SettingsError) {
        guard sites.removeValue(forKey: name) != nil else { throw .unknownSite(name, known: names) }
        if defaultName == name { defaultName = names.first }
    }

    /// The site's feed answered a permanent redirect (301, 308) to `address`: it is read
    /// there from now on. False when the entry no longer reads `old` (another run moved it).
    public mutating func moveFeed(name: String, from old: String, to address: String) -> Bool {
        guard sites[name]?.feed == old else { return false }
        sites[name]?.feed = address
        return true
    }

    /// The site's feed answered 410 Gone. False when the entry says so already.
    public mutating func markGone(name: String, at date: Date) -> Bool {
        guard let site = sites[name], site.gone == nil else { return false }
        sites[name]?.gone = date.formatted(.iso8601)
        return true
    }

    public mutating func makeDefault(name: String) throws(SettingsError) {
        guard sites[name] != nil else { throw .unknownSite(name, known: names) }
        defaultName = name
    }

    // MARK: The file

    /// The followed sites. The first time, sites that an earlier wpnews kept in `config.toml`
    /// are moved here and taken out of that file, which otherwise stays byte for byte as it
    /// was; `notice` says so.
    public static func load(path: String, config: String, settings: Settings, notice: (String) -> Void) throws -> FollowedSites {
        if let followed = try TOMLFile.read(FollowedSites.self, path: path, known: KnownKeys.sites, notice: notice) {
            if !settings.legacySites.isEmpty || settings.legacyDefaultSite != nil {
                notice("warning: \(config) has [sites] or default_site, which wpnews no longer reads: use `wpnews sites add` and `wpnews sites default`")
            }
            return followed
        }
        guard !settings.legacySites.isEmpty || settings.legacyDefaultSite != nil else { return FollowedSites() }
        let moved = FollowedSites(sites: settings.legacySites, defaultName: settings.legacyDefaultSite)
        try moved.save(path: path)
        // config.toml was read for the settings a moment ago; should it not be readable now,
        // its old keys stay and every run's warning above says what to do with them.
        if let text = try? String(contentsOfFile: config, encoding: .utf8) {
            try Data(LegacyConfig.removingSites(from: text).utf8).write(to: URL(fileURLWithPath: config), options: .atomic)
        }
        notice("moved your followed sites from \(config) to \(path), which wpnews keeps from now on")
        return moved
    }

    /// Changes the file as it is now (another run may have changed it since this one read it)
    /// and writes it back when `change` says it changed something. With no file, false, or
    /// with `creating` the change starts from no sites.
    public static func edit(path: String, creating: Bool = false, _ change: (inout FollowedSites) throws -> Bool) throws -> Bool {
        guard var sites = try TOMLFile.read(FollowedSites.self, path: path, known: KnownKeys.sites) ?? (creating ? FollowedSites() : nil),
              try change(&sites) else { return false }
        try sites.save(path: path)
        return true
    }

    /// Written whole (`NewFile`): a crash leaves the old file or the new one, on the disk.
    public func save(path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try NewFile.write(Array(toml.utf8), to: path, replacing: true)
    }

    /// Written in a fixed order, so the file reads the same after every change.
    var toml: String {
        var file = TOMLWriter()
        file.comment("The sites wpnews follows. wpnews writes this file: change it with")
        file.comment("`wpnews sites add|remove|default`; your settings go in config.toml.")
        if let defaultName {
            file.blankLine()
            file.set("default", defaultName)
        }
        for name in names {
            let site = sites[name]!
            file.table("sites", .name(name))
            file.set("url", site.url)
            if let root = site.apiRoot { file.set("api_root", root) }
            if let user = site.user { file.set("user", user) }
            if let privatePosts = site.privatePosts { file.set("private_posts", privatePosts) }
            if let kind = site.kind { file.set("kind", kind.rawValue) }
            if let feed = site.feed { file.set("feed", feed) }
            if let groups = site.groups, !groups.isEmpty { file.set("groups", groups) }
            if let gone = site.gone { file.set("gone", gone) }
            if site.fullText == true { file.set("full_text", true) }
            if let selector = site.fullTextSelector { file.set("full_text_selector", selector) }
        }
        return file.text
    }
}

/// The one edit wpnews ever makes to `config.toml`: taking out the `default_site` key and
/// the `[sites…]` tables an earlier wpnews wrote there, line by line, leaving every other
/// byte (comments, order, spacing, keys wpnews does not know) as the user wrote it. Keys are
/// read as TOML writes them (`TOMLWriter.Key`), quoted ones included, as TOMLKit read them.
enum LegacyConfig {
    static func removingSites(from text: String) -> String {
        var kept: [Substring] = []
        var inSitesTable = false
        var inRootTable = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") {
                inRootTable = false
                inSitesTable = TOMLWriter.Key.path(atStartOf: trimmed.drop { $0 == "[" })?.keys.first == "sites"
                if inSitesTable { continue }
            } else if inSitesTable, !trimmed.isEmpty, !trimmed.hasPrefix("#") {
                // Its keys go; comments and blank lines may belong to what follows, and stay.
                continue
            } else if inRootTable, let key = TOMLWriter.Key.path(atStartOf: trimmed), key.keys == ["default_site"], key.rest.first == "=" {
                continue
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }
}
