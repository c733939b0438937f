import BrowseApp
import Foundation
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// `v` (compact rows or cards), `.` (the next unread story), and the reader's width and
/// position: `update` and the view, no terminal.
struct DensityTests {
    func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { state.update(.key($0)) }
    }

    /// Rows of the list on screen, without the tab bar and the status line.
    static func listRows(_ state: AppState) -> [String] {
        AppView(state).lines.dropFirst().dropLast().map(\.plainText).filter { !$0.isEmpty }
    }

    @Test func theAppStartsCompactAndShowsAStoryALine() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        #expect(state.density == .compact)
        let rows = Self.listRows(state)
        #expect(rows.count == 20, "twenty stories on 22 rows, one a line: \(rows)")
        #expect(rows[0].hasPrefix("> 1. ") && rows[0].contains("Story 1") && !rows.joined().contains("About 1."))
        _ = press(&state, .character(" "))
        #expect(state.screen?.cursor == 19, "a page is the 22 rows' worth, at most the last story")
    }

    @Test func vSwitchesToCardsAndBackKeepingTheSelectedStoryInView() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        _ = press(&state, .character("G"))
        #expect(state.screen?.cursor == 19)
        #expect(press(&state, .character("v")).isEmpty)
        #expect(state.density == .cards)
        #expect(UpdateTests.statusLine(state).hasPrefix("cards (v shows a line a story)"))
        let cards = AppView(state).lines.map(\.plainText).joined(separator: "\n")
        #expect(cards.contains(">20. Story 20") && cards.contains("About 20."), "the selected story is on screen as a card: \(cards)")
        #expect(state.screen?.cursor == 19)

        _ = press(&state, .character("v"))
        #expect(state.density == .compact)
        #expect(UpdateTests.statusLine(state).hasPrefix("a line a story (v shows cards)"))
        #expect(Self.listRows(state).contains { $0.hasPrefix(">20. ") })
    }

    @Test func vKeepsTheSelectedStoryAtAboutItsPlaceOnScreen() throws {
        var (state, _) = try UpdateTests.started(density: .cards)
        // The last story, on the fifth and last card of the screen.
        _ = press(&state, .character("G"))
        #expect(state.screen?.top == 15)
        _ = press(&state, .character("v"))
        // Four fifths down 22 rows: the 18th.
        #expect(state.screen?.top == 2 && state.screen?.cursor == 19)
        #expect(Self.listRows(state).firstIndex { $0.hasPrefix(">") } == 17)
    }

    @Test func vOutsideAListSaysWhereItWorks() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        _ = press(&state, .character("3"))
        _ = press(&state, .character("v"))
        #expect(state.density == .compact)
        #expect(UpdateTests.statusLine(state).hasPrefix("v works in a story list"))
    }

    /// The reader opened on the first story of Featured, whose page 1 holds stories 1 to 20.
    static func reading(_ readIDs: [Int]) throws -> (AppState, ScreenID) {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadList(let id, _, _, _)? = state.start().first else { throw UpdateTests.Unexpected("a list") }
        let stories = (1...20).map { id in
            let story = UpdateTests.story(id)
            return Story(id: id, slug: story.slug, title: story.title, link: story.link, date: story.date, modified: story.modified,
                         author: nil, categories: [], tags: [], excerpt: story.excerpt, sticky: false, featuredImage: nil,
                         state: ReadingState(isRead: readIDs.contains(id)))
        }
        _ = state.update(.listLoaded(id, StoryList(stories: stories, page: 1, perPage: 20, total: 20, totalPages: 1), refreshed: false))
        guard case .loadArticle(let reader, 1, _)? = state.update(.key(.enter)).first else { throw UpdateTests.Unexpected("the article") }
        return (state, reader)
    }

    @Test func dotOpensTheNextUnreadStoryPastTheReadOnes() throws {
        var (state, reader) = try Self.reading([2, 3, 5])
        _ = state.update(.articleLoaded(reader, html: "<p>One.</p>", story: UpdateTests.story(1), link: nil))
        guard case .loadArticle(_, 4, refresh: false)? = press(&state, .character(".")).first else {
            throw UpdateTests.Unexpected("story 4, the first unread after 1")
        }
        #expect(state.screen.map { if case .reader(let content) = $0.content { content.story?.id == 4 } else { false } } == true)
        guard case .loadArticle(_, 6, refresh: false)? = press(&state, .character(".")).first else {
            throw UpdateTests.Unexpected("story 6: 5 is read")
        }
        _ = press(&state, .character("q"))
        #expect(state.screen?.cursor == 5, "the list's cursor followed to story 6")
    }

    @Test func dotWithNoUnreadStoryLeftSaysSoAndStays() throws {
        var (state, reader) = try Self.reading(Array(2...20))
        _ = state.update(.articleLoaded(reader, html: "<p>One.</p>", story: UpdateTests.story(1), link: nil))
        #expect(press(&state, .character(".")).isEmpty)
        #expect(UpdateTests.statusLine(state).hasPrefix("no unread story after this one in Featured"))
        #expect(state.screen?.id == reader)
    }

    @Test func dotInAListSaysItWorksInTheArticle() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        #expect(press(&state, .character(".")).isEmpty)
        #expect(UpdateTests.statusLine(state).hasPrefix(". works in the article"))
    }

    /// A long article at 120 columns with `[reader] max_width` 80: no line is wider than 80
    /// after the margin of 20, and the status line ends with where the reader is.
    @Test func theReaderKeepsToItsWidthAndSaysWhereItIs() throws {
        var (state, reader) = try Self.reading([])
        _ = state.update(.resized(width: 120, height: 24))
        let paragraph = "<p>" + String(repeating: "The council met again on Tuesday. ", count: 12) + "</p>"
        _ = state.update(.articleLoaded(reader, html: String(repeating: paragraph, count: 10), story: UpdateTests.story(1), link: nil))
        let lines = AppView(state).lines
        for line in lines.dropFirst().dropLast() where !line.plainText.isEmpty {
            #expect(line.plainText.hasPrefix(String(repeating: " ", count: 20)) && line.width <= 100, "\(line.plainText)")
        }
        #expect(UpdateTests.statusLine(state).hasSuffix(" Top"))
        _ = press(&state, .character("j"))
        #expect(UpdateTests.statusLine(state).range(of: #" \d+%$"#, options: .regularExpression) != nil, "\(UpdateTests.statusLine(state))")
        _ = press(&state, .character("G"))
        #expect(UpdateTests.statusLine(state).hasSuffix(" Bot"))
    }

    /// A notice needs the whole line more than the position does: it is not cut for it.
    @Test func aLongNoticeInTheReaderHidesThePositionRatherThanBeCut() throws {
        var (state, reader) = try Self.reading([])
        _ = state.update(.articleLoaded(reader, html: "<p>One line.</p>", story: UpdateTests.story(1), link: nil))
        // 78 columns: it fits the 80 alone, not with " All".
        let notice = String(repeating: "word ", count: 15) + "end"
        _ = state.update(.notice(notice))
        #expect(UpdateTests.statusLine(state) == notice)
        _ = state.update(.notice("short"))
        #expect(UpdateTests.statusLine(state).hasPrefix("short ") && UpdateTests.statusLine(state).hasSuffix(" All"))
    }

    @Test func aShortArticleIsAllOnScreen() throws {
        var (state, reader) = try Self.reading([])
        _ = state.update(.articleLoaded(reader, html: "<p>One line.</p>", story: UpdateTests.story(1), link: nil))
        #expect(UpdateTests.statusLine(state).hasSuffix(" All"))
    }
}
