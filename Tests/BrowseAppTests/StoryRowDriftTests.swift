import BrowseApp
import Foundation
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// A story looks the same in the app, the live search and a printed list: what one of them
/// drew better is what all of them draw.
struct StoryRowDriftTests {
    static let dates = UpdateTests.dates

    static func story(title: String = "The ferry vote", author: String? = "Jane Okafor", categories: Int = 1,
                      state: ReadingState = ReadingState()) -> Story {
        Story(id: 7, slug: "s7", title: title, link: "https://example.org/?p=7", date: dates.now.addingTimeInterval(-3600),
              modified: dates.now, author: author.map { Author(id: 2, name: $0, slug: "a") },
              categories: (1...max(categories, 1)).prefix(categories).map { Category(id: $0, name: "Category \($0)", slug: "c\($0)", parent: nil) },
              tags: [], excerpt: "About the ferry.", sticky: false, featuredImage: nil, state: state)
    }

    /// The app at 80x24 showing only `story` on Latest, as a card (a compact row has no
    /// names to drift).
    static func appLines(_ story: Story) throws -> [StyledLine] {
        var state = AppState(siteName: "Ledger", dates: dates, width: 80, height: 24, density: .cards)
        guard case .loadList(let id, _, _, _)? = state.start(on: .latest).first else { throw UpdateTests.Unexpected("no list asked for") }
        _ = state.update(.listLoaded(id, StoryList(stories: [story], page: 1, perPage: 20, total: 1, totalPages: 1, origin: .network), refreshed: false))
        return AppView(state).lines
    }

    static func searchLines(_ story: Story) -> [StyledLine] {
        let results = SearchResults(query: "ferry", hits: [.story(story)], page: 1, perPage: 50, total: 1, totalPages: 1, origin: .list(.network))
        return SearchScreen(width: 80, height: 10, dates: dates)
            .lines(editor: LineEditor(text: "ferry"), state: LiveSearchState(query: "ferry", phase: .results(results)), selection: 0, editing: true)
    }

    static func printedLines(_ story: Story) -> [StyledLine] {
        StoryListView(width: 80, dates: dates).lines(for: StoryList(stories: [story], page: 1, perPage: 20, total: 1, totalPages: 1))
    }

    static func span(_ text: String, in lines: [StyledLine]) -> Span? {
        lines.flatMap(\.spans).first { $0.text.trimmingCharacters(in: .whitespaces) == text }
    }

    @Test func updatedLooksTheSameInTheAppAsInAPrintedList() throws {
        let updated = Self.story(state: ReadingState(isUpdated: true))
        let printed = try #require(Self.span("UPDATED", in: Self.printedLines(updated)))
        let inApp = try #require(Self.span("UPDATED", in: try Self.appLines(updated)))
        #expect(inApp.style == printed.style)
        #expect(printed.style.color == .yellow, "NEW is green: an update must not look new")
    }

    @Test func manyCategoriesEndInACountOnEveryScreen() throws {
        let filed = Self.story(categories: 30)
        for (name, lines) in [("app", try Self.appLines(filed)), ("search", Self.searchLines(filed)), ("printed", Self.printedLines(filed))] {
            let text = lines.map(\.plainText).joined(separator: "\n")
            #expect(text.contains("Category 1, ") && text.contains(/, Category \d+ \+\d+/), "\(name): \(text)")
            #expect(!text.contains("Category 30"), "\(name): \(text)")
        }
    }

    @Test func anEmptyAuthorNameLeavesNoEmptyPartOnAnyScreen() throws {
        let nameless = Self.story(author: "")
        for (name, lines) in [("app", try Self.appLines(nameless)), ("search", Self.searchLines(nameless)), ("printed", Self.printedLines(nameless))] {
            let text = lines.map(\.plainText).joined(separator: "\n")
            #expect(text.contains("1 h ago · Category 1"), "\(name): \(text)")
        }
    }

    @Test func anUntitledStoryDoesNotStandOutOnAnyScreen() throws {
        let untitled = Self.story(title: "")
        for (name, lines) in [("app", try Self.appLines(untitled)), ("search", Self.searchLines(untitled)), ("printed", Self.printedLines(untitled))] {
            let title = try #require(Self.span("(no title)", in: lines), "\(name)")
            #expect(title.style.dim && !title.style.bold, "\(name)")
        }
    }

    /// A page found by a search, in the live search and printed by `wpnews search`.
    static func pageHitLines(title: String) -> [(String, [StyledLine])] {
        let results = SearchResults(query: "ferry", hits: [.page(id: 9, title: title, link: "https://example.org/?page_id=9")],
                                    page: 1, perPage: 50, total: 1, totalPages: 1, origin: .list(.network))
        let live = SearchScreen(width: 80, height: 10, dates: dates)
            .lines(editor: LineEditor(text: "ferry"), state: LiveSearchState(query: "ferry", phase: .results(results)), selection: 0, editing: true)
        return [("search", live), ("printed", SearchResultsView(list: StoryListView(width: 80, dates: dates)).lines(for: results))]
    }

    @Test func anUntitledPageDoesNotStandOutOnAnyScreen() throws {
        for (name, lines) in Self.pageHitLines(title: "") {
            let title = try #require(Self.span("(no title)", in: lines), "\(name)")
            #expect(title.style.dim && !title.style.bold, "\(name)")
        }
    }

    /// A page says it is one where a story has its date; the printed list adds the id, as it
    /// does for a story, since `read` takes it.
    @Test func aPageHitSaysItIsAPageOnEveryScreen() {
        for (name, lines) in Self.pageHitLines(title: "Ethics Policy") {
            let text = lines.map { $0.plainText.trimmingCharacters(in: .whitespaces) }
            #expect(text.contains { $0.hasSuffix("Ethics Policy") } && text.contains(name == "printed" ? "page · id 9" : "page"), "\(name): \(text)")
        }
    }
}
