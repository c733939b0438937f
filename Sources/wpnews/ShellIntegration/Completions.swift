import CommandLineParsing
import NewsCore

/// What TAB offers. The shells' scripts (`wpnews --generate-completion-script bash|zsh|fish`,
/// `CompletionScript`) run `wpnews ---completion ...` on every TAB, answered here from the
/// commands' descriptions; the lists only wpnews can make (the followed sites, cached slugs)
/// read only local files, the followed sites (sites.toml) and the cache (through the content
/// manager, which only peeks at it), never the network: a TAB must answer at once, also offline.
/// Whatever fails (a broken config.toml, no cache yet) offers nothing rather than printing
/// an error into the middle of the command line being typed.
enum Completions {
    /// The names by which the commands' descriptions ask for the lists below.
    static let siteNamesKey = "site-names"
    static let sitesAndGroupsKey = "sites-and-groups"
    static let categorySlugsKey = "category-slugs"
    static let tagSlugsKey = "tag-slugs"

    /// The answer to `---completion -- any WORD-INDEX CURSOR WORDS...` (zsh's and fish's
    /// scripts), a candidate a line: WORDS are the command line's, `wpnews` first, and the
    /// word at WORD-INDEX is being typed, up to CURSOR.
    ///
    /// Bash's script sends `-- line BREAKS LINE` instead: the line as typed up to the cursor,
    /// split here (`TypedLine`), and its `COMP_WORDBREAKS`, so each candidate is sent without
    /// the start of the word that bash keeps.
    static func answer(_ arguments: ArraySlice<String>, root: CommandDescription) -> [String] {
        let request = Array(arguments.drop { $0 != "--" }.dropFirst())
        if request.first == "line", request.count == 3 {
            let line = TypedLine(request[2])
            let kept = line.keptByShell(breaks: request[1])
            let found = CompletionFinder.complete(Array(line.words.dropFirst()), root: root)
            return candidates(found, words: line.words).compactMap { candidate in
                if candidate.hasPrefix(CompletionScript.filesMarker) { return candidate }
                return candidate.hasPrefix(kept) ? String(candidate.dropFirst(kept.count)) : nil
            }
        }
        guard request.count >= 4, request[0] == "any", let index = Int(request[1]), let cursor = Int(request[2]) else { return [] }
        let words = Array(request.dropFirst(3))
        guard index >= 1, index < words.count else { return [] }
        let typing = String(words[index].prefix(max(0, cursor)))
        return candidates(CompletionFinder.complete(Array(words[1..<index]) + [typing], root: root), words: words)
    }

    /// The lines of an answer: its candidates, or the files marker and the extensions.
    private static func candidates(_ found: CompletionAnswer, words: [String]) -> [String] {
        switch found {
        case .words(let candidates): candidates
        case .files(let extensions): [([CompletionScript.filesMarker] + extensions).joined(separator: " ")]
        case .dynamic(let name, let prefix): offer(name, words: words, prefix: prefix)
        case .attached(let lead, let value):
            candidates(value, words: words).map { $0.hasPrefix(CompletionScript.filesMarker) ? $0 : lead + $0 }
        }
    }

    /// The list a description names, for the word being typed.
    static func offer(_ name: String, words: [String], prefix: String) -> [String] {
        switch name {
        case siteNamesKey: siteNames(prefix)
        case sitesAndGroupsKey: context([])?.sites.selectionCompletions(for: unquoted(prefix)) ?? []
        case categorySlugsKey: slugs(words, prefix, ContentManager.cachedCategorySlugs)
        case tagSlugsKey: slugs(words, prefix, ContentManager.cachedTagSlugs)
        default: []
        }
    }

    /// The followed sites' names, for `--site`.
    private static func siteNames(_ prefix: String) -> [String] {
        guard let context = context([]) else { return [] }
        return context.sites.names.filter { $0.hasPrefix(unquoted(prefix)) }
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
        guard let options = try? GlobalOptions(site: site) else { return nil }
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
