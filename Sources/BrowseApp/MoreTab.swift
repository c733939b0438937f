import NewsCore

/// The More tab's rows: the site's pages, then what this machine keeps (the followed sites,
/// the hidden stories).
public enum MoreTab {
    public static func rows(pages: [Page], followed: FollowedSites, hidden: [HiddenStory]) -> [TermRow] {
        // A tree, as `wpnews pages` shows it: each page under its parent, siblings in the order given.
        let pageRows = TreeOrder(pages, id: \.id, parent: \.parent).rows.map { page, depth in
            TermRow(label: page.displayTitle, depth: depth + 1, target: .page(id: page.id, title: page.title))
        }
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
