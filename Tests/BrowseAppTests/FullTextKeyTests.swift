import BrowseApp
import Foundation
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// `F` in the reader: the article from the story's web page in the summary's place, `F` again
/// the summary, and the summary kept when the page gives nothing better.
struct FullTextKeyTests {
    typealias Unexpected = UpdateTests.Unexpected
    let keys = KeyTableTests()

    func shown(_ state: AppState) -> String {
        AppView(state).lines.map(\.plainText).joined(separator: "\n")
    }

    @Test func fReadsThePageAndFAgainGoesBackToTheSummary() throws {
        var (state, _) = try UpdateTests.started()
        try keys.open(&state, html: "<p>A short summary.</p>")
        let asked = keys.press(&state, .character("F"))
        guard case .loadFullText(let id, storyID: 1)? = asked.first, asked.count == 1 else { throw Unexpected("F asks for the page: \(asked)") }
        #expect(state.screen?.loading == true)
        _ = state.update(.fullTextLoaded(id, html: "<p>The whole article, every paragraph of it.</p>", notice: nil))
        #expect(shown(state).contains("every paragraph of it") && !shown(state).contains("A short summary."))
        #expect(state.status?.contains("the whole article") == true, "\(state.status ?? "")")
        #expect(keys.press(&state, .character("F")).isEmpty, "the summary was kept: nothing to ask")
        #expect(shown(state).contains("A short summary.") && !shown(state).contains("every paragraph of it"))
        guard case .loadFullText? = keys.press(&state, .character("F")).first else { throw Unexpected("F asks again (the cache answers)") }
    }

    @Test func theSummaryStaysWithTheNoticeWhenThePageGivesNothing() throws {
        var (state, _) = try UpdateTests.started()
        try keys.open(&state, html: "<p>A short summary.</p>")
        guard case .loadFullText(let id, _)? = keys.press(&state, .character("F")).first else { throw Unexpected("F asks for the page") }
        _ = state.update(.fullTextLoaded(id, html: nil, notice: "the story's page held less text than the summary: showing the summary"))
        #expect(state.screen?.loading == false)
        #expect(shown(state).contains("A short summary."))
        #expect(state.status == "the story's page held less text than the summary: showing the summary")
        guard case .loadFullText? = keys.press(&state, .character("F")).first else { throw Unexpected("F tries again") }
    }

    @Test func commentsFetchedBeforeFStayUnderEitherText() throws {
        var (state, _) = try UpdateTests.started()
        try keys.open(&state, html: "<p>A short summary.</p>")
        guard case .loadComments(let id, _)? = keys.press(&state, .character("c")).first else { throw Unexpected("c") }
        _ = state.update(.commentsLoaded(id, [Comment(id: 9, parent: nil, author: "Ada", date: UpdateTests.dates.now, html: "<p>Well put.</p>")]))
        _ = keys.press(&state, .character("F"))
        _ = state.update(.fullTextLoaded(id, html: "<p>The whole article.</p>", notice: nil))
        #expect(shown(state).components(separatedBy: "Well put.").count == 2, "once, under the article:\n\(shown(state))")
        _ = keys.press(&state, .character("F"))
        #expect(shown(state).components(separatedBy: "Well put.").count == 2, "once, under the summary:\n\(shown(state))")
    }
}
