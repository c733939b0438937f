import NewsCore

/// One-shot search results: stories as a story list shows them, pages marked as pages.
public struct SearchResultsView: Sendable {
    public let list: StoryListView

    public init(list: StoryListView) {
        self.list = list
    }

    public func lines(for results: SearchResults) -> [StyledLine] {
        let firstNumber = (results.page - 1) * results.perPage + 1
        let indent = String(firstNumber + max(results.hits.count - 1, 0)).count + 2
        var lines: [StyledLine] = []
        for (offset, hit) in results.hits.enumerated() {
            if offset > 0 { lines.append(StyledLine()) }
            switch hit {
            case .story(let story):
                lines += list.lines(for: story, number: firstNumber + offset, indent: indent)
            case .page(let id, let title, let link):
                lines += pageLines(title: title, id: id, link: link, number: firstNumber + offset, indent: indent)
            }
        }
        return lines
    }

    private func pageLines(title: String, id: Int, link: String, number: Int, indent: Int) -> [StyledLine] {
        let label = "\(number)."
        let gutter = String(repeating: " ", count: indent - 1 - label.count) + label + " "
        let margin = String(repeating: " ", count: indent)
        let titleLines = TextWrapper.wrap(title.isEmpty ? "(no title)" : title, width: max(list.width - indent, 10))
        return titleLines.enumerated().map { index, line in
            StyledLine([Span(index == 0 ? gutter : margin, StoryListView.numberStyle), Span(line, StoryListView.titleStyle)])
        } + [StyledLine([Span(margin), Span("page · id \(id)", StoryListView.quietStyle)])]
    }
}
