import NewsCore

/// The live search screen: a one-line prompt, a status line, then the results, the
/// selected one highlighted, scrolled so that it is always in view.
public struct SearchScreen: Sendable {
    public let width: Int
    public let height: Int
    public let dates: RelativeDate

    public init(width: Int, height: Int, dates: RelativeDate) {
        self.width = max(width, 20)
        self.height = max(height, 4)
        self.dates = dates
    }

    static let promptLabel = "Search: "
    static let statusStyle = Style(dim: true)
    static let errorStyle = Style(color: .red)

    /// Where the terminal's cursor goes: the prompt line, at the editor's cursor.
    public func cursorColumn(editor: LineEditor) -> Int {
        DisplayWidth.of(Self.promptLabel) + editor.visible(width: width - DisplayWidth.of(Self.promptLabel) - 1).cursorColumn
    }

    public func lines(editor: LineEditor, state: LiveSearch.State?, selection: Int) -> [StyledLine] {
        let field = editor.visible(width: width - DisplayWidth.of(Self.promptLabel) - 1).text
        var lines = [StyledLine([Span(Self.promptLabel, Style(bold: true)), Span(field)])]
        lines.append(status(for: state, query: editor.text))
        let hits = results(in: state)
        let rows = hits.enumerated().map { index, hit in self.rows(for: hit, number: index + 1, selected: index == selection) }
        // Results take two lines each; keep the selection on screen.
        let room = max((height - lines.count) / 2, 1)
        let first = min(max(selection - room + 1, 0), max(hits.count - room, 0))
        for row in rows.dropFirst(first).prefix(room) { lines += row }
        return Array(lines.prefix(height))
    }

    func results(in state: LiveSearch.State?) -> [SearchResults.Hit] {
        if case .results(let results)? = state?.phase { results.hits } else { [] }
    }

    func status(for state: LiveSearch.State?, query: String) -> StyledLine {
        let text: String
        var style = Self.statusStyle
        switch state?.phase {
        case nil, .idle?:
            text = "Type to search · ↑↓ select · Enter read · Esc quit"
        case .searching?:
            text = "searching…"
        case .failed(let message)?:
            text = message
            style = Self.errorStyle
        case .results(let results)?:
            if results.hits.isEmpty {
                text = "No stories match '\(query)'"
            } else {
                let count = results.total.map { "\($0) found" } ?? "\(results.hits.count) found"
                let offline = if case .fullText(let searched, _) = results.origin { " · offline: searched \(searched) cached stories" } else { "" }
                text = "\(count)\(offline) · ↑↓ select · Enter read · Esc quit"
            }
        }
        let cut = DisplayWidth.of(text) > width ? String(DisplayWidth.split(Substring(text), fitting: width - 1).head) + "…" : text
        return StyledLine([Span(cut, style)])
    }

    func rows(for hit: SearchResults.Hit, number: Int, selected: Bool) -> [StyledLine] {
        let (title, meta): (String, String) = switch hit {
        case .story(let story):
            (story.title.isEmpty ? "(no title)" : story.title,
             ([dates.describe(story.date)] + [story.author?.name].compactMap { $0 } + (story.categories.isEmpty ? [] : [story.categories.map(\.name).joined(separator: ", ")])).joined(separator: " · "))
        case .page(_, let title, _):
            (title.isEmpty ? "(no title)" : title, "page")
        }
        let label = String(number).count >= 3 ? "\(number) " : String(repeating: " ", count: 3 - String(number).count) + "\(number) "
        let room = width - label.count
        let shownTitle = fit(title, room)
        var titleStyle = Style(bold: true)
        titleStyle.inverse = selected
        let padding = selected ? String(repeating: " ", count: max(room - DisplayWidth.of(shownTitle), 0)) : ""
        return [
            StyledLine([Span(label, Style(dim: true)), Span(shownTitle + padding, titleStyle)]),
            StyledLine([Span(String(repeating: " ", count: label.count)), Span(fit(meta, room), Style(dim: true))]),
        ]
    }

    private func fit(_ text: String, _ columns: Int) -> String {
        DisplayWidth.of(text) <= columns ? text : String(DisplayWidth.split(Substring(text), fitting: max(columns - 1, 0)).head) + "…"
    }
}

/// Cursor and screen control for full-screen use: the only escape codes besides styles.
public enum TerminalControl {
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    public static let enableBracketedPaste = "\u{1B}[?2004h"
    public static let disableBracketedPaste = "\u{1B}[?2004l"
    public static let home = "\u{1B}[H"
    public static let clearToEndOfLine = "\u{1B}[K"
    public static let clearBelow = "\u{1B}[J"

    /// 1-based row and column.
    public static func moveCursor(row: Int, column: Int) -> String {
        "\u{1B}[\(row);\(column)H"
    }

    /// A whole frame: each line cleared past its end, the rest of the screen cleared, then
    /// the cursor placed (0-based row and column).
    public static func frame(_ lines: [StyledLine], encoder: ANSIEncoder, cursorRow: Int, cursorColumn: Int) -> String {
        var output = hideCursor + home
        for (index, line) in lines.enumerated() {
            output += encoder.encode([line]).dropLast() + clearToEndOfLine
            if index < lines.count - 1 { output += "\r\n" }
        }
        return output + clearBelow + moveCursor(row: cursorRow + 1, column: cursorColumn + 1) + showCursor
    }
}
