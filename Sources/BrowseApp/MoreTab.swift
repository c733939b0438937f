import DisplayWidth
import NewsCore

/// The More tab's rows: the site's pages, then what this machine keeps (the followed sites
/// and a row to follow another, the saved stories of every site, the hidden stories). Only
/// the pages wait for the site: the rest shows at once, also when the site does not answer,
/// so the user can always switch to another site.
public enum MoreTab {
    /// The site's pages as far as they are known.
    public enum SitePages: Sendable {
        case loading
        case loaded([Page])
        /// Neither the site nor the cache had them: why, in one line.
        case missing(String)
    }

    /// `unread`: each site's cached stories neither read nor hidden, by name (`UnreadCounts`).
    public static func rows(pages: SitePages, followed: FollowedSites, unread: [String: Int] = [:], saved: [SavedStory], hidden: [HiddenStory]) -> [TermRow] {
        let siteRows = followed.names.map { name in
            TermRow(label: name + (name == followed.defaultName ? " (default)" : "") + " · \(unread[name] ?? 0) unread", depth: 1, target: .site(name: name))
        }
        let hiddenRows = hidden.map { hidden in
            TermRow(label: hidden.story.map { $0.displayTitle } ?? "story \(hidden.id) (no longer in the cache)",
                    depth: 1, target: .hidden(storyID: hidden.id))
        }
        // Last among the sites, so never empty: it asks for a new one's address and name.
        let follow = TermRow(label: "Follow a site…", depth: 1, target: .followSite)
        return pageSection(pages)
            + [TermRow(label: "Sites", target: .heading)] + siteRows + [follow]
            + section("Saved stories", savedRows(saved), empty: "(none: s saves a story)")
            + section("Hidden stories", hiddenRows, empty: "(none)", keyNote: .init(.open, does: "unhides"))
    }

    /// Newest saved first, as given, each after its site's name in a column of its own.
    private static func savedRows(_ saved: [SavedStory]) -> [TermRow] {
        let siteWidth = saved.map { DisplayWidth.of($0.siteName) }.max() ?? 0
        return saved.map { saved in
            let padding = String(repeating: " ", count: siteWidth - DisplayWidth.of(saved.siteName))
            return TermRow(label: saved.siteName + padding + "  " + saved.story.displayTitle, depth: 1,
                           target: .saved(siteRoot: saved.siteRoot, storyID: saved.story.id, title: saved.story.displayTitle))
        }
    }

    private static func pageSection(_ pages: SitePages) -> [TermRow] {
        switch pages {
        case .loading:
            return section("Pages", [], empty: "(loading…)")
        case .missing(let reason):
            return section("Pages", [], empty: "(missing: \(reason))")
        case .loaded(let pages):
            // A tree, as `wpnews pages` shows it: each page under its parent, siblings in the order given.
            let rows = TreeOrder(pages, id: \.id, parent: \.parent).rows.map { page, depth in
                TermRow(label: page.displayTitle, depth: depth + 1, target: .page(id: page.id, title: page.title))
            }
            return section("Pages", rows, empty: "(none)")
        }
    }

    private static func section(_ title: String, _ rows: [TermRow], empty: String, keyNote: TermRow.KeyNote? = nil) -> [TermRow] {
        [TermRow(label: title, target: .heading, keyNote: keyNote)] + (rows.isEmpty ? [TermRow(label: empty, depth: 1, target: .heading)] : rows)
    }
}
