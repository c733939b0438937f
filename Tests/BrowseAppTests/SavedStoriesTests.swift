import BrowseApp
import Foundation
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// `s` saves the story under the cursor or in the reader; More lists the saved stories of
/// every site and opens them from the user's data.
struct SavedStoriesTests {
    func keys(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { state.update(.key($0)) }
    }

    /// The gutter of the list's row for `story`, as drawn.
    static func row(of id: Int, in state: AppState) -> String? {
        AppView(state).lines.map(\.plainText).first { $0.contains("Story \(id)") }
    }

    @Test func sSavesTheStoryUnderTheCursorAndMarksItsRow() throws {
        var (state, _) = try UpdateTests.started()
        #expect(Self.row(of: 2, in: state)?.hasPrefix("  2. ") == true, "\(Self.row(of: 2, in: state) ?? "")")
        #expect(keys(&state, .character("j"), .character("s")) == [.setSaved(UpdateTests.story(2), true)])
        #expect(UpdateTests.statusLine(state).hasPrefix("saved (More lists saved stories): Story 2"))
        #expect(Self.row(of: 2, in: state)?.hasPrefix("> 2* ") == true, "\(Self.row(of: 2, in: state) ?? "")")
        #expect(keys(&state, .character("s")) == [.setSaved(UpdateTests.story(2), false)])
        #expect(UpdateTests.statusLine(state).hasPrefix("unsaved: Story 2"))
        #expect(Self.row(of: 2, in: state)?.hasPrefix("> 2. ") == true)
    }

    @Test func aFailedSaveTakesTheMarkBackAndSaysWhy() throws {
        var (state, _) = try UpdateTests.started()
        _ = keys(&state, .character("j"), .character("s"))
        #expect(Self.row(of: 2, in: state)?.hasPrefix("> 2* ") == true)
        #expect(state.update(.saveFailed(UpdateTests.story(2), "story 2 is password-protected")) == [])
        #expect(UpdateTests.statusLine(state).hasPrefix("could not save Story 2: story 2 is password-protected"),
                "\(UpdateTests.statusLine(state))")
        #expect(Self.row(of: 2, in: state)?.hasPrefix("> 2. ") == true, "\(Self.row(of: 2, in: state) ?? "")")
        #expect(keys(&state, .character("s")) == [.setSaved(UpdateTests.story(2), true)], "s tries again")
    }

    @Test func aStorySavedBeforeComesWithItsMark() throws {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadList(let id, .featured, page: 1, refresh: false)? = state.start().first else { throw UpdateTests.Unexpected("a list") }
        let saved = Story(id: 30, slug: "s30", title: "Story 30", link: "https://example.org/?p=30", date: UpdateTests.dates.now,
                          modified: UpdateTests.dates.now, author: nil, categories: [], tags: [], excerpt: "", sticky: false,
                          featuredImage: nil, state: ReadingState(isRead: true, isSaved: true))
        _ = state.update(.listLoaded(id, StoryList(stories: [saved, UpdateTests.story(2)], page: 1, perPage: 20, total: 2, totalPages: 1),
                                     refreshed: false))
        #expect(Self.row(of: 30, in: state)?.hasPrefix(">1* ") == true, "saved wins over read: \(Self.row(of: 30, in: state) ?? "")")
        #expect(keys(&state, .character("s")) == [.setSaved(saved, false)], "s on a saved story unsaves it")
    }

    @Test func sInTheReaderSavesItsStory() throws {
        var (state, _) = try UpdateTests.started()
        guard case .loadArticle(let reader, storyID: 1, refresh: false)? = keys(&state, .enter).first else {
            throw UpdateTests.Unexpected("Enter reads")
        }
        _ = state.update(.articleLoaded(reader, html: "<p>Text.</p>", story: UpdateTests.story(1), link: nil))
        #expect(keys(&state, .character("s")) == [.setSaved(UpdateTests.story(1), true)])
        #expect(UpdateTests.statusLine(state).hasPrefix("saved"))
        _ = keys(&state, .character("q"))
        #expect(Self.row(of: 1, in: state)?.hasPrefix("> 1* ") == true, "the list under it shows the mark")
    }

    @Test func moreOpensASavedStoryFromTheUsersData() throws {
        var (state, _) = try UpdateTests.started()
        guard case .loadTerms(let more, .more, _)? = keys(&state, .character("6")).first else { throw UpdateTests.Unexpected("the More tab") }
        let root = "https://campus.example/wp-json/"
        _ = state.update(.termsLoaded(more, [
            TermRow(label: "Saved stories", target: .heading),
            TermRow(label: "campus  Snow day", depth: 1, target: .saved(siteRoot: root, storyID: 3, title: "Snow day")),
        ]))
        guard case .loadSaved(let reader, siteRoot: root, storyID: 3)? = keys(&state, .enter).first else {
            throw UpdateTests.Unexpected("Enter opens the saved copy")
        }
        _ = state.update(.articleLoaded(reader, html: "<p>Classes are off.</p>", story: nil, link: "https://campus.example/snow/"))
        let text = AppView(state).lines.map(\.plainText)
        #expect(text.contains { $0.contains("Snow day") } && text.contains { $0.contains("Classes are off.") }, "\(text)")
    }
}
