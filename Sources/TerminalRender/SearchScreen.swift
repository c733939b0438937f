import DisplayWidth
import NewsModels
import TerminalInput

/// The live search screen: a one-line prompt, a status line (not with `sentences`), then the
/// results, the selected one highlighted, scrolled so that it is always in view.
public struct SearchScreen: Sendable {
    public let width: Int
    public let height: Int
    public let dates: RelativeDate
    /// A line a result (`StoryRow.Layout.compact`), else two: title, then date and names.
    public let compact: Bool
    /// A line a result, said as a sentence (`StoryRow.Layout.sentence`), for a screen reader,
    /// and no status row: the app's status line says what the search is doing, so that a
    /// reader listening for changes hears them in one place.
    public let sentences: Bool
    /// Sentences asked for as cards: each ends with the story's excerpt, still one line.
    let sentencesWithExcerpts: Bool

    public init(width: Int, height: Int, dates: RelativeDate, compact: Bool = false, sentences: Bool = false) {
        self.width = max(width, 20)
        self.height = max(height, 4)
        self.dates = dates
        self.compact = compact || sentences
        self.sentences = sentences
        sentencesWithExcerpts = sentences && !compact
    }

    static let promptLabel = "Search: "
    /// The field's own keys, which `[keys]` does not bind: typing goes to the field.
    public static let fieldKeys = "↑↓ select · Enter read · Esc list keys"
    static let statusStyle = Style(dim: true)
    static let errorStyle = Style(color: .red)

    /// Where the terminal's cursor goes: the prompt line, at the editor's cursor.
    public func cursorColumn(editor: LineEditor) -> Int {
        DisplayWidth.of(Self.promptLabel) + editor.visible(width: width - DisplayWidth.of(Self.promptLabel) - 1).cursorColumn
    }

    /// How many results a screen this high shows: one or two lines each, under the field and
    /// its status row, when there is one.
    public static func resultsShown(height: Int, compact: Bool = false, statusRow: Bool = true) -> Int {
        max((max(height, 4) - (statusRow ? 2 : 1)) / (compact ? 1 : 2), 1)
    }

    /// How many results this screen shows.
    public var resultsShown: Int {
        Self.resultsShown(height: height, compact: compact, statusRow: !sentences)
    }

    /// `editing`: typing goes to the field, and Esc leaves it for the list keys.
    public func lines(editor: LineEditor, state: LiveSearchState?, selection: Int, editing: Bool) -> [StyledLine] {
        let field = editor.visible(width: width - DisplayWidth.of(Self.promptLabel) - 1).text
        var lines = [StyledLine([Span(Self.promptLabel, Style(bold: true)), Span(field)])]
        if !sentences { lines.append(status(for: state, query: editor.text, editing: editing)) }
        let hits = state?.hits ?? []
        let rows = hits.enumerated().map { index, hit in self.rows(for: hit, number: index + 1, selected: index == selection) }
        for row in rows.dropFirst(firstShown(selection: selection, count: hits.count)).prefix(resultsShown) { lines += row }
        return Array(lines.prefix(height))
    }

    /// The first result shown: the selection is kept on screen.
    private func firstShown(selection: Int, count: Int) -> Int {
        min(max(selection - resultsShown + 1, 0), max(count - resultsShown, 0))
    }

    /// The line (of `lines`) the selected result starts on; nil when there is none.
    public func selectedLine(selection: Int, count: Int) -> Int? {
        guard (0..<count).contains(selection) else { return nil }
        return (sentences ? 1 : 2) + (selection - firstShown(selection: selection, count: count)) * (compact ? 1 : 2)
    }

    /// What the search is doing, on its status row or, with `sentences`, the app's status line.
    public func status(for state: LiveSearchState?, query: String, editing: Bool) -> StyledLine {
        // The keys of the field, while it has them; after Esc the app's hints name the list's.
        let fieldKeys = editing ? " · " + Self.fieldKeys : ""
        let text: String
        var style = Self.statusStyle
        switch state?.phase {
        case nil, .idle?:
            text = editing ? "Type to search" + fieldKeys : "No search yet"
        case .searching?:
            text = "searching…"
        case .failed(let message)?:
            text = message
            style = Self.errorStyle
        case .results(let results)?:
            if results.hits.isEmpty {
                text = SearchResultsView.noHits(query: query, hidden: results.hiddenCount)
            } else {
                let count = results.total.map { "\($0) found" } ?? "\(results.hits.count) found"
                let offline = switch results.origin {
                case .fullText(let searched, _): " · offline: searched \(searched) cached stories"
                case .keptItems(let searched): " · searched the \(searched) stories kept of the feed"
                case .list: ""
                }
                text = "\(count)\(offline)" + fieldKeys
            }
        }
        let cut = DisplayWidth.truncated(text, fitting: width)
        return StyledLine([Span(cut, style)])
    }

    func rows(for hit: SearchResults.Hit, number: Int, selected: Bool) -> [StyledLine] {
        let gutter = StoryRow.Gutter.cursor(number: number, digits: 3, selected: selected)
        let layout: StoryRow.Layout = sentences ? .sentence(excerpt: sentencesWithExcerpts) : compact ? .compact : .clipped(excerpt: false)
        switch hit {
        case .story(let story):
            return StoryRow(story, dates: dates).lines(width: width, gutter: gutter, layout: layout, details: [])
        case .page(let id, let title, _):
            return PageRow(id: id, title: title).lines(width: width, gutter: gutter, layout: layout, details: [])
        }
    }
}
