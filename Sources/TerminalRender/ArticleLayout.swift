import FoundationEssentials
import NewsModels

/// An article laid out at a width: its blocks, its comments when it has them, then the
/// numbered links. No line is wider than `width`, except the addresses in the link list,
/// which are never broken.
public struct ArticleLayout: Sendable {
    public let width: Int

    public init(width: Int) {
        self.width = max(width, 1)
    }

    public func lines(for article: Article) -> [StyledLine] {
        layout(of: article).lines
    }

    /// The lines, with the anchors of the pictures' placeholders and of the comments;
    /// `headerLinks` are listed after the article's links, numbered on from them.
    public func layout(of article: Article, headerLinks: [HeaderLink] = []) -> LaidOutArticle {
        let blocks = BlockLayout(width: width)
        var lines: [StyledLine] = []
        blocks.append(article.blocks, to: &lines)
        var anchors = Self.pictureAnchors(in: lines)
        if let comments = article.comments {
            if !article.blocks.isEmpty { lines.append(StyledLine()) }
            let start = lines.count
            anchors.append(ArticleAnchor(.comments, line: start))
            blocks.append(Self.blocks(of: comments), to: &lines)
            anchors += Self.pictureAnchors(in: lines[start...])
        }
        if !article.links.isEmpty || !headerLinks.isEmpty {
            if !lines.isEmpty { lines.append(StyledLine()) }
            lines += linkList(article.links, headerLinks: headerLinks)
        }
        return LaidOutArticle(lines: lines, links: article.links, headerLinks: headerLinks, anchors: anchors)
    }

    /// The first placeholder of each line that has one. Gutters, quotation bars and table
    /// borders go around a line's spans but never move a span to another line, so the
    /// piece the line breaker marked is where the placeholder ended up.
    private static func pictureAnchors(in lines: ArraySlice<StyledLine>) -> [ArticleAnchor] {
        lines.indices.compactMap { index in
            guard let link = lines[index].spans.first(where: \.isPicturePlaceholder)?.link else { return nil }
            return ArticleAnchor(.picture(link), line: index)
        }
    }

    private static func pictureAnchors(in lines: [StyledLine]) -> [ArticleAnchor] {
        pictureAnchors(in: lines[...])
    }

    /// The comments as blocks under the article: a heading that counts them, then each
    /// comment's byline and text. Replies nest in quotations under the comment they answer,
    /// so each level of a thread gets a bar of its own; past the parser's deepest nesting,
    /// replies stay at that depth.
    static func blocks(of comments: [ArticleComment]) -> [Block] {
        // The blocks of the thread's open levels: the top, then each quotation inside it.
        var levels: [[Block]] = [[.heading(level: 2, [Span("Comments (\(comments.count))")])]]
        func closeLevel() {
            let quotation = levels.removeLast()
            levels[levels.count - 1].append(.quote(quotation, citation: []))
        }
        for comment in comments {
            let depth = min(comment.depth, ArticleBuilder.maximumNesting)
            while levels.count - 1 > depth { closeLevel() }
            while levels.count - 1 < depth { levels.append([]) }
            levels[levels.count - 1] += [.paragraph(byline(of: comment))] + comment.blocks
        }
        while levels.count > 1 { closeLevel() }
        return levels[0]
    }

    /// The author in bold, then the day: white space and control characters go as in the
    /// article's own text.
    private static func byline(of comment: ArticleComment) -> [Span] {
        var inline = InlineText()
        for (text, style) in [(comment.author, ArticleStyle.strong), (" · " + comment.date.formatted(.iso8601.year().month().day()), Style.plain)] {
            var text = text
            text.withUTF8 { inline.append(html: $0, style: style, link: nil) }
        }
        return inline.take()
    }

    /// `[n] address`, then `[n] Tag: name` for the header's names, numbers aligned on the
    /// right so that addresses line up.
    func linkList(_ links: [String], headerLinks: [HeaderLink] = []) -> [StyledLine] {
        var lines = BlockLayout(width: width).lines(for: .heading(level: 2, [Span("Links")]))
        let numberWidth = String(links.count + headerLinks.count).count + 2
        func number(_ offset: Int) -> String {
            let number = "[\(offset + 1)]"
            return String.spaces(numberWidth - number.count) + number
        }
        for (offset, address) in links.enumerated() {
            lines.append(StyledLine([Span(number(offset), ArticleStyle.linkNumber, link: address), Span(" "), Span(address, link: address)]))
        }
        for (offset, link) in headerLinks.enumerated() {
            lines.append(StyledLine([Span(number(links.count + offset), ArticleStyle.linkNumber), Span(" "), Span(link.label)]))
        }
        return lines
    }
}
