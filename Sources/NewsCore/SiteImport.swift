import FeedFormats
import HTTPClient
import WordPressAPI

/// Following the WordPress sites behind the feeds of a subscription list (`wpnews sites
/// import`): each feed is looked up as `sites add` looks up a URL, all of them at once within
/// the HTTP client's limit per host, then the WordPress ones are followed under names made
/// from their titles. Nothing is saved here: the caller writes the sites once, at the end.
public enum SiteImport {
    /// What looking up a feed found.
    public enum Lookup: Sendable, Equatable {
        case wordPress(APIRoot)
        case notWordPress
        case unreachable(reason: String)
    }

    /// What became of a feed.
    public enum Outcome: Sendable, Equatable {
        case added(name: String)
        /// Its site is followed already, under this name (from before, or an earlier feed of the list).
        case alreadyFollowed(name: String)
        case notWordPress
        case unreachable(reason: String)
    }

    /// Lookups in flight at once, over all hosts; each host also keeps to the client's own limit.
    static let lookupsAtOnce = 16

    /// The lookups in the feeds' order; `progress` hears how many are done after each one.
    public static func lookUp(
        _ feeds: [ListedFeed], discovery: SiteDiscovery, notice: @escaping @Sendable (String) -> Void, progress: (Int) -> Void
    ) async -> [Lookup] {
        var found = [Lookup?](repeating: nil, count: feeds.count)
        await withTaskGroup(of: (Int, Lookup).self) { group in
            var next = 0
            func startNext() {
                guard next < feeds.count else { return }
                let (index, feed) = (next, feeds[next])
                group.addTask { (index, await lookUp(feed, with: discovery, notice: notice)) }
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
    /// names is tried.
    static func lookUp(_ feed: ListedFeed, with discovery: SiteDiscovery, notice: @Sendable (String) -> Void) async -> Lookup {
        do {
            return .wordPress(try await discover(feed.feedURL, with: discovery, notice: notice))
        } catch WordPressError.notWordPress {
            guard let home = feed.homeURL, SiteAddress.origin(of: home) != SiteAddress.origin(of: feed.feedURL) else { return .notWordPress }
            do {
                return .wordPress(try await discover(home, with: discovery, notice: notice))
            } catch WordPressError.notWordPress {
                return .notWordPress
            } catch {
                return .unreachable(reason: ErrorMessage.line(for: error))
            }
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

    /// Follows the WordPress sites among the feeds, in the list's order, each under a name
    /// made from its title (else its host), made unique (`campus`, `campus-2`). A site
    /// followed already, by address or API root, is left as it is.
    public static func follow(_ feeds: [ListedFeed], found: [Lookup], in sites: inout FollowedSites) throws(SettingsError) -> [Outcome] {
        var outcomes: [Outcome] = []
        for (feed, lookup) in zip(feeds, found) {
            switch lookup {
            case .notWordPress:
                outcomes.append(.notWordPress)
            case .unreachable(let reason):
                outcomes.append(.unreachable(reason: reason))
            case .wordPress(let root):
                let name = sites.unusedName(like: FollowedSites.name(title: feed.title, address: root.home))
                do throws(SettingsError) {
                    try sites.add(name: name, url: root.home, apiRoot: root)
                    outcomes.append(.added(name: name))
                } catch .urlTaken(_, let followedAs) {
                    outcomes.append(.alreadyFollowed(name: followedAs))
                }
            }
        }
        return outcomes
    }
}

extension FollowedSites {
    /// The followed sites as a subscription list's feeds (`wpnews sites export`), by name:
    /// each site's RSS feed and home page, worked out from its API root; a site followed
    /// without one (an earlier wpnews's config.toml) is taken to keep it at `/wp-json/`.
    public var feeds: [ListedFeed] {
        names.map { name in
            let site = sites[name]!
            // An address no candidate can be made of is taken as written.
            let root = site.apiRoot.map(APIRoot.init(discovered:))
                ?? APIRoot(base: SiteAddress.origin(of: (try? SiteAddress.candidates(for: site.url).first) ?? site.url) + "/wp-json/", style: .path)
            return ListedFeed(feedURL: site.feed ?? root.feed, homeURL: root.home, title: name)
        }
    }
}
