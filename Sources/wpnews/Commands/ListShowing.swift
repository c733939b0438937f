import NewsCore

/// What every story-list command (a site's lists and the river of `latest --sites`) decides
/// the same way: which stories it prints, what it says when none are left, and how the
/// user would type it again for the next page.
extension ListOptions {
    /// Whether a story is printed: not a read one with `--unread`.
    func shows(_ story: Story) -> Bool {
        !unread || !story.state.isRead
    }

    /// The line printed instead of an empty page. `place`: where the list is ("in Opinion",
    /// "here"), nil when it is of several sites; `listed`: whether the page had stories
    /// before `--unread`; `hidden`: how many the user hid.
    func emptyMessage(place: String?, listed: Bool, hidden: Int) -> String {
        let place = place.map { " " + $0 } ?? ""
        if unread && listed { return "No unread stories\(place)." }
        if hidden > 0 { return "Only hidden stories\(place)." }
        return "No stories\(place) yet."
    }

    /// The options that change the list, as the user would type them again.
    var repeatedWords: [String] {
        (perPage != 10 ? ["--per-page", String(perPage)] : []) + (unread ? ["--unread"] : [])
    }
}

/// Lines a command printed on one site, numbered as printed.
struct PrintedLines {
    let content: SiteContent
    let via: SiteVia
    let numbered: [(number: Int, kind: ShownList.Item.Kind, id: Int)]
}

/// What every command that prints a list as text does afterwards, one way for a site's list,
/// its search results and the river: the stories count as seen, and the numbered lines are
/// kept for `read -n`. Neither failing fails the command, which printed what was asked: each
/// is one warning. The app marks the lists it shows seen here too, its warning on the status line.
extension CommandContext {
    func markSeen(_ stories: [Story], in content: SiteContent) {
        guard !stories.isEmpty else { return }
        do {
            try content.markSeen(stories)
        } catch {
            output.note("wpnews: warning: could not remember what was shown: \(ErrorMessage.line(for: error))")
        }
    }

    /// Replaces the last list printed with `printed`, each line with its own site, in number
    /// order; kept in `content`'s state.
    func rememberShown(_ printed: [PrintedLines], in content: SiteContent) {
        do {
            let items = try printed.flatMap { try $0.content.shownItems($0.numbered, via: $0.via) }
            try content.shownList.replace(with: items.sorted { $0.number < $1.number })
        } catch {
            output.note("wpnews: warning: could not remember the list for `read -n`: \(ErrorMessage.line(for: error))")
        }
    }
}
