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

    /// A story's article (its comments under it when it has them) under its header, whose
    /// author, categories and tags are numbered after the article's links and listed with
    /// them (`readThroughFeed`: only what such a site can list, `HeaderLink.of`).
    public func layout(of story: Story, article: Article, readThroughFeed: Bool = false) -> LaidOutArticle {
        let headerLinks = HeaderLink.of(story, readThroughFeed: readThroughFeed)
        let firstNumber = article.links.count + 1
        let numbers = Dictionary(headerLinks.enumerated().map { ($1, firstNumber + $0) }) { first, _ in first }
        var laidOut = LaidOutArticle(lines: header(for: story, readingMinutes: article.readingMinutes, numbers: numbers))
        laidOut.mark(.headerEnd)
        laidOut.append([StyledLine()])
        laidOut.append(ArticleLayout(width: width).layout(of: article, headerLinks: headerLinks))
        laidOut.append(permalink(story.link))
        return laidOut
    }

    /// A page of the site: its title over it, as a story has, then its comments when it has
    /// them and the permalink.
    public func layout(ofPage title: String, link: String?, article: Article) -> LaidOutArticle {
        var laidOut = LaidOutArticle(lines: TextWrapper.wrap(DisplayTitle.of(title), width: width).map { StyledLine([Span($0, Self.titleStyle)]) } + [rule()])
        laidOut.mark(.headerEnd)
        laidOut.append([StyledLine()])
        laidOut.append(ArticleLayout(width: width).layout(of: article))
        if let link { laidOut.append(permalink(link)) }
        return laidOut
    }

    private func permalink(_ link: String) -> [StyledLine] {
        [StyledLine(), rule(), StyledLine([Span("Permalink: ", ArticleStyle.meta), Span(link, link: link)])]
    }

    /// The title and what the list knows of the story; `readingMinutes` 0 leaves that out.
    /// `numbers`: the number each name that opens a list is given, written after it as the
    /// article's links are.
    public func header(for story: Story, readingMinutes: Int, numbers: [HeaderLink: Int] = [:]) -> [StyledLine] {
        func numbered(_ name: String, _ link: HeaderLink) -> String {
            numbers[link].map { name + "[\($0)]" } ?? name
        }
        let title = story.displayTitle
        var lines = TextWrapper.wrap(title, width: width).map { StyledLine([Span($0, Self.titleStyle)]) }
        var facts: [String] = []
        if let author = story.author { facts.append("By " + numbered(author.name, .author(author))) }
        facts.append(dates.describe(story.date))
        if !story.categories.isEmpty { facts.append(story.categories.map { numbered($0.name, .category($0)) }.joined(separator: ", ")) }
        if readingMinutes > 0 { facts.append("\(readingMinutes) min read") }
        lines += TextWrapper.wrap(facts.joined(separator: " · "), width: width).map { StyledLine([Span($0, ArticleStyle.meta)]) }
        if !story.tags.isEmpty {
            let tags = "Tags: " + story.tags.map { numbered($0.name, .tag($0)) }.joined(separator: ", ")
            lines += TextWrapper.wrap(tags, width: width).map { StyledLine([Span($0, ArticleStyle.meta)]) }
        }
        return lines + [rule()]
    }

    func rule() -> StyledLine {
        StyledLine([Span(String(repeating: "─", count: width), ArticleStyle.meta)])
    }
}
