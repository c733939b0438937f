import DisplayWidth
import Foundation
import NewsCore
import TerminalInput
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

    public var lines: [StyledLine] {
        var lines = [tabBar]
        let body = state.showsHelp ? Array(help.dropFirst(state.helpTop)) : content
        lines += body.prefix(state.contentHeight)
        lines += Array(repeating: StyledLine(), count: max(state.contentHeight - body.count, 0))
        lines.append(statusLine)
        return state.accessible ? lines.map(PlainGlyphs.of) : lines
    }

    /// The reader's graphics to place over the frame, by the 0-based screen row of their top
    /// and the column the reader's text starts at (its margin on a wide window): only those
    /// wholly on screen, since a terminal cannot show part of one. Help covers them.
    public var pictures: [(row: Int, column: Int, graphics: TerminalGraphics)] {
        guard !state.showsHelp, let screen = state.screen, case .reader(let reader) = screen.content else { return [] }
        let shown = screen.top..<(screen.top + state.contentHeight)
        return reader.placements.filter { line, graphics in
            shown.contains(line) && line + graphics.rows <= shown.upperBound
        }.map { (row: $0.key - screen.top + 1, column: state.readerMargin, graphics: $0.value) }.sorted { $0.row < $1.row }
    }

    /// Where the frame leaves the terminal's cursor: in the line being typed, shown; else at
    /// the start of what is selected (`selectionStart`), shown only in the accessible layout.
    public var cursor: FrameWriter.Cursor {
        if !state.showsHelp, let prompt = state.prompt {
            return FrameWriter.Cursor(row: state.height - 1, column: DisplayWidth.of(Self.promptLabel(prompt)) + shownText(of: prompt).cursorColumn, visible: true)
        }
        if !state.showsHelp, state.isSearchFieldShown, state.search.editing {
            return FrameWriter.Cursor(row: 1, column: state.searchScreen.cursorColumn(editor: state.search.editor), visible: true)
        }
        let start = selectionStart
        return FrameWriter.Cursor(row: start.row, column: start.column, visible: state.accessible)
    }

    static func promptLabel(_ prompt: Prompt) -> String {
        switch prompt.purpose {
        case .filter: "/"
        case .find: "find: "
        case .password(again: false): "Password of this story (Enter reads it, Esc cancels): "
        case .password(again: true): "Password not right, try again (Esc cancels): "
        case .goToDate: "Go to date (2024-03-15, 2024-03, 3w, yesterday): "
        case .followSite(url: nil): "Follow a site at (its address or its feed's; Esc cancels): "
        case .followSite: "Its name (Enter: one made from its title or address): "
        }
    }

    /// What the prompt shows of the line typed: nothing of a password, not even its length.
    private func shownText(of prompt: Prompt) -> (text: String, cursorColumn: Int) {
        if case .password = prompt.purpose { return ("", 0) }
        let visible = prompt.editor.visible(width: promptRoom(prompt))
        return (visible.text, visible.cursorColumn)
    }

    private func promptRoom(_ prompt: Prompt) -> Int {
        max(state.width - DisplayWidth.of(Self.promptLabel(prompt)) - 1, 1)
    }

    static let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    // MARK: Bars

    /// What the tab bar shows besides the tabs' numbers and the open tab's name.
    enum TabBarPart: CaseIterable {
        case freshness, siteLabel, listTotals, listName, tabNames
    }

    /// The order in which a narrow window takes the parts away, first to last: where the
    /// reader is (the list's name, then how much of it is loaded) outlasts which site it is.
    static let tabBarCutOrder: [TabBarPart] = [.freshness, .siteLabel, .listTotals, .listName, .tabNames]

    var tabBar: StyledLine {
        // Added the other way round, each while it fits. A part with no room takes those cut
        // before it along (the freshness never shows without the label), except the tab
        // names: their numbers stand in for them, and what follows may fit beside those.
        var shown: Set<TabBarPart> = []
        for part in Self.tabBarCutOrder.reversed() {
            if tabBar(showing: shown.union([part])).width <= state.width {
                shown.insert(part)
            } else if part != .tabNames {
                break
            }
        }
        return fitted(tabBar(showing: shown).spans)
    }

    private func tabBar(showing parts: Set<TabBarPart>) -> StyledLine {
        var spans = AppState.Tab.allCases.map { tab in
            let label = parts.contains(.tabNames) || tab == state.tab ? " \(tab.rawValue) \(tab.title) " : " \(tab.rawValue) "
            return Span(label, tab == state.tab ? Self.selectedStyle : .plain)
        }
        let heading = listHeading
        let list = [parts.contains(.listName) ? heading?.name : nil, parts.contains(.listTotals) ? heading?.totals : nil].compactMap { $0 }
        if !list.isEmpty { spans.append(Span(" " + list.joined(separator: " · "))) }
        // A site given by address is named by it: the scheme only takes room.
        let site = ["https://", "http://"].first { state.siteName.hasPrefix($0) }.map { String(state.siteName.dropFirst($0.count)) } ?? state.siteName
        let about = [parts.contains(.siteLabel) ? site : nil, parts.contains(.freshness) ? freshness : nil].compactMap { $0 }
        if !about.isEmpty { spans.append(Span((list.isEmpty ? " " : " · ") + about.joined(separator: " · "), Self.quietStyle)) }
        return StyledLine(spans)
    }

    /// The story list on screen, as the tab bar names it: `Design` and `20 of 141`.
    private var listHeading: (name: String?, totals: String?)? {
        guard let screen = state.screen, case .stories(let list) = screen.content else { return nil }
        return (list.title == state.tab.title ? nil : list.title, list.totals)
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
        // The help's own footer, not the hints of the screen under it.
        if state.showsHelp { return fitted([Span("\(keys(.down))/\(keys(.up)) scroll · any other key closes this", Self.quietStyle)]) }
        if let prompt = state.prompt {
            // A filter says how many rows it keeps as it is typed.
            let kept = prompt.purpose == .filter ? filterCounts.map { [Span("  " + $0, Self.quietStyle)] } ?? [] : []
            return fitted([Span(Self.promptLabel(prompt), Style(bold: true)), Span(shownText(of: prompt).text)] + kept)
        }
        guard let position = readerPosition, state.width >= position.count + 20 else { return screenStatus }
        // At the right end, as pagers put it, where it fits: the hints are cut to make room
        // for it, but a notice or an error is not, and hides it instead.
        let room = state.width - position.count - 1
        let isHint = state.status == nil && state.screen?.error == nil
        guard screenStatus.width <= room || isHint else { return screenStatus }
        let said = StyledLine(cutting: screenStatus.spans, toWidth: room)
        return StyledLine(said.spans + [Span(String(repeating: " ", count: room - said.width + 1)), Span(position, Self.quietStyle)])
    }

    /// What the status line says of the screen: a notice, an error, the spinner or the hints;
    /// in the accessible layout also what the search is doing, said nowhere else there.
    private var screenStatus: StyledLine {
        if let status = state.status { return fitted([Span(status)]) }
        // Before a search, the hints say the same as the search's own "Type to search".
        if state.screen == nil, state.tab == .search, state.accessible, let phase = state.search.state?.phase, phase != .idle {
            return state.searchScreen.status(for: state.search.state, query: state.search.editor.text, editing: state.search.editing)
        }
        if let screen = state.screen {
            if let error = screen.error { return fitted([Span(error + " · \(keys(.refresh)) to retry", Self.errorStyle)]) }
            if screen.loading { return fitted([Span((state.accessible ? "" : "\(Self.spinner[state.ticks % Self.spinner.count]) ") + "loading…", Self.quietStyle)]) }
        }
        return fitted([Span(hints, Self.quietStyle)])
    }

    private var hints: String {
        switch state.screen?.content {
        case .reader?:
            "\(keys(.down))/\(keys(.up)) scroll · \(keys(.nextStory))/\(keys(.previousStory)) next/previous · \(keys(.links)) links · \(keys(.comments)) comments · \(keys(.close)) back · \(keys(.help)) keys"
        case .stories(let list)?:
            // What narrows the list comes first, while it is on.
            (listModes(list) + ["\(keys(.open)) read · \(keys(.hide)) hide · \(keys(.toggleRead)) read/unread · \(keys(.find)) filter · \(keys(.refresh)) refresh · \(tabKeys) tabs · \(keys(.help)) keys"])
                .joined(separator: " · ")
        case .terms(let terms)?:
            ([filterMode(terms.filter)].compactMap { $0 }
                + ["\(keys(.down))/\(keys(.up)) move · \(keys(.open)) open · \(keys(.find)) filter · \(keys(.refresh)) refresh · \(tabKeys) tabs · \(keys(.close)) back/quit · \(keys(.help)) keys"])
                .joined(separator: " · ")
        case nil:
            state.search.editing ? "type to search · " + SearchScreen.fieldKeys : "\(keys(.find)) search · \(keys(.down))/\(keys(.up)) move · \(keys(.open)) read · \(keys(.close)) quit"
        }
    }

    private func listModes(_ list: StoryListContent) -> [String] {
        [state.unreadOnly ? "unread only (\(keys(.unreadOnly)) shows all)" : nil, filterMode(list.filter)].compactMap { $0 }
    }

    /// The filter in force, `/bud  3 of 40 (Esc clears)`; nil without one.
    private func filterMode(_ filter: String) -> String? {
        guard !filter.isEmpty, let counts = filterCounts else { return nil }
        return "/\(filter)  \(counts) (\(keys(.back)) clears)"
    }

    /// The rows the filter keeps of those it narrows, `3 of 40`: a story list's loaded stories,
    /// which the filter does not page past (it says so while more pages are there).
    var filterCounts: String? {
        switch state.screen?.content {
        case .stories(let list)?:
            return "\(list.rows.count) of \(list.stories.count)" + (list.hasMore ? " loaded, not the pages after" : "")
        case .terms(let terms)?:
            let counts = "\(TermListContent.count(terms.rows)) of \(TermListContent.count(terms.allRows))"
            return counts + (terms.askingSite ? " · asking the site…" : "")
        default:
            return nil
        }
    }

    /// The first and the last tab's keys, as in "1-6 tabs".
    private var tabKeys: String {
        "\(keys(.featuredTab))-\(keys(.moreTab))"
    }

    /// An action's first key, as the hints name it.
    private func keys(_ action: Action) -> String {
        state.keys.firstName(of: action)
    }

    // MARK: Screens

    var content: [StyledLine] {
        guard let screen = state.screen else {
            return state.tab == .search ? state.searchScreen.lines(editor: state.search.editor, state: state.search.state, selection: state.search.selection,
                                                                   editing: state.search.editing) : []
        }
        switch screen.content {
        case .stories(let list): return storyRows(list, screen)
        case .terms(let terms) where terms.kind == .tags: return cloudRows(terms, screen)
        case .terms(let terms): return termRows(terms, screen)
        case .reader(let reader): return readerRows(reader, screen)
        }
    }

    /// The article's lines on screen, what a search in it found marked, moved right by the
    /// reader's margin.
    func readerRows(_ reader: ReaderContent, _ screen: Screen) -> [StyledLine] {
        let current = reader.matches.indices.contains(reader.currentMatch) ? reader.matches[reader.currentMatch] : nil
        let found = Set(reader.matches)
        let margin = state.readerMargin > 0 ? [Span(String(repeating: " ", count: state.readerMargin))] : []
        return reader.lines.indices.dropFirst(screen.top).prefix(state.contentHeight).map { index in
            let line = found.contains(index) ? FoundText.marked(reader.find, in: reader.lines[index], current: index == current) : reader.lines[index]
            return line.spans.isEmpty ? line : StyledLine(margin + line.spans)
        }
    }

    /// Where the reader is in its article, as pagers say it: `All` when it fits the window,
    /// `Top`, the share scrolled past as a percentage, `Bot`.
    var readerPosition: String? {
        guard let screen = state.screen, case .reader(let reader) = screen.content, !screen.loading || !reader.lines.isEmpty else { return nil }
        let last = reader.lines.count - state.contentHeight
        if last <= 0 { return "All" }
        if screen.top <= 0 { return "Top" }
        if screen.top >= last { return "Bot" }
        return "\(screen.top * 100 / last)%"
    }

    func storyRows(_ list: StoryListContent, _ screen: Screen) -> [StyledLine] {
        if list.rows.isEmpty && !screen.loading && screen.error == nil {
            let why = !list.filter.isEmpty ? "No story in \(list.title) matches '\(list.filter)'."
                : state.unreadOnly && !list.stories.isEmpty ? "Every story in \(list.title) is read (\(keys(.unreadOnly)) shows them)."
                : "No stories in \(list.title) yet."
            return [StyledLine([Span(why, Self.quietStyle)])]
        }
        var lines: [StyledLine] = []
        for row in shownStoryRows(list, screen) {
            lines += storyLines(list, row: row, screen)
            if !state.oneLineRows { lines.append(StyledLine()) }
        }
        return lines
    }

    /// The rows of a story list on screen, from the first shown.
    func shownStoryRows(_ list: StoryListContent, _ screen: Screen) -> Range<Int> {
        list.rows.indices.dropFirst(screen.top).prefix(state.visibleStories)
    }

    /// One story's lines in its list: a compact line, a sentence (accessible), or a card without
    /// the blank under it.
    func storyLines(_ list: StoryListContent, row: Int, _ screen: Screen) -> [StyledLine] {
        let story = list.stories[list.rows[row]]
        return StoryRow(story, dates: state.dates, isRead: state.isRead(story), isSaved: state.isSaved(story)).lines(
            width: state.width, gutter: .cursor(number: row + 1, digits: String(list.rows.count).count, selected: row == screen.cursor),
            layout: state.accessible ? .sentence(excerpt: state.density == .cards) : state.density == .compact ? .compact : .clipped(excerpt: true), details: .read,
            arrived: state.isFlashing && list.arrived.contains(story.id))
    }

    func termRows(_ terms: TermListContent, _ screen: Screen) -> [StyledLine] {
        if terms.rows.isEmpty && !screen.loading && screen.error == nil {
            return [StyledLine([Span(terms.filter.isEmpty ? "Nothing here yet." : "Nothing here matches '\(terms.filter)'.", Self.quietStyle)])]
        }
        return terms.rows.indices.dropFirst(screen.top).prefix(state.contentHeight).map { index in
            let row = terms.rows[index]
            if row.target == .heading {
                let note = row.keyNote.map { " (\(keys($0.action)) \($0.does))" } ?? ""
                return fitted([Span(String(repeating: "  ", count: row.depth) + row.label + note, row.depth == 0 ? Style(bold: true, underline: true) : Self.quietStyle)])
            }
            let selected = index == screen.cursor
            let indent = String(repeating: "  ", count: row.depth)
            // The accessible layout has no ">": the cursor is on the row, which starts with its label.
            var spans = (state.accessible ? [] : [Span(selected ? ">" : " ")]) + [Span(indent), Span(row.label, selected ? Self.selectedStyle : .plain)]
            if let count = row.count { spans.append(Span(" \(count)", Self.quietStyle)) }
            return fitted(spans)
        }
    }

    /// The Tags tab: the weighted cloud, flowed as `update` moves through it.
    func cloudRows(_ terms: TermListContent, _ screen: Screen) -> [StyledLine] {
        if terms.rows.isEmpty && !screen.loading && screen.error == nil {
            let why = terms.filter.isEmpty ? "No tags on this site yet."
                : terms.askingSite ? "No tag in the cloud matches '\(terms.filter)': asking the site…" : "No tag of this site matches '\(terms.filter)'."
            return [StyledLine([Span(why, Self.quietStyle)])]
        }
        return state.cloudLines(terms.rows).dropFirst(screen.top).prefix(state.contentHeight).map { line in
            StyledLine(line.enumerated().flatMap { place, index in
                let row = terms.rows[index]
                var style = TagCloudView.style(level: row.level ?? 2)
                // Without colour the two heaviest levels would both be only bold.
                style.underline = (row.level ?? 0) >= TagCloud.levels
                style.inverse = index == screen.cursor
                return (place > 0 ? [Span(String(repeating: " ", count: TagCloudView.gap))] : []) + [Span(row.label, style)]
            })
        }.map { fitted($0.spans) }
    }

    /// Every action, its keys, what it does: `[keys]` in config.toml uses these names.
    var help: [StyledLine] {
        let keyColumn = Action.allCases.map { DisplayWidth.of(state.keys.names(of: $0)) }.max()! + 2
        let nameColumn = Action.allCases.map(\.rawValue.count).max()! + 2
        let rows = Action.allCases.map { action in
            fitted([
                Span("  " + state.keys.names(of: action).padding(toLength: keyColumn, withPad: " ", startingAt: 0), Style(bold: true)),
                Span(action.rawValue.padding(toLength: nameColumn, withPad: " ", startingAt: 0), Self.quietStyle), Span(action.summary),
            ])
        }
        return [StyledLine([Span("Keys", Style(bold: true)), Span("  (config.toml [keys] binds the names in the middle)", Self.quietStyle)])]
            + rows
    }

    /// The spans cut to the window's width, an ellipsis where text was cut.
    func fitted(_ spans: [Span]) -> StyledLine {
        StyledLine(cutting: spans, toWidth: state.width)
    }
}
