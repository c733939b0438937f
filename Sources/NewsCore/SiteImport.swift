import FeedFormats
import FoundationEssentials
import HTTPClient
import URLSyntax
import WordPressAPI

/// Following every feed of a subscription list (`wpnews sites import`): each feed is looked
/// up as `sites add` looks up a URL, all of them at once within the HTTP client's limit per
/// host; the WordPress sites are followed through their REST API, every other feed as a web
/// feed, under names made from their titles, in the groups the list's folders or tags make.
/// Nothing is saved here: the caller writes the sites once, at the end.
public enum SiteImport {
    /// What looking up a feed found.
    public enum Lookup: Sendable, Equatable {
        case wordPress(APIRoot)
        /// A feed of another site: its own title and home page, when it could be read.
        case webFeed(title: String?, home: String?)
        /// The address answers with something else (a web page, say).
        case notAFeed(reason: String)
        case unreachable(reason: String)
        /// Neither http nor https: never asked.
        case notWeb
    }

    /// What became of a feed.
    public enum Outcome: Sendable, Equatable {
        case followedAsWordPress(name: String)
        case followedAsFeed(name: String)
        /// Its site is followed already, under this name (from before, or an earlier feed of
        /// the list); `joined` are the groups of the list it was put in besides.
        case alreadyFollowed(name: String, joined: [String])
        case notAFeed(reason: String)
        case unreachable(reason: String)
        case notWeb
    }

    /// Lookups in flight at once, over all hosts; each host also keeps to the client's own limit.
    static let lookupsAtOnce = 16

    /// The lookups in the feeds' order; `progress` hears how many are done after each one.
    public static func lookUp(
        _ feeds: [ListedFeed], discovery: SiteDiscovery, http: HTTPClient, notice: @escaping @Sendable (String) -> Void,
        progress: (Int) -> Void
    ) async -> [Lookup] {
        var found = [Lookup?](repeating: nil, count: feeds.count)
        await withTaskGroup(of: (Int, Lookup).self) { group in
            var next = 0
            func startNext() {
                guard next < feeds.count else { return }
                let (index, feed) = (next, feeds[next])
                group.addTask { (index, await lookUp(feed, with: discovery, http: http, notice: notice)) }
                next += 1
            }
            for _ in 0..<lookupsAtOnce { startNext() }
            var done = 0
            for await (index, lookup) in group {
                found[index] = lookup
                done += 1
                progress(done)
                startNext()
            }
        }
        return found.map { $0! }
    }

    /// The site behind the feed: discovery from the feed's own address (WordPress names its
    /// API root in the feed's `Link` header, else the feed's host is asked). A feed served
    /// from another host (FeedBurner, say) is not its site: then the home page the list
    /// names is tried. Not WordPress, it is a web feed when it answers as one.
    static func lookUp(_ feed: ListedFeed, with discovery: SiteDiscovery, http: HTTPClient, notice: @Sendable (String) -> Void) async -> Lookup {
        guard isWeb(feed.feedURL) else { return .notWeb }
        do {
            return .wordPress(try await discover(feed.feedURL, with: discovery, notice: notice))
        } catch WordPressError.notWordPress {
            if let home = feed.homeURL, isWeb(home), SiteAddress.origin(of: home) != SiteAddress.origin(of: feed.feedURL) {
                do {
                    return .wordPress(try await discover(home, with: discovery, notice: notice))
                } catch WordPressError.notWordPress {
                } catch {
                    return .unreachable(reason: ErrorMessage.line(for: error))
                }
            }
            return await readWebFeed(feed.feedURL, http: http)
        } catch {
            return .unreachable(reason: ErrorMessage.line(for: error))
        }
    }

    private static func discover(_ address: String, with discovery: SiteDiscovery, notice: (String) -> Void) async throws -> APIRoot {
        let found = try await discovery.discover(address)
        if let fallback = found.fellBackToHTTP { notice(fallback) }
        // As `sites add`: a site whose REST API turns visitors away is followed through its feed.
        return try await discovery.readable(found.root)
    }

    /// Only addresses of the web are asked: a list may name files, programs or anything else.
    static func isWeb(_ address: String) -> Bool {
        WebAddress(address).scheme.map { ["http", "https"].contains($0.lowercased()) } ?? false
    }

    /// The feed, fetched for its title and home page. One the reader cannot make out is
    /// followed all the same when the server says it is a feed (a format this build does not
    /// read yet, a broken byte): reading it later says what is wrong, and nothing is lost.
    static func readWebFeed(_ address: String, http: HTTPClient) async -> Lookup {
        let response: HTTPResponse
        do {
            response = try await http.send(HTTPRequest(url: address))
        } catch {
            return .unreachable(reason: ErrorMessage.line(for: error))
        }
        guard response.isSuccess else { return .unreachable(reason: "the feed answers HTTP \(response.status)") }
        let type = response.headers["Content-Type"]?.lowercased() ?? ""
        do {
            let read = try FeedReader.feed(in: [UInt8](response.body), charset: response.charset, address: response.url)
            return .webFeed(title: read.title, home: read.home)
        } catch {
            let saysFeed = ["rss", "atom", "xml", "json"].contains { type.contains($0) }
            return saysFeed ? .webFeed(title: nil, home: nil) : .notAFeed(reason: error.description)
        }
    }

    /// Follows the feeds, in the list's order: the WordPress sites through their API, the
    /// others as web feeds, each under a name made from the list's title, else the feed's,
    /// else its host (`campus`, `campus-2`), in the groups made of its folders or tags. A site
    /// followed already, by address, API root or feed, is left as it is but for the list's
    /// groups, which it joins. Group names are made as site names are, and one that a site
    /// has already takes the next free number.
    public static func follow(_ feeds: [ListedFeed], found: [Lookup], in sites: inout FollowedSites) throws(SettingsError) -> [Outcome] {
        let groups = groupNames(for: feeds, avoiding: sites)
        // New sites' names avoid every group the list makes too.
        var taken = sites.takenNames.union(groups.values)
        var outcomes: [Outcome] = []
        for (feed, lookup) in zip(feeds, found) {
            let joining = Array(Set(feed.groups.compactMap { groups[$0] })).sorted()
            let name: String
            do throws(SettingsError) {
                switch lookup {
                case .notWeb: outcomes.append(.notWeb); continue
                case .notAFeed(let reason): outcomes.append(.notAFeed(reason: reason)); continue
                case .unreachable(let reason): outcomes.append(.unreachable(reason: reason)); continue
                case .wordPress(let root):
                    name = FollowedSites.unused(FollowedSites.name(title: feed.title, address: root.home), among: taken)
                    try sites.add(name: name, url: root.home, apiRoot: root)
                    outcomes.append(.followedAsWordPress(name: name))
                case .webFeed(let title, let home):
                    name = FollowedSites.unused(FollowedSites.name(title: feed.title ?? title, address: feed.feedURL), among: taken)
                    try sites.add(name: name, url: feed.homeURL ?? home ?? feed.feedURL, apiRoot: .webFeed(feed.feedURL))
                    outcomes.append(.followedAsFeed(name: name))
                }
            } catch .urlTaken(_, let followedAs) {
                let before = sites.sites[followedAs]!.groups ?? []
                try sites.setGroups(before + joining, of: followedAs)
                outcomes.append(.alreadyFollowed(name: followedAs, joined: joining.filter { !before.contains($0) }))
                continue
            }
            taken.insert(name)
            try sites.setGroups(joining, of: name)
        }
        return outcomes
    }

    /// Each folder or tag of the list as a group name, made as a site's name is (ASCII, easy
    /// to type); one that a site has already takes the next free number.
    static func groupNames(for feeds: [ListedFeed], avoiding sites: FollowedSites) -> [String: String] {
        let siteNames = Set(sites.sites.keys).union([FollowedSites.everySite])
        var names: [String: String] = [:]
        for written in Set(feeds.flatMap(\.groups)) {
            names[written] = FollowedSites.unused(FollowedSites.name(from: written) ?? "group", among: siteNames)
        }
        return names
    }
}

extension FollowedSites {
    /// The followed sites as a subscription list's feeds (`wpnews sites export`), by name, in
    /// their groups: each WordPress site's RSS feed and home page, worked out from its API
    /// root (a site followed without one, from an earlier wpnews's config.toml, is taken to
    /// keep it at `/wp-json/`); each web feed as followed.
    public var feeds: [ListedFeed] {
        names.map { name in
            let site = sites[name]!
            let groups = site.groups ?? []
            if site.kind == .webFeed, let feed = site.feed {
                return ListedFeed(feedURL: feed, homeURL: site.url, title: name, groups: groups)
            }
            // An address no candidate can be made of is taken as written.
            let root = site.apiRoot.map(APIRoot.init(discovered:))
                ?? APIRoot(base: SiteAddress.origin(of: (try? SiteAddress.candidates(for: site.url).first) ?? site.url) + "/wp-json/", style: .path)
            return ListedFeed(feedURL: site.feed ?? root.feed, homeURL: root.home, title: name, groups: groups)
        }
    }
}
