import Foundation
import NewsCore
import TerminalRender

/// The app's frame for a state: the tab bar, the screen, the status line, one styled line
/// per row of the window. Pure, so a state can be drawn in a test.
public struct AppView: Sendable {
    public let state: AppState

    public init(_ state: AppState) {
        self.state = state
    }

    static let selectedStyle = Style(bold: true, inverse: true)
    static let quietStyle = Style(dim: true)
    static let errorStyle = Style(color: .red)
    static let arrivedStyle = Style(bold: true, color: .green)

    public var lines: [StyledLine] {
        var lines = [tabBar]
        let body = state.showsHelp ? help : content
        lines += body.prefix(state.contentHeight)
        lines += Array(repeating: StyledLine(), count: max(state.contentHeight - body.count, 0))
        lines.append(statusLine)
        return lines
    }

    /// Where the terminal's cursor shows: in the search field while it is typed into.
    public var cursor: (row: Int, column: Int)? {
        guard state.tab == .search, state.stacks[.search]?.isEmpty ?? true, state.search.editing, !state.showsHelp else { return nil }
        return (1, searchScreen.cursorColumn(editor: state.search.editor))
    }

    // MARK: Bars

    var tabBar: StyledLine {
        var spans: [Span] = []
        for tab in AppState.Tab.allCases {
            let label = " \(tab.rawValue) \(tab.title) "
            spans.append(Span(label, tab == state.tab ? Self.selectedStyle : .plain))
        }
        spans.append(Span(" " + [state.siteName, freshness].compactMap { $0 }.joined(separator: " · "), Self.quietStyle))
        return fitted(spans)
    }

    /// Live, from the cache and how old, or offline, for the list on screen.
    var freshness: String? {
        guard let screen = state.screen, case .stories(let list) = screen.content, let origin = list.origin else { return nil }
        switch origin {
        case .network: return "live"
        case .cache(let fetchedAt): return "cached \(state.dates.describe(fetchedAt))"
        case .staleCache(let fetchedAt, _): return "offline, copy from \(state.dates.describe(fetchedAt))"
        }
    }

    var statusLine: StyledLine {
        if let status = state.status { return fitted([Span(status)]) }
        if let screen = state.screen {
            if let error = screen.error { return fitted([Span(error + " · r to retry", Self.errorStyle)]) }
            if screen.loading { return fitted([Span("loading…", Self.quietStyle)]) }
        }
        let hints = switch state.screen?.content {
        case .reader?: "j/k scroll · Space page · n/p next/previous · q back · ? keys"
        case .stories?, .terms?: "j/k move · Enter open · r refresh · 1-6 tabs · q back/quit · ? keys"
        case nil: state.search.editing ? "type to search · ↑↓ select · Enter read · Esc list keys" : "/ search · j/k move · Enter read · q quit"
        }
        return fitted([Span(hints, Self.quietStyle)])
    }

    // MARK: Screens

    var content: [StyledLine] {
        guard let screen = state.screen else {
            return state.tab == .search ? searchScreen.lines(editor: state.search.editor, state: state.search.state, selection: state.search.selection) : []
        }
        switch screen.content {
        case .stories(let list): return storyRows(list, screen)
        case .terms(let terms): return termRows(terms, screen)
        case .reader(let reader): return Array(reader.lines.dropFirst(screen.top).prefix(state.contentHeight))
        }
    }

    var searchScreen: SearchScreen {
        SearchScreen(width: state.width, height: state.contentHeight, dates: state.dates)
    }

    func storyRows(_ list: StoryListContent, _ screen: Screen) -> [StyledLine] {
        if list.stories.isEmpty && !screen.loading && screen.error == nil {
            return [StyledLine([Span("No stories in \(list.title) yet.", Self.quietStyle)])]
        }
        var lines: [StyledLine] = []
        let digits = String(list.stories.count).count
        for index in list.stories.indices.dropFirst(screen.top).prefix(state.visibleStories) {
            let story = list.stories[index]
            let selected = index == screen.cursor
            let number = String(index + 1)
            let gutter = (selected ? ">" : " ") + String(repeating: " ", count: digits - number.count) + number + ". "
            let margin = String(repeating: " ", count: gutter.count)
            var titleStyle = story.state.isRead ? Self.quietStyle : Style(bold: true)
            if list.arrived.contains(story.id) { titleStyle = Self.arrivedStyle }
            titleStyle.inverse = selected
            let marker = story.state.isNew ? "NEW " : story.state.isUpdated ? "UPDATED " : ""
            let meta = [state.dates.describe(story.date), story.author?.name, story.categories.isEmpty ? nil : story.categories.map(\.name).joined(separator: ", "),
                        story.state.isRead ? "read" : nil].compactMap { $0 }.joined(separator: " · ")
            lines.append(fitted([Span(gutter, Self.quietStyle), Span(marker, Style(bold: true, color: .green)), Span(story.title.isEmpty ? "(no title)" : story.title, titleStyle)]))
            lines.append(fitted([Span(margin), Span(meta, Style(color: .cyan))]))
            lines.append(fitted([Span(margin), Span(story.excerpt)]))
            lines.append(StyledLine())
        }
        return lines
    }

    func termRows(_ terms: TermListContent, _ screen: Screen) -> [StyledLine] {
        if terms.rows.isEmpty && !screen.loading && screen.error == nil {
            return [StyledLine([Span("Nothing here yet.", Self.quietStyle)])]
        }
        return terms.rows.indices.dropFirst(screen.top).prefix(state.contentHeight).map { index in
            let row = terms.rows[index]
            let selected = index == screen.cursor
            let indent = String(repeating: "  ", count: row.depth)
            var spans = [Span(selected ? ">" : " "), Span(indent), Span(row.label, selected ? Self.selectedStyle : .plain)]
            if let count = row.count { spans.append(Span(" \(count)", Self.quietStyle)) }
            return fitted(spans)
        }
    }

    var help: [StyledLine] {
        let keys = [
            ("1-6, Tab", "switch tabs"), ("j k, Down Up", "move, or scroll the article"), ("Space b, PgDn PgUp", "a page down, up"),
            ("g G", "top, bottom"), ("Enter", "open"), ("q", "back; quit from a tab's first screen"),
            ("Esc h Left Backspace", "back"), ("n p", "next, previous story (in the reader)"), ("r", "refresh"),
            ("/", "back to the search field (Search tab)"), ("?", "this help"), ("Ctrl-C", "quit"),
        ]
        return [StyledLine([Span("Keys", Style(bold: true))]), StyledLine()] + keys.map { key, action in
            fitted([Span("  " + key.padding(toLength: 22, withPad: " ", startingAt: 0), Style(bold: true)), Span(action)])
        } + [StyledLine(), StyledLine([Span("any key closes this", Self.quietStyle)])]
    }

    /// The spans cut to the window's width, an ellipsis where text was cut.
    func fitted(_ spans: [Span]) -> StyledLine {
        var room = state.width
        var kept: [Span] = []
        for var span in spans {
            // One row each: line breaks in an excerpt or a name would break the frame.
            if span.text.contains(where: \.isNewline) || span.text.contains("\t") {
                span = Span(span.text.map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined(), span.style)
            }
            let width = DisplayWidth.of(span.text)
            if width <= room {
                kept.append(span)
                room -= width
                continue
            }
            if room > 1 { kept.append(Span(String(DisplayWidth.split(Substring(span.text), fitting: room - 1).head) + "…", span.style)) }
            break
        }
        return StyledLine(kept)
    }
}
