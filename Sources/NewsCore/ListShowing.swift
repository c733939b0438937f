/// What a story list (a site's, or the river of several sites) decides the same way, as the
/// user asked for it: which stories of a page it prints, what it says when none are left, and
/// the options that ask for it again.
public struct ListShowing: Sendable {
    /// Stories per page.
    public let perPage: Int
    /// Only the stories not read yet (`--unread`).
    public let unreadOnly: Bool
    /// One line a story (`--compact`).
    public let compact: Bool

    public init(perPage: Int, unreadOnly: Bool, compact: Bool = false) {
        self.perPage = perPage
        self.unreadOnly = unreadOnly
        self.compact = compact
    }

    /// Whether a story is printed: not a read one when only unread ones are.
    public func shows(_ story: Story) -> Bool {
        !unreadOnly || !story.state.isRead
    }

    /// The line printed instead of an empty page. `place`: where the list is ("in Opinion",
    /// "here"), nil when it is of several sites; `listed`: whether the page had stories
    /// before the read ones were left out; `hidden`: how many the user hid.
    public func emptyMessage(place: String?, listed: Bool, hidden: Int) -> String {
        let place = place.map { " " + $0 } ?? ""
        if unreadOnly && listed { return "No unread stories\(place)." }
        if hidden > 0 { return "Only hidden stories\(place)." }
        return "No stories\(place) yet."
    }

    /// The options that change the list, as the user would type them again.
    public var repeatedWords: [String] {
        (perPage != 10 ? ["--per-page", String(perPage)] : []) + (unreadOnly ? ["--unread"] : []) + (compact ? ["--compact"] : [])
    }
}
