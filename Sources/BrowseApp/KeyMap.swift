import TerminalInput
import TerminalRender

/// What a key can do in the app. The raw values are the names `[keys]` in config.toml binds.
public enum Action: String, CaseIterable, Sendable {
    case down, up
    case pageDown = "page_down", pageUp = "page_up"
    case top, bottom
    case left, right
    case open, back, close, quit
    case nextTab = "next_tab", previousTab = "previous_tab"
    case featuredTab = "featured_tab", latestTab = "latest_tab", categoriesTab = "categories_tab"
    case tagsTab = "tags_tab", searchTab = "search_tab", moreTab = "more_tab"
    case nextStory = "next_story", previousStory = "previous_story", nextUnread = "next_unread"
    case nextMatch = "next_match", previousMatch = "previous_match"
    case refresh
    case openInBrowser = "open_in_browser", copyLink = "copy_link"
    case hide, undo
    case save
    case toggleRead = "toggle_read", markAllRead = "mark_all_read", unreadOnly = "unread_only"
    case toggleDensity = "toggle_density"
    case find, links, comments, help
    case fullText = "full_text"
    case goToDate = "go_to_date"

    var defaultKeys: [Key] {
        switch self {
        case .down: [.character("j"), .down, .wheelDown]
        case .up: [.character("k"), .up, .wheelUp]
        case .pageDown: [.character(" "), .pageDown]
        case .pageUp: [.character("b"), .pageUp]
        case .top: [.character("g"), .home]
        case .bottom: [.character("G"), .end]
        case .left: [.left]
        case .right: [.right]
        case .open: [.enter]
        case .back: [.escape, .character("h"), .left, .backspace]
        case .close: [.character("q")]
        case .quit: [.control("c")]
        case .nextTab: [.tab]
        case .previousTab: [.backTab]
        case .featuredTab: [.character("1")]
        case .latestTab: [.character("2")]
        case .categoriesTab: [.character("3")]
        case .tagsTab: [.character("4")]
        case .searchTab: [.character("5")]
        case .moreTab: [.character("6")]
        case .nextStory: [.character("n")]
        case .previousStory: [.character("p")]
        case .nextUnread: [.character(".")]
        case .nextMatch: [.character("n")]
        case .previousMatch: [.character("N")]
        case .refresh: [.character("r")]
        case .openInBrowser: [.character("o")]
        case .copyLink: [.character("y")]
        case .hide: [.character("d")]
        case .undo: [.character("u")]
        case .save: [.character("s")]
        case .toggleRead: [.character("m")]
        case .markAllRead: [.character("A")]
        case .unreadOnly: [.character("U")]
        case .toggleDensity: [.character("v")]
        case .find: [.character("/")]
        case .links: [.character("l")]
        case .comments: [.character("c")]
        case .help: [.character("?")]
        case .fullText: [.character("F")]
        case .goToDate: [.character(":")]
        }
    }

    /// What the help overlay says the action does.
    public var summary: String {
        switch self {
        case .down: "move down, or scroll the article"
        case .up: "move up, or scroll the article"
        case .pageDown: "a page down"
        case .pageUp: "a page up"
        case .top: "to the top"
        case .bottom: "to the bottom"
        case .left: "the tag before (in the cloud)"
        case .right: "the tag after (in the cloud)"
        case .open: "open; in the article, follow the link whose number was typed"
        case .back: "back (nothing on a tab's first screen)"
        case .close: "back; quit from a tab's first screen"
        case .quit: "quit"
        case .nextTab: "the next tab"
        case .previousTab: "the tab before"
        case .featuredTab: "tab 1, Featured"
        case .latestTab: "tab 2, Latest"
        case .categoriesTab: "tab 3, Categories"
        case .tagsTab: "tab 4, Tags"
        case .searchTab: "tab 5, Search"
        case .moreTab: "tab 6, More: pages, sites, saved, hidden"
        case .nextStory: "the next story of the list (in the article)"
        case .previousStory: "the story before (in the article)"
        case .nextUnread: "the next unread story of the list (in the article)"
        case .nextMatch: "the next match of a search in the article"
        case .previousMatch: "the match before"
        case .refresh: "ask the site again"
        case .openInBrowser: "open the story in the browser"
        case .copyLink: "copy the story's link (to the terminal's clipboard)"
        case .hide: "hide the story from every list"
        case .undo: "undo the last hide"
        case .save: "save the story with its article, or unsave it (More lists them)"
        case .toggleRead: "mark read or unread"
        case .markAllRead: "mark every story of the list read"
        case .unreadOnly: "show unread stories only, or all"
        case .toggleDensity: "a line a story, or cards with the excerpt ([app] list)"
        case .find: "filter the list; search in the article; back to the search field"
        case .links: "the article's links"
        case .comments: "the article's comments"
        case .help: "this help"
        case .fullText: "the whole article from the story's web page; again, back to the summary"
        case .goToDate: "open the list at a date: 2024-03-15, 2024-03, 3w, yesterday"
        }
    }
}

/// Which actions each key does: the defaults, with the bindings of `[keys]` over them. A key
/// the user binds leaves the actions it did by default, so binding `d` to `down` does not
/// also hide a story.
public struct KeyMap: Sendable {
    private var actionsByKey: [Key: [Action]] = [:]
    public private(set) var keysByAction: [Action: [Key]] = [:]
    /// Entries of `[keys]` that were not used, said on the status line at start.
    public private(set) var problems: [String] = []

    /// `bindings`: action name to key names, as config.toml spells them; `badEntries`: what
    /// the configuration reader could not take at all.
    public init(bindings: [String: [String]] = [:], badEntries: [String] = []) {
        problems = badEntries
        var chosen: [Action: [Key]] = [:]
        for (name, keyNames) in bindings.sorted(by: { $0.key < $1.key }) {
            guard let action = Action(rawValue: name) else {
                problems.append("keys.\(name): no such action (the help, ?, lists them)")
                continue
            }
            let keys = keyNames.compactMap(Key.init(name:))
            guard keys.count == keyNames.count, !keys.isEmpty else {
                let bad = keyNames.filter { Key(name: $0) == nil }.map { "'\($0)'" }.joined(separator: ", ")
                problems.append("keys.\(name): \(bad.isEmpty ? "no key given" : "not a key name: " + bad); the default stays")
                continue
            }
            chosen[action] = keys
        }
        let rebound = Set(chosen.values.joined())
        for action in Action.allCases {
            keysByAction[action] = chosen[action] ?? action.defaultKeys.filter { !rebound.contains($0) }
        }
        for action in Action.allCases {
            for key in keysByAction[action]! { actionsByKey[key, default: []].append(action) }
        }
    }

    /// The actions of a key, in the order of `Action.allCases`: where two apply, the screen
    /// takes the first that means something there (`n`: the next story, or the next match).
    func actions(for key: Key) -> [Action] {
        actionsByKey[key] ?? []
    }

    /// The first key of an action, as hints and notices name it.
    public func firstName(of action: Action) -> String {
        keysByAction[action]?.first?.name ?? "-"
    }

    /// The key names of an action, for the help overlay and the status line's hints.
    public func names(of action: Action) -> String {
        (keysByAction[action] ?? []).map(\.name).joined(separator: " ")
    }
}
