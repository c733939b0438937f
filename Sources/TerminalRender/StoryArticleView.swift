import FoundationEssentials
import NewsModels

/// A story to read: a header (title, author, date, categories, tags, reading time), the
/// article, the comments when asked for, the links, and the permalink to share.
public struct StoryArticleView: Sendable {
    public let width: Int
    public let dates: RelativeDate

    public init(width: Int, dates: RelativeDate) {
        self.width = width
        self.dates = dates
    }

    static let titleStyle = Style(bold: true)

    /// `comments`: nil when not asked for; threaded under the article otherwise.
    public func lines(for story: Story, html: String, comments: [Comment]? = nil) -> [StyledLine] {
        layout(of: story, html: html, comments: comments).lines
    }

    /// The lines, and the links in the order the text numbers them.
    public func layout(of story: Story, html: String, comments: [Comment]? = nil) -> (lines: [StyledLine], links: [String]) {
        let article = Article(html: html, baseURL: story.link)
        // One document, so the article's and the comments' links share one numbered list.
        let document = comments.map { Article(html: html + Self.commentsHTML($0), baseURL: story.link) } ?? article
        var lines = header(for: story, readingMinutes: article.readingMinutes)
        lines += [StyledLine()] + ArticleLayout(width: width).lines(for: document)
        lines += [StyledLine(), rule(), StyledLine([Span("Permalink: ", ArticleStyle.meta), Span(story.link, link: story.link)])]
        return (lines, document.links)
    }

    /// A page of the site: its title over it, as a story has, then the comments when asked for
    /// and the permalink; with the links in the order the text numbers them.
    public func layout(ofPage title: String, link: String?, html: String, comments: [Comment]? = nil) -> (lines: [StyledLine], links: [String]) {
        let document = Article(html: html + (comments.map(Self.commentsHTML) ?? ""), baseURL: link)
        var lines = TextWrapper.wrap(DisplayTitle.of(title), width: width).map { StyledLine([Span($0, Self.titleStyle)]) }
        lines += [rule(), StyledLine()] + ArticleLayout(width: width).lines(for: document)
        if let link { lines += [StyledLine(), rule(), StyledLine([Span("Permalink: ", ArticleStyle.meta), Span(link, link: link)])] }
        return (lines, document.links)
    }

    /// The title and what the list knows of the story; `readingMinutes` 0 leaves that out.
    public func header(for story: Story, readingMinutes: Int) -> [StyledLine] {
        let title = story.displayTitle
        var lines = TextWrapper.wrap(title, width: width).map { StyledLine([Span($0, Self.titleStyle)]) }
        var facts: [String] = []
        if let author = story.author { facts.append("By " + author.name) }
        facts.append(dates.describe(story.date))
        if !story.categories.isEmpty { facts.append(story.categories.map(\.name).joined(separator: ", ")) }
        if readingMinutes > 0 { facts.append("\(readingMinutes) min read") }
        lines += TextWrapper.wrap(facts.joined(separator: " · "), width: width).map { StyledLine([Span($0, ArticleStyle.meta)]) }
        if !story.tags.isEmpty {
            let tags = "Tags: " + story.tags.map(\.name).joined(separator: ", ")
            lines += TextWrapper.wrap(tags, width: width).map { StyledLine([Span($0, ArticleStyle.meta)]) }
        }
        return lines + [rule()]
    }

    func rule() -> StyledLine {
        StyledLine([Span(String(repeating: "─", count: width), ArticleStyle.meta)])
    }

    /// Comments as HTML for the same renderer: replies nest in quotations under the comment
    /// they answer, so each level of a thread gets a bar of its own.
    static func commentsHTML(_ comments: [Comment]) -> String {
        var html = "<h2>Comments (\(comments.count))</h2>"
        var openQuotations = 0
        // A reply whose parent is missing (held for moderation) starts a thread of its own.
        for (comment, depth) in TreeOrder(comments, id: \.id, parent: \.parent).rows {
            html += String(repeating: "</blockquote>", count: max(openQuotations - depth, 0))
            if depth > openQuotations { html += "<blockquote>" }
            openQuotations = depth
            html += "<p><strong>\(escape(comment.author))</strong> · \(comment.date.formatted(.iso8601.year().month().day()))</p>"
            html += comment.html
        }
        return html + String(repeating: "</blockquote>", count: openQuotations)
    }

    private static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
