import NewsModels

/// One-shot search results: stories as a story list shows them, pages marked as pages.
public struct SearchResultsView: Sendable {
    public let list: StoryListView

    public init(list: StoryListView) {
        self.list = list
    }

    /// What a search says when it shows no hit, for `wpnews search` and the app's Search tab
    /// alike: the site's hits may all be stories the user hid (`hidden` of them).
    public static func noHits(query: String, hidden: Int) -> String {
        hidden > 0 ? "Only hidden stories match '\(query)'." : "No stories match '\(query)'."
    }

    public func lines(for results: SearchResults) -> [StyledLine] {
        let numbered = results.numbered
        let indent = String(numbered.last?.number ?? 1).count + 2
        var lines: [StyledLine] = []
        for (number, hit) in numbered {
            if !lines.isEmpty && !list.compact { lines.append(StyledLine()) }
            switch hit {
            case .story(let story):
                lines += list.lines(for: story, number: number, indent: indent)
            case .page(let id, let title, _):
                lines += PageRow(id: id, title: title).lines(width: list.width, gutter: .number(number, indent: indent),
                                                             layout: list.compact ? .compact : .wrapped, details: .id)
            }
        }
        return lines
    }
}
