import GoldenFiles
import FoundationEssentials
import NewsModels
import Testing
@testable import TerminalRender
import TerminalInput

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

    /// The river of `latest --sites`: two sites (one name past the column's twelve), numbered
    /// from page 2's first number.
    func renderRiver(width: Int) -> [StyledLine] {
        let entries = Self.stories.enumerated().map { (site: $0.offset % 2, story: $0.element) }
        return StoryListView(width: width, dates: RelativeDate(now: Self.now, secondsFromGMT: 0))
            .lines(forSites: entries, siteNames: ["campus", "riverside-rowing-club"], firstNumber: 6)
    }

    @Test(arguments: [80, 40])
    func severalSitesMatchGolden(width: Int) throws {
        try Golden.check(ANSIEncoder(colors: false).encode(renderRiver(width: width)), named: "story-list-sites-\(width)")
    }

    @Test(arguments: [20, 33, 40, 80])
    func severalSitesFitTheWidthAndColourEachSite(width: Int) {
        let lines = renderRiver(width: width)
        for line in lines {
            #expect(line.width <= width, "\(line.plainText)")
        }
        let labels = lines.flatMap(\.spans).filter { $0.text == "campus" || $0.text == "riverside-r…" }
        #expect(Set(labels.map(\.text)) == ["campus", "riverside-r…"])
        #expect(Set(labels.map(\.style.color)).count == 2, "one colour per site")
    }

    /// `--compact`: a line a story, the dates in one column, wide titles cut by display width.
    @Test(arguments: [80, 120])
    func compactMatchesGolden(width: Int) throws {
        let list = StoryList(stories: Self.stories, page: 1, perPage: 5, total: 12, totalPages: 3)
        let view = StoryListView(width: width, dates: RelativeDate(now: Self.now, secondsFromGMT: 0), compact: true)
        try Golden.check(ANSIEncoder(colors: false).encode(view.lines(for: list)), named: "story-list-compact-\(width)")
    }

    @Test(arguments: [80, 120])
    func compactRiverMatchesGolden(width: Int) throws {
        let entries = Self.stories.enumerated().map { (site: $0.offset % 2, story: $0.element) }
        let view = StoryListView(width: width, dates: RelativeDate(now: Self.now, secondsFromGMT: 0), compact: true)
        let lines = view.lines(forSites: entries, siteNames: ["campus", "riverside-rowing-club"], firstNumber: 6)
        try Golden.check(ANSIEncoder(colors: false).encode(lines), named: "story-list-sites-compact-\(width)")
    }

    @Test(arguments: [20, 33, 40, 57, 80, 132])
    func aCompactListIsOneLineAStoryWithinTheWidth(width: Int) {
        let list = StoryList(stories: Self.stories, page: 1, perPage: 5, total: 12, totalPages: 3)
        let lines = StoryListView(width: width, dates: RelativeDate(now: Self.now, secondsFromGMT: 0), compact: true).lines(for: list)
        #expect(lines.count == Self.stories.count)
        for line in lines {
            #expect(line.width <= width, "\(line.plainText)")
        }
    }

    /// The selection shows on the gutter and the date only: moving the cursor changes those
    /// spans and leaves the title's alone, so a move rewrites a few columns.
    @Test func aSelectedCompactRowDiffersOnlyBeforeItsTitle() {
        let row = StoryRow(Self.stories[0], dates: RelativeDate(now: Self.now, secondsFromGMT: 0))
        let plain = row.lines(width: 80, gutter: .cursor(number: 1, digits: 2, selected: false), layout: .compact, details: [])
        let selected = row.lines(width: 80, gutter: .cursor(number: 1, digits: 2, selected: true), layout: .compact, details: [])
        #expect(plain.count == 1 && selected.count == 1)
        #expect(selected[0].plainText.hasPrefix(">"))
        #expect(selected[0].spans.last == plain[0].spans.last, "the title's span is the same")
        #expect(selected[0].spans[0].style.inverse && selected[0].spans[1].style.inverse)
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

/// Without colour, what colour showed must still show: in one-shot output with no escape
/// codes at all, in full screens with the styles that are not colour.
@Suite struct WithoutColourTests {
    static let dates = RelativeDate(now: StoryListViewTests.now, secondsFromGMT: 0)

    func readStory(saved: Bool = false) -> Story {
        let story = StoryListViewTests.story(7, "The ferry vote", minutesAgo: 5)
        return Story(id: story.id, slug: story.slug, title: story.title, link: story.link, date: story.date, modified: story.modified,
                     author: story.author, categories: story.categories, tags: [], excerpt: "", sticky: false, featuredImage: nil,
                     state: ReadingState(isRead: true, isSaved: saved))
    }

    @Test func aReadStorySaysSoInWordsWhenThereIsNoColour() {
        let list = StoryList(stories: [readStory()], page: 1, perPage: 10, total: 1, totalPages: 1)
        let plain = ANSIEncoder(colors: false).encode(StoryListView(width: 60, dates: Self.dates, colors: false).lines(for: list))
        #expect(plain.contains(" · read · id 7"))
        let coloured = ANSIEncoder(colors: true).encode(StoryListView(width: 60, dates: Self.dates, colors: true).lines(for: list))
        #expect(!coloured.contains(" read "), "with colour the title is dimmed instead")
    }

    /// `--compact` on a pipe: a read or saved story says so in words on its one line too,
    /// before the title, where a long title cannot cut it off.
    @Test func aCompactRowSaysReadAndSavedInWordsWhenThereIsNoColour() {
        let list = StoryList(stories: [readStory(saved: true), StoryListViewTests.stories[0]], page: 1, perPage: 10, total: 2, totalPages: 1)
        let lines = ANSIEncoder(colors: false).encode(StoryListView(width: 60, dates: Self.dates, colors: false, compact: true).lines(for: list))
            .split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("read saved The ferry vote"), "\(lines)")
        #expect(!lines[1].contains(" read ") && !lines[1].contains(" saved "), "\(lines)")
        let coloured = ANSIEncoder(colors: true).encode(StoryListView(width: 60, dates: Self.dates, colors: true, compact: true).lines(for: list))
        #expect(coloured.contains("saved ") && !coloured.contains("read "), "with colour a read title is dimmed instead; saved has no colour of its own")
    }

    /// The app's gutter marks read (·) and saved (*) stories, so its compact rows say
    /// neither in words, whatever details the screen asks for.
    @Test func anAppsCompactRowLeavesTheMarksToItsGutter() {
        let row = StoryRow(readStory(saved: true), dates: Self.dates)
        let line = row.lines(width: 60, gutter: .cursor(number: 2, digits: 2, selected: false), layout: .compact, details: [.read, .saved])
        #expect(line.count == 1 && line[0].plainText.hasPrefix("  2* ") && line[0].plainText.hasSuffix(" The ferry vote"), "\(line)")
        #expect(!line[0].plainText.contains("read ") && !line[0].plainText.contains("saved "), "\(line)")
    }

    @Test func aMonochromeScreenKeepsBoldReverseAndUnderlineButNoColour() {
        let line = StyledLine([Span("a", Style(bold: true, inverse: true, color: .cyan)), Span("b", Style(color: .red)), Span("c", Style(underline: true))])
        #expect(ANSIEncoder(styles: .monochrome).encode([line]) == "\u{1B}[1;7ma\u{1B}[0mb\u{1B}[4mc\u{1B}[0m\n")
        #expect(ANSIEncoder(styles: .none).encode([line]) == "abc\n")
    }

    @Test func liveSearchMarksTheSelectionWithAnArrowAsWellAsReverseVideo() {
        let screen = SearchScreen(width: 60, height: 10, dates: Self.dates)
        let results = SearchResults(query: "ferry", hits: [.story(readStory()), .story(readStory())], page: 1, perPage: 50, total: 2,
                                    totalPages: 1, origin: .list(.network))
        let lines = screen.lines(editor: LineEditor(text: "ferry"), state: LiveSearchState(query: "ferry", phase: .results(results)), selection: 1, editing: true)
        let text = ANSIEncoder(styles: .none).encode(lines).split(separator: "\n")
        #expect(text.filter { $0.hasPrefix(">") }.count == 1 && text.contains { $0.hasPrefix(">  2· ") }, "\(text)")
    }
}
