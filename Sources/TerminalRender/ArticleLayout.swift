import NewsModels

/// An article laid out at a width: its blocks, then the numbered links. No line is wider
/// than `width`, except the addresses in the link list, which are never broken.
public struct ArticleLayout: Sendable {
    public let width: Int

    public init(width: Int) {
        self.width = max(width, 1)
    }

    public func lines(for article: Article) -> [StyledLine] {
        var lines = BlockLayout(width: width).lines(for: article.blocks)
        if !article.links.isEmpty {
            if !lines.isEmpty { lines.append(StyledLine()) }
            lines += linkList(article.links)
        }
        return lines
    }

    /// `[n] address`, numbers aligned on the right so that addresses line up.
    func linkList(_ links: [String]) -> [StyledLine] {
        var lines = BlockLayout(width: width).lines(for: .heading(level: 2, [Span("Links")]))
        let numberWidth = String(links.count).count + 2
        for (offset, address) in links.enumerated() {
            let number = "[\(offset + 1)]"
            let padding = String.spaces(numberWidth - number.count)
            lines.append(StyledLine([Span(padding + number, ArticleStyle.linkNumber, link: address), Span(" "), Span(address, link: address)]))
        }
        return lines
    }
}
