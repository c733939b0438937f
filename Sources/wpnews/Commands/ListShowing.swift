import NewsCore

/// Every story-list command (a site's lists and the river of `latest --sites`) prints what
/// its options ask for, one way (`ListShowing`).
extension ListOptions {
    var showing: ListShowing {
        ListShowing(perPage: perPage, unreadOnly: unread, compact: compact)
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
