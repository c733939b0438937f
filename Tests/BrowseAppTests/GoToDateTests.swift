import BrowseApp
import Foundation
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// `:` (go_to_date): a story list opened at a typed date, loading older stories below as any
/// list does and newer ones above when the cursor moves up past its first row. The clock is
/// UpdateTests' (2027-01-15 08:00 UTC); story N is N hours older than it.
struct GoToDateTests {
    typealias Unexpected = UpdateTests.Unexpected
    /// The end of 2026-12-31, UTC: what "on or before 2026-12-31" keeps below.
    static let endOf2026 = Date(timeIntervalSince1970: 1_798_761_600)

    func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { state.update(.key($0)) }
    }

    func type(_ state: inout AppState, _ text: String) -> [Effect] {
        text.flatMap { state.update(.key(.character($0))) } + state.update(.key(.enter))
    }

    func list(_ state: AppState) throws -> StoryListContent {
        guard case .stories(let list)? = state.screen?.content else { throw Unexpected("a story list on screen") }
        return list
    }

    func ids(_ state: AppState) throws -> [Int] {
        let list = try list(state)
        return list.rows.map { list.stories[$0].id }
    }

    /// Story ids oldest first, as WordPress gives the stories above a date.
    func oldestFirst(_ ids: [Int], perPage: Int = 20) -> StoryList {
        StoryList(stories: ids.map(UpdateTests.story), page: 1, perPage: perPage, total: nil, totalPages: nil)
    }

    /// Latest's first page loaded, then `:` and a date typed: the dated screen's id.
    func jumped(_ state: inout AppState, to date: String = "2026-12-31") throws -> (latest: ScreenID, dated: ScreenID) {
        guard case .loadList(let latest, .latest, 1, false)? = press(&state, .character("2")).first else { throw Unexpected("Latest") }
        _ = state.update(.listLoaded(latest, UpdateTests.page(1, of: 50, ids: 1...20), refreshed: false))
        #expect(press(&state, .character(":")).isEmpty)
        guard case .loadDatedList(let dated, .latest, .older(Self.endOf2026, 1), false)? = type(&state, date).first
        else { throw Unexpected("the jump asks for the stories before the end of the day") }
        return (latest, dated)
    }

    @Test func colonAsksForADateAndOpensTheListAtItsEnd() throws {
        var (state, _) = try UpdateTests.started()
        _ = press(&state, .character("2"))
        _ = press(&state, .character(":"))
        #expect(UpdateTests.statusLine(state).hasPrefix("Go to date (2024-03-15, 2024-03, 3w, yesterday): "))
        var fresh = try UpdateTests.started().0
        let (latest, dated) = try jumped(&fresh)
        #expect(dated != latest, "a screen of its own: answers for the undated list cannot land in it")
        #expect(UpdateTests.statusLine(fresh).contains("Latest from 2026-12-31 back"))
        _ = fresh.update(.listLoaded(dated, UpdateTests.page(1, of: 4, ids: 200...219), refreshed: false))
        #expect(try ids(fresh) == Array(200...219))
        #expect(try list(fresh).dated?.before == Self.endOf2026)
    }

    @Test func olderPagesComeWithinTheDateAsTheListGoesDown() throws {
        var (state, _) = try UpdateTests.started()
        let (_, dated) = try jumped(&state)
        _ = state.update(.listLoaded(dated, UpdateTests.page(1, of: 4, ids: 200...219), refreshed: false))
        #expect(press(&state, .character("G")) == [.loadDatedList(dated, .latest, .older(before: Self.endOf2026, page: 2), refresh: false)])
        _ = state.update(.listLoaded(dated, UpdateTests.page(2, of: 4, ids: 220...239), refreshed: false))
        #expect(try ids(state) == Array(200...239))
        #expect(press(&state, .character("r")) == [.loadDatedList(dated, .latest, .older(before: Self.endOf2026, page: 1), refresh: true)])
    }

    /// A compact list shows its whole first page and asks for the next at once: up past the
    /// first row still asks for the stories above while that page loads, and each answer
    /// lands in its place.
    @Test func upPastTheFirstRowLoadsNewerWhileAnOlderPageLoads() throws {
        var (state, _) = try UpdateTests.started(density: .compact)
        let (_, dated) = try jumped(&state)
        let opened = state.update(.listLoaded(dated, UpdateTests.page(1, of: 4, ids: 200...219), refreshed: false))
        #expect(opened == [.loadDatedList(dated, .latest, .older(before: Self.endOf2026, page: 2), refresh: false)],
                "twenty rows fit: the next page is asked for at once")
        let asked = press(&state, .character("k"))
        #expect(asked == [.loadDatedList(dated, .latest, .newer(after: UpdateTests.story(200).date), refresh: false)])
        _ = state.update(.listLoaded(dated, UpdateTests.page(2, of: 4, ids: 220...239), refreshed: false))
        _ = state.update(.newerLoaded(dated, oldestFirst([199, 198])))
        #expect(try ids(state) == [198, 199] + Array(200...239))
    }

    @Test func upPastTheFirstRowLoadsTheStoriesJustAboveIt() throws {
        var (state, _) = try UpdateTests.started()
        let (_, dated) = try jumped(&state)
        _ = state.update(.listLoaded(dated, UpdateTests.page(1, of: 4, ids: 200...219), refreshed: false))
        #expect(press(&state, .character("j"), .character("k")).isEmpty, "moving up onto the first row asks for nothing")
        let asked = press(&state, .character("k"))
        #expect(asked == [.loadDatedList(dated, .latest, .newer(after: UpdateTests.story(200).date), refresh: false)])
        #expect(press(&state, .character("k")).isEmpty, "asked once until it comes")
        // WordPress's answer starts at the first story itself (the date is inclusive), oldest first.
        _ = state.update(.newerLoaded(dated, oldestFirst(Array((181...200).reversed()))))
        #expect(try ids(state) == Array(181...219))
        #expect(try list(state).story(atRow: state.screen?.cursor ?? -1)?.id == 199, "the cursor moved up onto the nearest newer story")
        #expect(state.screen.map { $0.cursor >= $0.top } == true, "and is on screen")
    }

    @Test func aShortAnswerAboveMeansTheNewestStoryIsAtTheTop() throws {
        var (state, _) = try UpdateTests.started()
        let (_, dated) = try jumped(&state)
        _ = state.update(.listLoaded(dated, UpdateTests.page(1, of: 4, ids: 200...219), refreshed: false))
        _ = press(&state, .character("k"))
        _ = state.update(.newerLoaded(dated, oldestFirst([200, 199, 198])))
        #expect(try ids(state) == Array(198...219))
        _ = press(&state, .character("g"))
        #expect(press(&state, .character("k")).isEmpty, "nothing newer to ask for")
        var empty = try UpdateTests.started().0
        let (_, other) = try jumped(&empty)
        _ = empty.update(.listLoaded(other, UpdateTests.page(1, of: 4, ids: 200...219), refreshed: false))
        _ = press(&empty, .character("k"))
        _ = empty.update(.newerLoaded(other, oldestFirst([200])))
        #expect(UpdateTests.statusLine(empty).contains("nothing newer: the newest story is at the top"))
    }

    @Test func backLeavesTheDateForTheListAsItWas() throws {
        var (state, _) = try UpdateTests.started()
        let (latest, dated) = try jumped(&state)
        _ = state.update(.listLoaded(dated, UpdateTests.page(1, of: 4, ids: 200...219), refreshed: false))
        _ = press(&state, .escape)
        #expect(state.screen?.id == latest)
        #expect(try ids(state) == Array(1...20))
    }

    @Test func aSecondJumpTakesTheFirstOnesPlace() throws {
        var (state, _) = try UpdateTests.started()
        let (latest, dated) = try jumped(&state)
        _ = state.update(.listLoaded(dated, UpdateTests.page(1, of: 4, ids: 200...219), refreshed: false))
        _ = press(&state, .character(":"))
        guard case .loadDatedList(let second, .latest, .older(let before, 1), false)? = type(&state, "2026").first else { throw Unexpected("a jump") }
        #expect(before == Date(timeIntervalSince1970: 1_798_761_600), "the end of 2026")
        #expect(second != dated)
        _ = press(&state, .escape)
        #expect(state.screen?.id == latest, "back goes to the undated list, not the first jump")
    }

    @Test func aDateThatCannotBeReadIsSaidOnTheStatusLine() throws {
        var (state, _) = try UpdateTests.started()
        _ = press(&state, .character("2"))
        let screen = state.screen?.id
        _ = press(&state, .character(":"))
        #expect(type(&state, "soon").isEmpty)
        #expect(UpdateTests.statusLine(state).hasPrefix("'soon' is not a date"))
        #expect(state.screen?.id == screen)
        _ = press(&state, .character(":"))
        #expect(press(&state, .character("2"), .escape).isEmpty, "Esc drops the date")
        #expect(state.prompt == nil && state.screen?.id == screen)
    }

    @Test func colonWorksInAStoryListOnly() throws {
        var (state, _) = try UpdateTests.started()
        #expect(press(&state, .character(":")).isEmpty)
        #expect(state.prompt == nil)
        #expect(UpdateTests.statusLine(state).contains("Featured has no dates to go to"))
        guard case .loadArticle(let id, let storyID, _)? = press(&state, .enter).first else { throw Unexpected("Enter reads") }
        _ = state.update(.articleLoaded(id, html: "<p>Text.</p>", story: UpdateTests.story(storyID), link: nil))
        _ = press(&state, .character(":"))
        #expect(state.prompt == nil)
        #expect(UpdateTests.statusLine(state).contains(": works in a story list"))
    }
}
