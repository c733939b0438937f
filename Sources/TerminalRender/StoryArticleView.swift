import FoundationEssentials
import NewsCore

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

    /// The lines of a story's article (its comments under it when it has them), and the links
    /// in the order the text numbers them.
    public func layout(of story: Story, article: Article) -> (lines: [StyledLine], links: [String]) {
        var lines = header(for: story, readingMinutes: article.readingMinutes)
        lines += [StyledLine()] + ArticleLayout(width: width).lines(for: article)
        lines += [StyledLine(), rule(), StyledLine([Span("Permalink: ", ArticleStyle.meta), Span(story.link, link: story.link)])]
        return (lines, article.links)
    }

    /// A page of the site: its title over it, as a story has, then its comments when it has
    /// them and the permalink; with the links in the order the text numbers them.
    public func layout(ofPage title: String, link: String?, article: Article) -> (lines: [StyledLine], links: [String]) {
        var lines = TextWrapper.wrap(DisplayTitle.of(title), width: width).map { StyledLine([Span($0, Self.titleStyle)]) }
        lines += [rule(), StyledLine()] + ArticleLayout(width: width).lines(for: article)
        if let link { lines += [StyledLine(), rule(), StyledLine([Span("Permalink: ", ArticleStyle.meta), Span(link, link: link)])] }
        return (lines, article.links)
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
}
