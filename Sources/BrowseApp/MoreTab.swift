import NewsCore

/// The More tab's rows: the site's pages, then what this machine keeps (the followed sites,
/// the hidden stories).
public enum MoreTab {
    public static func rows(pages: [Page], followed: FollowedSites, hidden: [HiddenStory]) -> [TermRow] {
        let pageRows = pages.map { TermRow(label: $0.displayTitle, depth: 1, target: .page(id: $0.id, title: $0.title)) }
        let siteRows = followed.names.map { name in
            TermRow(label: name + (name == followed.defaultName ? " (default)" : ""), depth: 1, target: .site(name: name))
        }
        let hiddenRows = hidden.map { hidden in
            TermRow(label: hidden.story.map { $0.displayTitle } ?? "story \(hidden.id) (no longer in the cache)",
                    depth: 1, target: .hidden(storyID: hidden.id))
        }
        return section("Pages", pageRows, empty: "(none)")
            + section("Sites", siteRows, empty: "(none followed: wpnews sites add NAME URL)")
            + section("Hidden stories (Enter unhides)", hiddenRows, empty: "(none)")
    }

    private static func section(_ title: String, _ rows: [TermRow], empty: String) -> [TermRow] {
        [TermRow(label: title, target: .heading)] + (rows.isEmpty ? [TermRow(label: empty, depth: 1, target: .heading)] : rows)
    }
}
