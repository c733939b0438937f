import DisplayWidth
import TerminalRender

extension AppView {
    /// Where what the user is on starts on screen (0-based row and column), where the frame
    /// leaves the cursor for a screen reader to read: the selected story, term or search
    /// result at its row's first column, the selected tag of the cloud at its word, in the
    /// reader (and the help) the first line of text shown; the first row of the screen when
    /// nothing is selected. Worked out from the same rows and tops the view draws with.
    var selectionStart: (row: Int, column: Int) {
        let top = (row: 1, column: 0)
        if state.showsHelp { return top }
        guard let screen = state.screen else {
            guard state.tab == .search else { return top }
            let line = state.searchScreen.selectedLine(selection: state.search.selection, count: state.search.hits.count)
            return line.map { (row: 1 + $0, column: 0) } ?? top
        }
        switch screen.content {
        case .stories(let list):
            guard list.rows.indices.contains(screen.cursor) else { return top }
            return (row: firstLine(ofStory: screen.cursor, screen), column: 0)
        case .terms(let terms) where terms.kind == .tags:
            let lines = state.cloudLines(terms.rows)
            guard let line = lines.firstIndex(where: { $0.contains(screen.cursor) }),
                  let word = placed(lines[line], of: terms).first(where: { $0.index == screen.cursor }) else { return top }
            return (row: 1 + line - screen.top, column: word.columns.lowerBound)
        case .terms(let terms):
            guard terms.rows.indices.contains(screen.cursor) else { return top }
            return (row: 1 + screen.cursor - screen.top, column: 0)
        case .reader(let reader):
            // The view sets in only the lines with text by the margin.
            let shown = reader.lines.indices.dropFirst(screen.top).prefix(state.contentHeight)
            guard let first = shown.first(where: { !reader.lines[$0].spans.isEmpty }) else { return top }
            return (row: 1 + first - screen.top, column: state.readerMargin)
        }
    }
}
