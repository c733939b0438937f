import DisplayWidth
import NewsModels

/// A page among search results, drawn the way `StoryRow` draws a story, with what a page
/// has: its title (dimmed when it has none, as a story's), and "page" where a story has its
/// date, with the page's id wherever a story shows its own.
public struct PageRow: Sendable {
    public let id: Int
    public let title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }

    public func lines(width: Int, gutter: StoryRow.Gutter, layout: StoryRow.Layout, details: StoryRow.Details) -> [StyledLine] {
        let label = gutter.text(read: false)
        let margin = String(repeating: " ", count: DisplayWidth.of(label))
        var style = title.isEmpty ? StoryRow.quietStyle : StoryRow.titleStyle
        style.inverse = gutter.isSelected
        let kind = Span("page" + (details.contains(.id) ? " · id \(id)" : ""), StoryRow.quietStyle)
        switch layout {
        case .wrapped:
            let titleLines = TextWrapper.wrap(DisplayTitle.of(title), width: max(width - margin.count, 10))
            return titleLines.enumerated().map { index, line in
                StyledLine([Span(index == 0 ? label : margin, StoryRow.numberStyle), Span(line, style)])
            } + [StyledLine([Span(margin), kind])]
        case .compact:
            // "page" in the date's column, so the titles line up with the stories'.
            let column = String(repeating: " ", count: max(StoryRow.compactDateWidth - 4, 0) + 1)
            return [StyledLine(cutting: [Span(label, StoryRow.numberStyle), Span("page", StoryRow.quietStyle), Span(column), Span(DisplayTitle.of(title), style)],
                               toWidth: width)]
        case .sentence:
            return [StyledLine(cutting: [Span("Page. " + StoryRow.sentence(ending: DisplayTitle.of(title)), Style(inverse: gutter.isSelected))], toWidth: width)]
        case .clipped:
            return [
                StyledLine(cutting: [Span(label, StoryRow.numberStyle), Span(DisplayTitle.of(title), style)], toWidth: width),
                StyledLine(cutting: [Span(margin), kind], toWidth: width),
            ]
        }
    }
}
