import BrowseApp
import NewsCore
import TerminalRender
import Testing

/// Modes that change what a list shows say so for as long as they are on; a new `/` starts
/// empty; `n` after a find that found nothing stays in the article.
struct ListModesTests {
    @Test func aFilterSaysSoInTheFooterUntilItIsCleared() throws {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .character("/"), .character("1"), .enter, .character("j"))
        #expect(state.status == nil, "the flash is gone")
        #expect(UpdateTests.statusLine(state).hasPrefix("/1  11 of 20"), "\(UpdateTests.statusLine(state))")
        _ = UpdateTests().keys(&state, .escape)
        #expect(!UpdateTests.statusLine(state).contains("/1"), "\(UpdateTests.statusLine(state))")
    }

    @Test func unreadOnlySaysSoInTheFooterUntilItIsOff() throws {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .character("U"), .character("j"))
        #expect(UpdateTests.statusLine(state).contains("unread only"), "\(UpdateTests.statusLine(state))")
        _ = UpdateTests().keys(&state, .character("U"), .character("j"))
        #expect(!UpdateTests.statusLine(state).contains("unread only"), "\(UpdateTests.statusLine(state))")
    }

    @Test func slashStartsEmptyInAListAndInTheArticle() throws {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .character("/"), .character("1"), .enter, .character("/"))
        #expect(state.prompt?.editor.text == "", "typing replaces the filter, not appends to it")
        _ = UpdateTests().keys(&state, .escape, .enter)
        _ = state.update(.articleLoaded(try #require(state.screen?.id), html: "<p>level one</p>", story: UpdateTests.story(1), link: nil))
        _ = UpdateTests().keys(&state, .character("/"), .character("l"), .enter, .character("/"))
        #expect(state.prompt?.editor.text == "", "a new search in the article starts empty")
    }

    @Test func slashInTheSearchTabGoesBackToTheQueryItKept() throws {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .character("5"), .character("o"), .escape, .character("/"))
        #expect(state.search.editing && state.search.editor.text == "o")
    }

    @Test func nextAfterAFindThatFoundNothingStaysInTheArticle() throws {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .enter)
        _ = state.update(.articleLoaded(try #require(state.screen?.id), html: "<p>level one</p>", story: UpdateTests.story(1), link: nil))
        _ = UpdateTests().keys(&state, .character("/"), .character("z"), .enter)
        #expect(UpdateTests().keys(&state, .character("n")).isEmpty, "n does not open the next story")
        guard case .reader(let reader)? = state.screen?.content else { throw UpdateTests.Unexpected("still the reader") }
        #expect(reader.story?.id == 1)
        #expect(UpdateTests.statusLine(state).contains("'z' is not in this article"), "\(UpdateTests.statusLine(state))")
    }
}
