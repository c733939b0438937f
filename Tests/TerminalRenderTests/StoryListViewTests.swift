import FoundationEssentials
import NewsCore
import Testing
@testable import TerminalRender

@Suite struct StoryListViewTests {
    static let now = Date(timeIntervalSince1970: 1_795_359_600)

    static func story(
        _ id: Int, _ title: String, minutesAgo: Double, author: String? = "Jane Okafor",
        categories: [String] = ["City Hall"], excerpt: String = "", sticky: Bool = false
    ) -> Story {
        let date = now.addingTimeInterval(-minutesAgo * 60)
        return Story(
            id: id, slug: "story-\(id)", title: title, link: "http://127.0.0.1:8765/story-\(id)/",
            date: date, modified: date,
            author: author.map { Author(id: 1, name: $0, slug: "author") },
            categories: categories.enumerated().map { Category(id: $0.offset + 1, name: $0.element, slug: "c", parent: nil) },
            tags: [], excerpt: excerpt, sticky: sticky, featuredImage: nil
        )
    }

    static let stories = [
        story(101, "Council approves the riverside budget after a late-night session", minutesAgo: 5,
              excerpt: "The council voted seven to two on Tuesday to approve a budget that funds the riverside path, two new crossings and a longer season for the outdoor pool, after four hours of public comment."),
        story(102, "東京の姉妹都市から代表団が来訪", minutesAgo: 190, author: "Mei Lin", categories: ["World", "Culture"],
              excerpt: "代表団は三日間の滞在中に市役所と図書館を訪れる予定です。"),
        story(103, "", minutesAgo: 60 * 30, author: nil, categories: []),
        story(104, "Pneumonoultramicroscopicsilicovolcanoconiosis and other words from the spelling bee 👍🏽",
              minutesAgo: 60 * 24 * 4, author: "Tomás Ruiz", categories: ["Schools"],
              excerpt: "Ελληνικά, العربية and 🇯🇵 all in one excerpt.", sticky: true),
        story(105, "Parks & Recreation’s winter schedule", minutesAgo: 60 * 24 * 40, categories: ["Parks", "Sports", "Football"]),
    ]

    func render(width: Int, page: Int = 1) -> [StyledLine] {
        let list = StoryList(stories: Self.stories, page: page, perPage: 5, total: 12, totalPages: 3)
        return StoryListView(width: width, dates: RelativeDate(now: Self.now, secondsFromGMT: 0)).lines(for: list)
    }

    @Test(arguments: [80, 40])
    func matchesGolden(width: Int) throws {
        try Golden.check(ANSIEncoder(colors: false).encode(render(width: width)), named: "story-list-\(width)")
    }

    @Test(arguments: [20, 33, 40, 57, 80, 132])
    func noLineIsWiderThanTheWidth(width: Int) {
        for line in render(width: width) {
            #expect(line.width <= width, "\(line.plainText)")
        }
    }

    @Test func numbersContinueAcrossPages() {
        let numbers = render(width: 80, page: 2).compactMap { line in
            line.plainText.split(separator: " ").first.flatMap { $0.hasSuffix(".") ? Int($0.dropLast()) : nil }
        }
        #expect(numbers == [6, 7, 8, 9, 10])
    }

    @Test func titleIsBoldAndDateCyanWhenStyled() {
        let first = render(width: 80)
        #expect(first[0].spans[1].style == Style(bold: true))
        #expect(first[1].spans.contains { $0.text == "5 min ago" && $0.style.color == .cyan })
    }
}
