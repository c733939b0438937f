import GoldenFiles
import FoundationEssentials
import NewsModels
import Testing
@testable import TerminalRender

/// The author, categories and tags in a story's header are numbered after the article's own
/// links, and listed after them, so that no number the text gives ever moves.
@Suite struct HeaderLinksTests {
    static let now = Date(timeIntervalSince1970: 1_795_359_600)
    static let dates = RelativeDate(now: now, secondsFromGMT: 0)

    static let story = Story(
        id: 8, slug: "ferry-vote", title: "Council votes on the ferry contract", link: "https://news.example/ferry-vote/",
        date: now.addingTimeInterval(-7200), modified: now, author: Author(id: 2, name: "Tomás Ruiz", slug: "tomas"),
        categories: [Category(id: 1, name: "City Hall", slug: "city-hall", parent: nil), Category(id: 4, name: "Transport", slug: "transport", parent: nil)],
        tags: [Tag(id: 9, name: "Ferry", slug: "ferry")],
        excerpt: "", sticky: false, featuredImage: nil
    )

    /// Four links in the body, one of them twice (it keeps its number).
    static let html = """
        <p>The council <a href="https://news.example/agenda/">agenda</a> put the <a href="https://news.example/ferry-contract/">contract</a> first.</p>
        <p>Read <a href="https://ferries.example/timetable">the timetable</a>, the <a href="https://news.example/agenda/">agenda</a> again, and <a href="https://news.example/letters/">letters</a>.</p>
        """

    static func layout(width: Int, readThroughFeed: Bool = false) -> LaidOutArticle {
        StoryArticleView(width: width, dates: dates).layout(of: story, article: Article(html: html, baseURL: story.link), readThroughFeed: readThroughFeed)
    }

    @Test(arguments: [60, 30])
    func aStorysHeaderLinksMatchGolden(width: Int) throws {
        try Golden.check(ANSIEncoder(colors: false).encode(Self.layout(width: width).lines), named: "story-header-links-\(width)")
    }

    @Test func theHeadersNamesComeAfterTheBodysLinks() {
        let laidOut = Self.layout(width: 60)
        #expect(laidOut.links.count == 4)
        #expect(laidOut.headerLinks == [.author(Self.story.author!), .category(Self.story.categories[0]), .category(Self.story.categories[1]), .tag(Self.story.tags[0])])
        let text = laidOut.lines.map(\.plainText)
        #expect(text.contains { $0.hasPrefix("By Tomás Ruiz[5] · ") && $0.contains("City Hall[6], Transport[7]") })
        #expect(text.contains("Tags: Ferry[8]"))
        #expect(Array(text.drop { $0 != "Links" }.dropFirst(2).prefix(8).map { $0.trimmingCharacters(in: .whitespaces) }.suffix(4))
                == ["[5] Author: Tomás Ruiz", "[6] Category: City Hall", "[7] Category: Transport", "[8] Tag: Ferry"])
    }

    /// A site read through its feed has no list by author: the author has no number, and the
    /// categories take the numbers after the body's.
    @Test func aFeedsAuthorIsNotNumbered() {
        let laidOut = Self.layout(width: 60, readThroughFeed: true)
        #expect(laidOut.headerLinks.count == 3)
        let text = laidOut.lines.map(\.plainText)
        #expect(text.contains { $0.hasPrefix("By Tomás Ruiz · ") && $0.contains("City Hall[5]") })
        #expect(!text.contains { $0.contains("Author:") })
    }

    /// A story with no links of its own still lists the header's.
    @Test func aHeaderAloneMakesALinkList() {
        let laidOut = StoryArticleView(width: 60, dates: Self.dates).layout(of: Self.story, article: Article(html: "<p>No links here.</p>"))
        let text = laidOut.lines.map(\.plainText)
        #expect(text.contains("Links"))
        #expect(text.contains("[1] Author: Tomás Ruiz"))
    }
}
