import GoldenFiles
import FoundationEssentials
import NewsModels
import Testing
@testable import TerminalRender

/// Comments under a story and under a page: threads nest as quotations, a reply whose parent
/// is missing starts a thread of its own, and the comments' links go on with the article's
/// numbers (an address the article has keeps its number).
@Suite struct ArticleCommentsTests {
    static let now = Date(timeIntervalSince1970: 1_795_359_600)
    static let dates = RelativeDate(now: now, secondsFromGMT: 0)

    static let story = Story(
        id: 7, slug: "plan", title: "The riverside plan", link: "https://news.example/plan/",
        date: now.addingTimeInterval(-3600), modified: now, author: Author(id: 1, name: "Jane Okafor", slug: "jane"),
        categories: [Category(id: 1, name: "City Hall", slug: "city-hall", parent: nil)], tags: [],
        excerpt: "", sticky: false, featuredImage: nil
    )

    static let html = "<p>The council read <a href=\"https://example.org/a\">the plan</a> aloud.</p><p><img src=\"https://example.org/map.png\" alt=\"The map\"></p>"

    static func comment(_ id: Int, parent: Int?, _ author: String, daysAgo: Double, _ html: String) -> NewsModels.Comment {
        NewsModels.Comment(id: id, parent: parent, author: author, date: now.addingTimeInterval(-daysAgo * 86_400), html: html)
    }

    static let comments = [
        comment(1, parent: nil, "Ada <Lovelace> & co", daysAgo: 2, "<p>First, see <a href=\"https://example.org/a\">the plan</a>.</p>"),
        comment(2, parent: 1, "Ben", daysAgo: 1.5,
                "<p>A reply with <a href=\"https://example.org/new\">a new link</a> and <em>emphasis</em>.</p><blockquote><p>Quoted words.</p></blockquote>"),
        comment(3, parent: 2, "Cy", daysAgo: 1, "Bare text, with no paragraph around it."),
        comment(4, parent: nil, "Dee", daysAgo: 0.5, "<p>Second thread.</p><ul><li>one</li><li>two</li></ul>"),
        comment(5, parent: 99, "Eve", daysAgo: 0.2, "<p>A reply to a comment held for moderation.</p>"),
        comment(6, parent: 1, "Fay", daysAgo: 0.1, "<p>Another reply to the first, long enough to wrap at the narrow width.</p>"),
    ]

    static func article(_ comments: [NewsModels.Comment], baseURL: String) -> Article {
        Article(html: html, baseURL: baseURL).addingComments(comments, baseURL: baseURL)
    }

    @Test(arguments: [60, 30])
    func aStorysCommentsMatchGolden(width: Int) throws {
        let lines = StoryArticleView(width: width, dates: Self.dates).layout(of: Self.story, article: Self.article(Self.comments, baseURL: Self.story.link)).lines
        try Golden.check(ANSIEncoder(colors: false).encode(lines), named: "story-comments-\(width)")
    }

    @Test func aPagesCommentsMatchGolden() throws {
        let layout = StoryArticleView(width: 60, dates: Self.dates)
            .layout(ofPage: "Letters", link: "https://news.example/letters/", article: Self.article(Array(Self.comments.prefix(3)), baseURL: "https://news.example/letters/"))
        try Golden.check(ANSIEncoder(colors: false).encode(layout.lines), named: "page-comments-60")
        #expect(layout.links == ["https://example.org/a", "https://example.org/map.png", "https://example.org/new"])
    }

    /// Comments fetched again replace the ones under the article: their links are numbered
    /// again after the article's.
    @Test func commentsAddedAgainReplaceTheOldOnes() {
        let once = Self.article(Self.comments, baseURL: Self.story.link)
        let twice = once.addingComments([Self.comments[1]], baseURL: Self.story.link)
        #expect(twice.comments?.count == 1)
        #expect(twice.links == ["https://example.org/a", "https://example.org/map.png", "https://example.org/new"])
        #expect(once.readingMinutes == Article(html: Self.html).readingMinutes, "the comments' words are not the article's")
    }

    /// The author's name stands out; the date after it does not.
    @Test func theAuthorIsStrong() throws {
        let lines = StoryArticleView(width: 60, dates: Self.dates).layout(of: Self.story, article: Self.article([Self.comments[3]], baseURL: Self.story.link)).lines
        let byline = try #require(lines.first { $0.plainText.hasPrefix("Dee") })
        #expect(byline.spans.map(\.text) == ["Dee", " · " + Self.comments[3].date.formatted(.iso8601.year().month().day())])
        #expect(byline.spans.map(\.style) == [ArticleStyle.strong, .plain])
    }
}
