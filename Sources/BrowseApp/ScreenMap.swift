import DisplayWidth
import NewsCore
import TerminalRender

/// Where on a frame the things a click can reach were drawn: the tabs, the rows of the list
/// on screen, the numbered links in the reader's text. `AppView` makes it from the same
/// layout it draws, and a click is read against the map of the frame the user saw, not
/// against a state that may have moved on since.
public struct ScreenMap: Sendable, Hashable {
    public enum Target: Sendable, Hashable {
        case tab(AppState.Tab)
        /// A row of the screen's list (a story, a category, a tag, a row of More), by its
        /// index among the rows.
        case row(Int)
        /// A link's number (`[3]`) in the reader: in its text, after a name in its header, in
        /// its Links list.
        case link(number: Int)
    }

    struct Region: Sendable, Hashable {
        let line: Int
        let columns: Range<Int>
        let target: Target
    }

    /// The tab and screen the frame showed: a click meant for them does nothing elsewhere.
    let tab: AppState.Tab
    let screenID: ScreenID?
    var regions: [Region] = []

    /// The map of a frame with nothing to click, before the first one is drawn.
    public static let empty = ScreenMap(tab: .featured, screenID: nil)

    /// What was drawn at a cell (0-based, the tab bar being line 0); nil for nothing.
    public func target(column: Int, line: Int) -> Target? {
        regions.first { $0.line == line && $0.columns.contains(column) }?.target
    }

    mutating func add(_ target: Target, line: Int, columns: Range<Int>) {
        guard !columns.isEmpty else { return }
        regions.append(Region(line: line, columns: columns, target: target))
    }
}

extension AppView {
    /// Where the frame of `lines` puts what a click can reach. Help covers the screen, and
    /// clicks with it.
    public var screenMap: ScreenMap {
        var map = ScreenMap(tab: state.tab, screenID: state.screen?.id)
        guard !state.showsHelp else { return map }
        addTabs(to: &map)
        guard let screen = state.screen else { return map }
        // The screen's first line is under the tab bar.
        let top = 1
        let whole = 0..<state.width
        switch screen.content {
        case .stories(let list):
            // A card's blank line under it belongs to no story.
            let height = state.oneLineRows ? 1 : state.rowsPerStory - 1
            for row in shownStoryRows(list, screen) {
                let line = firstLine(ofStory: row, screen)
                for offset in 0..<height where line + offset < top + state.contentHeight {
                    map.add(.row(row), line: line + offset, columns: whole)
                }
            }
        case .terms(let terms) where terms.kind == .tags:
            for (offset, words) in state.cloudLines(terms.rows).dropFirst(screen.top).prefix(state.contentHeight).enumerated() {
                for word in placed(words, of: terms) {
                    map.add(.row(word.index), line: top + offset, columns: word.columns.clamped(to: 0..<state.width))
                }
            }
        case .terms(let terms):
            for (offset, index) in terms.rows.indices.dropFirst(screen.top).prefix(state.contentHeight).enumerated()
            where terms.rows[index].target != .heading {
                map.add(.row(index), line: top + offset, columns: whole)
            }
        case .reader(let reader):
            // Read from the text drawn, not its spans: the header writes its numbers into the
            // names' text, and the Links list pads them to line up. A number no link has is
            // left alone.
            let count = reader.links.count + reader.headerLinks.count
            for (offset, line) in readerRows(reader, screen).enumerated() {
                for mark in LinkLabel.marks(in: line.plainText) where mark.number <= count {
                    map.add(.link(number: mark.number), line: top + offset, columns: mark.columns.clamped(to: 0..<state.width))
                }
            }
        }
        return map
    }

    /// The screen line a story list's row starts on: the cursor goes there, a click there
    /// selects it.
    func firstLine(ofStory row: Int, _ screen: Screen) -> Int {
        1 + (row - screen.top) * state.rowsPerStory
    }

    /// The columns each tag of a line of the cloud is drawn at, by its index among the rows.
    func placed(_ words: [Int], of terms: TermListContent) -> [(index: Int, columns: Range<Int>)] {
        var column = 0
        return words.map { index in
            let width = DisplayWidth.of(terms.rows[index].label)
            defer { column += width + TagCloudView.gap }
            return (index, column..<column + width)
        }
    }

    /// The tabs on the tab bar as drawn: its first spans, one a tab, in their order. A bar
    /// cut short by a narrow window keeps the tabs that still show.
    private func addTabs(to map: inout ScreenMap) {
        var column = 0
        for (tab, span) in zip(AppState.Tab.allCases, tabBar.spans) {
            // Something else first on the bar would be no tab: nothing is clickable then.
            guard span.text.trimmingPrefix(" ").hasPrefix(String(tab.rawValue)) else { return }
            let width = DisplayWidth.of(span.text)
            map.add(.tab(tab), line: 0, columns: column..<min(column + width, state.width))
            column += width
        }
    }
}
