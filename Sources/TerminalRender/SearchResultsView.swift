import NewsModels

/// One-shot search results: stories as a story list shows them, pages marked as pages.
public struct SearchResultsView: Sendable {
    public let list: StoryListView

    public init(list: StoryListView) {
        self.list = list
    }

    public func lines(for results: SearchResults) -> [StyledLine] {
        let numbered = results.numbered
        let indent = String(numbered.last?.number ?? 1).count + 2
        var lines: [StyledLine] = []
        for (number, hit) in numbered {
            if !lines.isEmpty { lines.append(StyledLine()) }
            switch hit {
            case .story(let story):
                lines += list.lines(for: story, number: number, indent: indent)
            case .page(let id, let title, let link):
                lines += pageLines(title: title, id: id, link: link, number: number, indent: indent)
            }
        }
        return lines
    }

    private func pageLines(title: String, id: Int, link: String, number: Int, indent: Int) -> [StyledLine] {
        let gutter = StoryRow.Gutter.number(number, indent: indent).text(read: false)
        let margin = String(repeating: " ", count: indent)
        let titleLines = TextWrapper.wrap(DisplayTitle.of(title), width: max(list.width - indent, 10))
        return titleLines.enumerated().map { index, line in
            StyledLine([Span(index == 0 ? gutter : margin, StoryRow.numberStyle), Span(line, StoryRow.titleStyle)])
        } + [StyledLine([Span(margin), Span("page · id \(id)", StoryRow.quietStyle)])]
    }
}
