import BrowseApp
import Foundation
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// Every frame the app writes ends by moving the terminal's cursor to the start of what is
/// selected (or to where the next letter typed goes), for screen readers that follow it:
/// shown in the accessible layout, hidden in the others.
struct SelectionCursorTests {
    static let dates = UpdateTests.dates

    /// Latest with the golden tests' stories, the second selected and saved.
    static func latest(width: Int, height: Int, accessible: Bool, density: ListDensity = .compact) throws -> AppState {
        var state = AppState(siteName: "The Riverside Ledger", dates: dates, width: width, height: height, showsPictures: true,
                             density: density, accessible: accessible)
        guard case .loadList(let id, _, _, _)? = state.start(on: .latest).first else { throw UpdateTests.Unexpected("no list asked for") }
        _ = state.update(.listLoaded(id, StoryList(stories: AppScreenGoldenTests.stories, page: 1, perPage: 20, total: 12, totalPages: 1, origin: .network),
                                     refreshed: false))
        _ = state.update(.key(.character("j")))
        _ = state.update(.key(.character("s")))
        return state
    }

    static func reading(_ state: inout AppState, html: String) throws {
        guard case .loadArticle(let id, _, _)? = state.update(.key(.enter)).first else { throw UpdateTests.Unexpected("Enter reads") }
        _ = state.update(.articleLoaded(id, html: html, story: AppScreenGoldenTests.stories[1], link: AppScreenGoldenTests.stories[1].link))
    }

    /// A frame's bytes as the runtime writes them.
    static func frame(_ writer: inout FrameWriter, _ state: AppState) -> String {
        let view = AppView(state)
        return writer.pieces(for: view.lines, cursor: view.cursor, pictures: view.pictures.map(FrameWriter.Placement.init)).string
    }

    /// Where the selection starts, found by looking at the frame as a person would: the first
    /// row under the tab bar with reversed text (its first column; the word's own, in the
    /// tag cloud), or in the reader the first line with text (where its text starts).
    static func selectionSeen(_ state: AppState) -> (row: Int, column: Int) {
        let lines = AppView(state).lines
        let body = 1..<(lines.count - 1)
        if case .reader? = state.screen?.content {
            let row = body.first { !lines[$0].plainText.allSatisfy { $0 == " " } } ?? 1
            return (row, lines[row].plainText.prefix { $0 == " " }.count)
        }
        guard let row = body.first(where: { lines[$0].spans.contains { $0.style.inverse } }) else { return (1, 0) }
        if case .terms(let terms)? = state.screen?.content, terms.kind == .tags, !state.accessible {
            let before = lines[row].spans.prefix { !$0.style.inverse }
            return (row, StyledLine(Array(before)).width)
        }
        return (row, 0)
    }

    /// Checks that `frame` ends by moving the cursor to `at` (1-based in the escape), shown
    /// when `shown`.
    static func expectEnds(_ frame: String, at: (row: Int, column: Int), shown: Bool, _ what: String) {
        let move = "\u{1B}[\(at.row + 1);\(at.column + 1)H"
        #expect(frame.hasSuffix(shown ? move + "\u{1B}[?25h" : move), "\(what): \(frame.suffix(40).debugDescription) should end at \(at)")
    }

    /// Lists, the cloud, Categories and More, the reader, help, a prompt and the search
    /// results, walked key by key: every frame ends at the selected row's first column.
    @Test(arguments: [false, true])
    func everyFrameEndsAtTheSelection(accessible: Bool) throws {
        for density in [ListDensity.compact, .cards] {
            var state = try Self.latest(width: 80, height: 24, accessible: accessible, density: density)
            var writer = FrameWriter(styles: .color)
            func step(_ keys: [Key], _ what: String) {
                for key in keys {
                    _ = state.update(.key(key))
                    Self.expectEnds(Self.frame(&writer, state), at: Self.selectionSeen(state), shown: accessible, "\(what) (\(density))")
                }
            }
            Self.expectEnds(Self.frame(&writer, state), at: Self.selectionSeen(state), shown: accessible, "the list as it opens")
            step(Array(repeating: .character("j"), count: 11) + [.character("k"), .character("k"), .character("g"), .character("G")], "moving through the list")
            try Self.reading(&state, html: String(repeating: "<p>A paragraph of the story, long enough to wrap over two lines of the reader.</p>", count: 30))
            Self.expectEnds(Self.frame(&writer, state), at: Self.selectionSeen(state), shown: accessible, "the reader as it opens")
            step([.character("j"), .character("j"), .character(" "), .character("k")], "scrolling the reader")
            step([.character("q"), .character("?")], "the help")
            step([.character("q")], "back from the help")

            // A prompt: the cursor is where the next letter goes, shown in every layout.
            // The status line goes on after what was typed (the rows it keeps, `11 of 12`).
            _ = state.update(.key(.character("/")))
            var typed = "/"
            for letter in "cou" {
                _ = state.update(.key(.character(letter)))
                typed.append(letter)
                let statusLine = AppView(state).lines.last!.plainText
                #expect(statusLine.hasPrefix(typed), "the filter as typed: \(statusLine)")
                Self.expectEnds(Self.frame(&writer, state), at: (state.height - 1, typed.count), shown: true, "typing a filter")
            }
            step([.escape, .escape], "the filter closed")
        }
    }

    @Test(arguments: [false, true])
    func termListsAndTheCloudEndAtTheSelection(accessible: Bool) throws {
        var state = try Self.latest(width: 80, height: 24, accessible: accessible)
        var writer = FrameWriter(styles: .color)
        guard case .loadTerms(let tags, .tags, _)? = state.update(.key(.character("4"))).first else { throw UpdateTests.Unexpected("the tags") }
        let names = ["Bridges", "Budget", "City Council", "Ferry", "Flooding", "Herons", "Library", "Old Quay", "Parks", "Tamsin River", "Transit", "Volunteers"]
        _ = state.update(.termsLoaded(tags, names.enumerated().map { index, name in
            TermRow(label: name, count: index * 3, level: index % 5 + 1, target: .stories(.latest))
        }))
        for key: Key in [.right, .right, .down, .character("j"), .left, .up, .character("k")] {
            _ = state.update(.key(key))
            Self.expectEnds(Self.frame(&writer, state), at: Self.selectionSeen(state), shown: accessible, "the tag cloud")
        }
        guard case .loadTerms(let categories, .categories, _)? = state.update(.key(.character("3"))).first else { throw UpdateTests.Unexpected("categories") }
        _ = state.update(.termsLoaded(categories, (1...30).map { TermRow(label: "Category \($0)", depth: $0 % 2, count: $0, target: .stories(.latest)) }))
        for key: Key in Array(repeating: .character("j"), count: 25) + [.character("k")] {
            _ = state.update(.key(key))
            Self.expectEnds(Self.frame(&writer, state), at: Self.selectionSeen(state), shown: accessible, "categories")
        }
        // More: saved stories of several sites, a river of sorts, under headings the cursor passes over.
        guard case .loadTerms(let more, .more, _)? = state.update(.key(.character("6"))).first else { throw UpdateTests.Unexpected("More") }
        let kept = [("ledger", "Budget passes"), ("cu", "Snow day"), ("ledger", "Ferry fares")].enumerated().map { index, site in
            SavedStory(siteRoot: "https://\(site.0).example/wp-json/", siteName: site.0, story: AppScreenGoldenTests.stories[index], html: "<p>kept</p>",
                       savedAt: Date(timeIntervalSince1970: 0))
        }
        _ = state.update(.termsLoaded(more, MoreTab.rows(pages: .loaded([]), followed: FollowedSites(), saved: kept, hidden: [])))
        for key: Key in [.character("j"), .character("j"), .character("j"), .character("k")] {
            _ = state.update(.key(key))
            Self.expectEnds(Self.frame(&writer, state), at: Self.selectionSeen(state), shown: accessible, "More")
        }
    }

    @Test(arguments: [false, true])
    func searchResultsEndAtTheSelection(accessible: Bool) throws {
        var state = AppState(siteName: "Ledger", dates: Self.dates, width: 80, height: 24, accessible: accessible)
        var writer = FrameWriter(styles: .color)
        _ = state.startSearching("")
        let results = SearchResults(query: "l", hits: (1...30).map { .story(UpdateTests.story($0)) }, page: 1, perPage: 50, total: 30, totalPages: 1,
                                    origin: .list(.network))
        _ = state.update(.searchChanged(LiveSearchState(query: "l", phase: .results(results))))
        let typing = Self.frame(&writer, state)
        #expect(typing.hasSuffix("\u{1B}[2;9H\u{1B}[?25h"), "in the field while typing: \(typing.suffix(20).debugDescription)")
        _ = state.update(.key(.escape))
        for key: Key in Array(repeating: .character("j"), count: 25) + [.character("k")] {
            _ = state.update(.key(key))
            Self.expectEnds(Self.frame(&writer, state), at: Self.selectionSeen(state), shown: accessible, "search results")
        }
    }

}
