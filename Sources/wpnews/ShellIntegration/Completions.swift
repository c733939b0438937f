import ArgumentParser
import NewsCore

/// What TAB offers beyond the command's own words. The shell scripts ArgumentParser generates
/// (`wpnews --generate-completion-script bash|zsh|fish`) run `wpnews ---completion ...` on
/// every TAB, which calls these closures. They read only local files, the followed sites
/// (sites.toml) and the cache (through the content manager, which only peeks at it), never
/// the network: a TAB must answer at once, also offline.
/// Whatever fails (a broken config.toml, no cache yet) offers nothing rather than printing
/// an error into the middle of the command line being typed.
enum Completions {
    /// The names by which the commands' descriptions ask for the lists below.
    static let siteNamesKey = "site-names"
    static let sitesAndGroupsKey = "sites-and-groups"
    static let categorySlugsKey = "category-slugs"
    static let tagSlugsKey = "tag-slugs"

    /// The followed sites' names, for `--site`.
    static let siteNames = CompletionKind.custom { _, _, prefix in
        guard let context = context([]) else { return [] }
        return context.sites.names.filter { $0.hasPrefix(unquoted(prefix)) }
    }

    /// `all`, the followed sites' names and their groups' names, for `--sites`, which takes
    /// several separated by commas.
    static let sitesAndGroups = CompletionKind.custom { _, _, prefix in
        context([])?.sites.selectionCompletions(for: unquoted(prefix)) ?? []
    }

    /// The cached category slugs of the site the command line names, as the command would pick it.
    static let categorySlugs = CompletionKind.custom { words, _, prefix in
        slugs(words, prefix, ContentManager.cachedCategorySlugs)
    }

    /// The cached tag slugs of the site the command line names.
    static let tagSlugs = CompletionKind.custom { words, _, prefix in
        slugs(words, prefix, ContentManager.cachedTagSlugs)
    }

    /// `lookup`: the content manager's lookup to ask (`ContentManager.cachedTagSlugs`), given
    /// the manager of the context the command would run with.
    private static func slugs(
        _ words: [String], _ prefix: String, _ lookup: (ContentManager) -> (SiteChoice?, String, String) -> [String]
    ) -> [String] {
        // A completion prints names or nothing: no site chosen, no names.
        guard let context = context(words), let selection = try? context.siteSelection() else { return [] }
        let cached = lookup(context.contentManager)
        switch selection {
        case .site(let site, _):
            return cached(site, context.paths.cacheFile, unquoted(prefix))
        case .demo:
            // The bundled snapshot itself: the private copy exists only once the demo was read.
            return context.paths.bundledDemo.map { cached(nil, $0, unquoted(prefix)) } ?? []
        }
    }

    /// The context the command being typed would run with: its `--site` (or `--site=`), else
    /// `WPNEWS_SITE`, else the default site, as `CommandContext` resolves them for a run.
    private static func context(_ words: [String]) -> CommandContext? {
        var site: String?
        for (index, word) in words.enumerated() {
            if word == "--site", index + 1 < words.count {
                site = unquoted(words[index + 1])
            } else if word.hasPrefix("--site=") {
                site = unquoted(String(word.dropFirst("--site=".count)))
            }
        }
        guard let options = try? GlobalOptions.parse(site.map { ["--site", $0] } ?? []) else { return nil }
        // Any mistake in config.toml gives no names rather than a warning under the prompt.
        return try? CommandContext(options: options, contentManager: .shared, settingsNeed: .sections(Set(Settings.Section.allCases)))
    }

    /// Shell words come verbatim: `'city hall'` and `"campus"` as typed, quotes and all.
    private static func unquoted(_ word: String) -> String {
        guard let first = word.first, first == "'" || first == "\"" else { return word }
        let inner = word.dropFirst()
        return String(inner.last == first ? inner.dropLast() : inner)
    }
}
