import WordPressAPI

/// Which site a command reads: `--site` (a configured name first, else a URL), then
/// `$WPNEWS_SITE`, then the default site, then the bundled demo.
public enum SiteSelection: Sendable, Hashable {
    case site(SiteChoice, name: String?)
    case demo

    public static func resolve(option: String?, environment: String?, settings: Settings) -> SiteSelection {
        for given in [option, environment].compactMap({ $0 }) where !given.isEmpty {
            if let configured = settings.sites[given] {
                return .site(configured.choice, name: given)
            }
            return .site(SiteChoice(address: given), name: settings.name(forURL: given))
        }
        if let name = settings.defaultSite, let configured = settings.sites[name] {
            return .site(configured.choice, name: name)
        }
        return .demo
    }
}

extension Settings {
    /// The configured name of the site at `url`, if any.
    func name(forURL url: String) -> String? {
        sites.first { $0.value.url == url }?.key
    }
}

extension Settings.Site {
    var choice: SiteChoice {
        SiteChoice(address: url, knownRoot: apiRoot.map(APIRoot.init(discovered:)))
    }
}
