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

extension Output {
    /// The list printed could not be kept for `read -n`: the command still succeeded.
    func warnNotRemembered(_ error: any Error) {
        note("wpnews: warning: could not remember the list for `read -n`: \(ErrorMessage.line(for: error))")
    }
}
