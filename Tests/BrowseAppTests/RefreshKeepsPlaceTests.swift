import BrowseApp
import Foundation
import NewsCore
import Testing

/// A refresh of a list scrolled far down: what is on screen stays when the site fails, and
/// the cursor stays on its story when it answers.
struct RefreshKeepsPlaceTests {
    /// Featured with two pages loaded and the cursor on the 40th story.
    static func scrolledDown() throws -> (AppState, ScreenID) {
        var (state, id) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .character("G"))
        _ = state.update(.listLoaded(id, UpdateTests.page(2, of: 3, ids: 21...40), refreshed: false))
        _ = UpdateTests().keys(&state, .character("G"))
        try #require(state.screen?.cursor == 39)
        return (state, id)
    }

    static func list(_ state: AppState) throws -> StoryListContent {
        guard case .stories(let list)? = state.screen?.content else { throw UpdateTests.Unexpected("a list") }
        return list
    }

    @Test func aRefreshAnsweredByTheOfflineCopyKeepsThePagesAndSaysWhy() throws {
        var (state, id) = try Self.scrolledDown()
        #expect(UpdateTests().keys(&state, .character("r")) == [.loadList(id, .featured, page: 1, refresh: true)])
        let offline = StoryList(stories: (1...20).map(UpdateTests.story), page: 1, perPage: 20, total: nil, totalPages: 3,
                                origin: .staleCache(fetchedAt: Date(timeIntervalSince1970: 1_799_990_000), reason: "timed out"))
        _ = state.update(.listLoaded(id, offline, refreshed: true))
        let list = try Self.list(state)
        #expect(list.stories.count == 40 && list.pagesLoaded == 2, "both pages stay: \(list.stories.count)")
        #expect(state.screen?.cursor == 39 && list.story(atRow: 39)?.id == 40, "the cursor stays on the 40th story")
        #expect(UpdateTests.statusLine(state).contains("timed out"), "\(UpdateTests.statusLine(state))")
    }

    @Test func aRefreshThatSucceedsKeepsTheCursorOnItsStory() throws {
        var (state, id) = try Self.scrolledDown()
        _ = UpdateTests().keys(&state, .character("r"))
        _ = state.update(.listLoaded(id, UpdateTests.page(1, of: 3, ids: 0...19), refreshed: true))
        let list = try Self.list(state)
        #expect(list.story(atRow: state.screen?.cursor ?? -1)?.id == 40, "still on story 40, below the refreshed first page")
        #expect(list.stories.first?.id == 0 && list.arrived == [0], "the new story is on top, marked")
        #expect(Set(list.stories.map(\.id)).count == list.stories.count, "no story twice")
    }
}
