import BrowseApp
import DisplayWidth
import Foundation
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// Clicks, read against the map of the frame they were made on: `update` and the view, no
/// terminal. Each click is aimed at text found on the frame drawn, as a user aims.
struct MouseClickTests {
    /// The cell where `text` first shows on the state's frame (0-based; the tab bar is line 0).
    static func cell(of text: String, in state: AppState) throws -> (column: Int, line: Int) {
        for (line, drawn) in AppView(state).lines.enumerated() {
            let plain = drawn.plainText
            if let range = plain.range(of: text) {
                return (DisplayWidth.of(String(plain[..<range.lowerBound])), line)
            }
        }
        throw UpdateTests.Unexpected("'\(text)' on the frame")
    }

    static func leftPress(_ cell: (column: Int, line: Int)) -> MouseReport {
        MouseReport(button: .left, action: .press, column: cell.column, row: cell.line)
    }

    /// A click on the frame the state shows now.
    static func click(_ state: inout AppState, _ report: MouseReport) -> [Effect] {
        state.update(.mouse(report, AppView(state).screenMap))
    }

    static func click(_ state: inout AppState, on text: String) throws -> [Effect] {
        click(&state, leftPress(try cell(of: text, in: state)))
    }

    @Test func aClickSelectsARowAndASecondOnTheSelectedRowOpensIt() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        #expect(try Self.click(&state, on: "Story 3").isEmpty)
        #expect(state.screen?.cursor == 2)
        // Anywhere on the row: its date, its number.
        #expect(try Self.click(&state, on: "Story 7").isEmpty)
        #expect(state.screen?.cursor == 6)
        let line = try Self.cell(of: "Story 7", in: state).line
        guard case .loadArticle(_, 7, refresh: false)? = Self.click(&state, Self.leftPress((1, line))).first else {
            throw UpdateTests.Unexpected("a click on the selected row reads its story")
        }
        guard case .reader? = state.screen?.content else { throw UpdateTests.Unexpected("the reader") }
    }

    /// A card takes its title, date and excerpt lines; the blank line under it is no row.
    @Test func aCardIsClickedOnAnyOfItsLinesButNotOnTheGapUnderIt() throws {
        var (state, _) = try UpdateTests.started(density: .cards)
        let excerpt = try Self.cell(of: "About 2.", in: state)
        #expect(Self.click(&state, Self.leftPress(excerpt)).isEmpty)
        #expect(state.screen?.cursor == 1)
        #expect(Self.click(&state, Self.leftPress((0, excerpt.line + 1))).isEmpty)
        #expect(state.screen?.cursor == 1, "the blank line between cards selects nothing")
        #expect(try Self.click(&state, on: "Story 3").isEmpty)
        #expect(state.screen?.cursor == 2)
    }

    @Test func aClickOnATabOpensIt() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        let effects = try Self.click(&state, on: "3 Categories")
        guard case .loadTerms(_, .categories, refresh: false)? = effects.first else { throw UpdateTests.Unexpected("Categories asked for: \(effects)") }
        #expect(state.tab == .categories)
        // The tab's number and the space around its name are the tab too.
        let more = try Self.cell(of: "6 More", in: state)
        _ = Self.click(&state, Self.leftPress((more.column - 1, 0)))
        #expect(state.tab == .more)
    }

    /// A click on `[2]` does what typing 2 and Enter does.
    @Test func aClickOnALinkNumberFollowsItAsTypingItsNumberDoes() throws {
        var (reading, id) = try DensityTests.reading([])
        _ = reading.update(.articleLoaded(id, html: "<p>See <a href=\"https://example.org/one\">one</a> and <a href=\"https://example.org/two\">two</a>.</p>",
                                          story: UpdateTests.story(1), link: nil))
        var typing = reading
        let typed = [Key.character("2"), .enter].flatMap { typing.update(.key($0)) }
        // A link is first looked for among the followed sites (the runtime opens the browser
        // when it is not one of theirs).
        #expect(typed == [.followLink(id, "https://example.org/two")])
        let mark = try Self.cell(of: "[2]", in: reading)
        for column in mark.column..<(mark.column + 3) {
            var clicking = reading
            #expect(Self.click(&clicking, Self.leftPress((column, mark.line))) == typed, "column \(column)")
            #expect(clicking.linkNumber.isEmpty)
        }
        var clicking = reading
        #expect(try Self.click(&clicking, on: "two").isEmpty, "the linked words are not the number")
        #expect(try Self.click(&clicking, on: "[1]") == [.followLink(id, "https://example.org/one")])
    }

    /// Link words that end in a space (`<a>page </a>next`) leave the space after the number,
    /// in the mark's run: the number is still clicked.
    @Test func aLinkWhoseWordsEndInASpaceKeepsItsNumberClickable() throws {
        var (reading, id) = try DensityTests.reading([])
        _ = reading.update(.articleLoaded(id, html: "<p>The <a href=\"https://example.org/page\">page </a>next.</p>", story: UpdateTests.story(1), link: nil))
        #expect(try Self.click(&reading, on: "page[1]").isEmpty, "the linked words are not the number")
        #expect(try Self.click(&reading, on: "[1] next") == [.followLink(id, "https://example.org/page")])
    }

    /// A story with three links in its text, an author, three categories and four tags: eleven
    /// numbers, the header's after the text's.
    static func readingNumberedHeader() throws -> (AppState, ScreenID) {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 40)
        guard case .loadList(let id, _, _, _)? = state.start().first else { throw UpdateTests.Unexpected("a list") }
        let base = UpdateTests.story(1)
        let story = Story(id: 1, slug: base.slug, title: base.title, link: base.link, date: base.date, modified: base.modified,
                          author: Author(id: 7, name: "Jane Okafor", slug: "jane"),
                          categories: ["Roads", "Rail", "Ports"].enumerated().map { Category(id: 20 + $0, name: $1, slug: $1.lowercased(), parent: nil) },
                          tags: ["Budget", "Ferry", "Bridges", "Buses"].enumerated().map { Tag(id: 30 + $0, name: $1, slug: $1.lowercased()) },
                          excerpt: base.excerpt, sticky: false, featuredImage: nil)
        _ = state.update(.listLoaded(id, StoryList(stories: [story], page: 1, perPage: 20, total: 1, totalPages: 1), refreshed: false))
        guard case .loadArticle(let reader, 1, _)? = state.update(.key(.enter)).first else { throw UpdateTests.Unexpected("the article") }
        let links = ["one", "two", "three"].map { "<a href=\"https://example.org/\($0)\">\($0)</a>" }.joined(separator: " and ")
        _ = state.update(.articleLoaded(reader, html: "<p>See \(links).</p>", story: story, link: nil))
        return (state, reader)
    }

    /// Every number shown clicks as typing it and Enter does: the header's after a name, the
    /// Links list's (padded to line up with `[10]` or not), the header's rows there too.
    @Test func everyNumberShownClicksAsTypingItDoes() throws {
        let (reading, id) = try Self.readingNumberedHeader()
        func typed(_ number: Int) -> [Effect] {
            var typing = reading
            return (String(number).map(Key.character) + [.enter]).flatMap { typing.update(.key($0)) }
        }
        #expect(typed(1) == [.followLink(id, "https://example.org/one")])
        #expect(!typed(4).isEmpty, "the author's list")
        for (text, number) in [("Okafor[4]", 4), ("Rail[6]", 6), ("Buses[11]", 11)] {
            var clicking = reading
            let name = try Self.cell(of: text, in: reading)
            let mark = (column: name.column + text.count - "[\(number)]".count, line: name.line)
            #expect(Self.click(&clicking, Self.leftPress(mark)) == typed(number), "\(text)")
            #expect(clicking.linkNumber.isEmpty)
        }
        for (text, number) in [("[1] https://example.org/one", 1), ("[4] Author: Jane Okafor", 4), ("[10] Tag: Bridges", 10)] {
            var clicking = reading
            #expect(try Self.click(&clicking, on: text) == typed(number), "\(text)")
        }
        var clicking = reading
        #expect(try Self.click(&clicking, on: "Author: Jane Okafor").isEmpty, "the words after the number are not it")
    }

    @Test func aClickOnNothingDoesNothing() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        _ = UpdateTests().keys(&state, .down)
        let before = AppView(state).lines
        // The status line, the tab bar past the tabs, the empty rows under a short list.
        for cell in [(5, 23), (79, 0), (3, 22)] {
            #expect(Self.click(&state, Self.leftPress(cell)).isEmpty, "\(cell)")
            #expect(state.screen?.cursor == 1 && state.tab == .featured)
        }
        #expect(AppView(state).lines == before)
        // Past the window, as a terminal that grew before the frame came might say.
        #expect(Self.click(&state, Self.leftPress((300, 250))).isEmpty)
    }

    @Test func onlyAPlainLeftPressClicks() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        let cell = try Self.cell(of: "Story 4", in: state)
        let others = [
            MouseReport(button: .left, action: .release, column: cell.column, row: cell.line),
            MouseReport(button: .right, action: .press, column: cell.column, row: cell.line),
            MouseReport(button: .middle, action: .press, column: cell.column, row: cell.line),
            MouseReport(button: .left, action: .motion, column: cell.column, row: cell.line),
            MouseReport(button: .left, action: .press, column: cell.column, row: cell.line, modifiers: .control),
            MouseReport(button: .left, action: .press, column: cell.column, row: cell.line, modifiers: .alt),
        ]
        for report in others {
            #expect(Self.click(&state, report).isEmpty)
            #expect(state.screen?.cursor == 0, "\(report)")
        }
    }

    @Test func withTheMouseOffClicksDoNothing() throws {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24, mouse: false)
        guard case .loadList(let id, _, _, _)? = state.start().first else { throw UpdateTests.Unexpected("a list") }
        _ = state.update(.listLoaded(id, UpdateTests.page(1, of: 1, ids: 1...20), refreshed: false))
        #expect(try Self.click(&state, on: "Story 3").isEmpty)
        #expect(try Self.click(&state, on: "3 Categories").isEmpty)
        #expect(state.screen?.cursor == 0 && state.tab == .featured)
        // The wheel is keys, and still scrolls.
        _ = state.update(.key(.wheelDown))
        #expect(state.screen?.cursor == 1)
    }

    /// A click is read against the frame it was made on: one made before the reader came up
    /// does not reach into it.
    @Test func aClickOnAFrameNoLongerShownDoesNothing() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        let oldMap = AppView(state).screenMap
        let cell = try Self.cell(of: "Story 5", in: state)
        _ = state.update(.key(.enter))
        #expect(state.update(.mouse(Self.leftPress(cell), oldMap)).isEmpty)
        guard case .reader? = state.screen?.content else { throw UpdateTests.Unexpected("still the reader") }
    }

    @Test func helpAndPromptsTakeNoClicks() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        _ = state.update(.key(.character("?")))
        #expect(Self.click(&state, Self.leftPress((2, 0))).isEmpty)
        #expect(state.showsHelp && state.tab == .featured)
        _ = state.update(.key(.escape))
        _ = state.update(.key(.character("/")))
        #expect(try Self.click(&state, on: "Story 3").isEmpty)
        #expect(state.prompt != nil && state.screen?.cursor == 0)
    }

    /// Categories and More: one row a line, their headings no row; the tag cloud: a word.
    @Test func termListsAndTheCloudAreClickedByTheirRows() throws {
        var more = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadTerms(let id, .more, _)? = more.start(on: .more).first else { throw UpdateTests.Unexpected("More") }
        let sites = FollowedSites(sites: ["campus": .init(url: "https://campus.example/", apiRoot: nil), "harbour": .init(url: "https://harbour.example/", apiRoot: nil)])
        _ = more.update(.termsLoaded(id, MoreTab.rows(pages: .loaded([]), followed: sites, saved: [], hidden: [])))
        let cursor = more.screen?.cursor
        #expect(try Self.click(&more, on: "Sites").isEmpty)
        #expect(more.screen?.cursor == cursor, "a heading is no row")
        #expect(try Self.click(&more, on: "harbour").isEmpty)
        #expect(try Self.click(&more, on: "harbour") == [.switchSite("harbour")])

        var tags = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadTerms(let tagsID, .tags, _)? = tags.start(on: .tags).first else { throw UpdateTests.Unexpected("Tags") }
        _ = tags.update(.termsLoaded(tagsID, ["Bridges", "Budget", "Ferry"].map { TermRow(label: $0, level: 2, target: .stories(.latest)) }))
        #expect(try Self.click(&tags, on: "Ferry").isEmpty)
        #expect(tags.screen?.cursor == 2)
        let gap = try Self.cell(of: "Ferry", in: tags)
        #expect(Self.click(&tags, Self.leftPress((gap.column - 1, gap.line))).isEmpty)
        #expect(tags.screen?.cursor == 2, "the gap between two words is neither")
    }
}
