import Foundation
import URLSyntax
import WordPressAPI

/// Which site a command reads: `--site` (a followed site's name first, else a URL), then
/// `$WPNEWS_SITE`, then the default site (or the only one followed), then, with no site
/// followed, the bundled demo.
public enum SiteSelection: Sendable, Hashable {
    case site(SiteChoice, name: String?)
    case demo

    public static func resolve(option: String?, environment: String?, sites: FollowedSites) throws(SettingsError) -> SiteSelection {
        for given in [option, environment].compactMap({ $0 }) where !given.isEmpty {
            if let followed = sites.sites[given] {
                return .site(followed.choice(name: given), name: given)
            }
            // "campsu" is a name mistyped, not a host to look up.
            guard !looksLikeName(given) else { throw .unknownSite(given, known: sites.names) }
            return address(given, sites: sites)
        }
        // No default line: the only site followed is meant; of several, the user chooses.
        guard let name = sites.defaultName ?? (sites.names.count == 1 ? sites.names.first : nil) else {
            if sites.names.isEmpty { return .demo }
            throw .noDefault(known: sites.names)
        }
        guard let followed = sites.sites[name] else { throw .missingDefault(name, known: sites.names) }
        return .site(followed.choice(name: name), name: name)
    }

    /// The followed sites `--sites` names: `all`, or names separated by commas, each a
    /// followed site or else a group (its sites by name). In the order given (`all`: by
    /// name), each once.
    public static func resolveMany(_ option: String, sites: FollowedSites) throws(SettingsError) -> [SiteSelection] {
        if option.trimmingWhitespace() == FollowedSites.everySite {
            guard !sites.names.isEmpty else { throw .noSitesFollowed }
            return sites.names.map { .site(sites.sites[$0]!.choice(name: $0), name: $0) }
        }
        var seen = Set<String>()
        var chosen: [SiteSelection] = []
        for word in option.split(separator: ",") {
            let name = word.trimmingWhitespace()
            guard !name.isEmpty else { continue }
            let members = sites.sites[name] != nil ? [name] : sites.names(inGroup: name)
            guard !members.isEmpty else {
                let groups = sites.groupNames
                throw groups.isEmpty ? .unknownSite(name, known: sites.names) : .unknownSiteOrGroup(name, sites: sites.names, groups: groups)
            }
            for member in members where seen.insert(member).inserted {
                chosen.append(.site(sites.sites[member]!.choice(name: member), name: member))
            }
        }
        guard !chosen.isEmpty else { throw .unknownSite(option, known: sites.names) }
        return chosen
    }

    /// The site a story's URL is on: a followed site with that host, else the URL's own site,
    /// as `--site URL` would read it.
    public static func forStoryURL(_ url: String, sites: FollowedSites) -> SiteSelection {
        let host = Self.host(of: url)
        for name in sites.names {
            let followed = sites.sites[name]!
            if [followed.url, followed.apiRoot].compactMap({ $0 }).contains(where: { Self.host(of: $0) == host }) {
                return .site(followed.choice(name: name), name: name)
            }
        }
        return address(url, sites: sites)
    }

    /// The site a list's story came from, named as the user named it then.
    public static func shown(via: SiteVia, root: String, sites: FollowedSites) -> SiteSelection {
        switch via {
        case .demo:
            return .demo
        case .followed(let name):
            if let followed = sites.sites[name] { return .site(followed.choice(name: name), name: name) }
            return .site(SiteChoice(address: root, knownRoot: APIRoot(discovered: root), label: name), name: nil)
        case .address(let address):
            return .site(SiteChoice(address: address, knownRoot: APIRoot(discovered: root)), name: nil)
        }
    }

    /// How the user named the site, for `read -n` to name it the same way later.
    public var via: SiteVia {
        switch self {
        case .demo: .demo
        case .site(_, let name?): .followed(name)
        case .site(let choice, nil): .address(choice.address)
        }
    }

    public var label: String {
        switch self {
        case .demo: "the demo site"
        case .site(let choice, _): choice.label
        }
    }

    private static func address(_ given: String, sites: FollowedSites) -> SiteSelection {
        let name = sites.names.first { sites.sites[$0]!.url == given }
        return .site(name.map { sites.sites[$0]!.choice(name: $0) } ?? SiteChoice(address: given), name: name)
    }

    /// A word with no dot, colon or slash (and not `localhost`) names a site; an address has one.
    static func looksLikeName(_ text: String) -> Bool {
        !text.contains { $0 == "." || $0 == ":" || $0 == "/" } && text.lowercased() != "localhost"
    }

    /// `host:port` of an address, with or without a scheme, lowercased.
    static func host(of address: String) -> String {
        WebAddress(typed: address).hostAndPort.lowercased()
    }
}

extension FollowedSites.Site {
    func choice(name: String) -> SiteChoice {
        SiteChoice(address: url, knownRoot: root, label: name)
    }
}
