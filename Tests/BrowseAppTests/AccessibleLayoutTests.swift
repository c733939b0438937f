import BrowseApp
import Foundation
import GoldenFiles
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// The app for screen readers and braille displays (`--accessible`): a story a sentence,
/// nothing from U+2500 to U+259F, no pictures, nothing that turns or flashes. Where the
/// cursor goes, in this layout and the others: `SelectionCursorTests`.
struct AccessibleLayoutTests {
    static let dates = UpdateTests.dates

    /// An article with every kind of drawn line: a rule, a quote's bar, a table's borders, a
    /// heading's underline, and block characters a site put in its own text.
    static let drawnHTML = """
        <h1>Where the water stood</h1>
        <p>Sophomore kicker Lucía Ferreira made a <a href="/sports/">38-yard field goal</a> as time expired. ▁▂▃▅▇█ ░▒▓</p>
        <hr>
        <blockquote><p>“I just pretended it was a penalty.”</p></blockquote>
        <table><tr><th>Stage</th><th>Level (m)</th></tr><tr><td>Minor</td><td>3.8</td></tr></table>
        <ul><li>Lakeport, away</li><li>The final, at home</li></ul>
        """

    /// `SelectionCursorTests.latest` in the accessible layout.
    static func latest(width: Int, height: Int, density: ListDensity = .compact) throws -> AppState {
        try SelectionCursorTests.latest(width: width, height: height, accessible: true, density: density)
    }

    static func reading(_ state: inout AppState) throws {
        try SelectionCursorTests.reading(&state, html: drawnHTML)
    }

    // MARK: Golden frames

    @Test(arguments: [(80, 24), (120, 40)])
    func accessibleList(width: Int, height: Int) throws {
        try Golden.check(AppScreenGoldenTests.text(try Self.latest(width: width, height: height)), named: "accessible-latest-\(width)x\(height)")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func accessibleReader(width: Int, height: Int) throws {
        var state = try Self.latest(width: width, height: height)
        try Self.reading(&state)
        try Golden.check(AppScreenGoldenTests.text(state), named: "accessible-reader-\(width)x\(height)")
    }

    // MARK: The sentence

    @Test func aStoryIsOneSentenceOfItsStatesTitleAgeAuthorAndCategories() throws {
        let state = try Self.latest(width: 200, height: 24)
        let rows = AppView(state).lines.dropFirst().prefix(4).map(\.plainText)
        #expect(rows[0] == "Unread, new. Storm recovery: where to get help, drop off debris and report damage. 5 hours ago, News.", "\(rows)")
        #expect(rows[1] == "Read, saved. Herons clinch a playoff berth with a last-second kick. yesterday, Jane Okafor, News.", "\(rows)")
        #expect(rows[2].hasPrefix("Unread. 河畔市中秋灯会：三千盏灯照亮老码头. ") && rows[2].hasSuffix(", News, Arts & Culture."), "\(rows)")
        #expect(rows[3].hasPrefix("Unread, updated. "), "\(rows)")
    }

    // MARK: No drawing characters

    @Test func noAccessibleFrameHasABoxDrawingOrBlockCharacter() throws {
        let drawing = PlainGlyphs.drawing
        func expectPlain(_ state: AppState, _ what: String) {
            let text = AppView(state).lines.map(\.plainText).joined(separator: "\n")
            let found = text.unicodeScalars.filter { drawing.contains($0) }
            #expect(found.isEmpty, "\(what): \(String(String.UnicodeScalarView(found)))\n\(text)")
        }
        for (width, height) in [(80, 24), (120, 40), (30, 10)] {
            var state = try Self.latest(width: width, height: height, density: .cards)
            expectPlain(state, "the list")
            let titled = Story(id: 90, slug: "s90", title: "Levels ▁▂▃▅▇█ ── ║ ╞═╡", link: "https://ledger.example/?p=90", date: Self.dates.now,
                               modified: Self.dates.now, author: nil, categories: [], tags: [], excerpt: "░▒▓ bars", sticky: false, featuredImage: nil)
            guard case .loadArticle(let id, _, _)? = state.update(.key(.enter)).first else { throw UpdateTests.Unexpected("Enter reads") }
            _ = state.update(.articleLoaded(id, html: Self.drawnHTML, story: titled, link: nil))
            for _ in 0..<6 {
                expectPlain(state, "the reader at \(width)x\(height)")
                _ = state.update(.key(.character(" ")))
            }
            _ = state.update(.key(.character("?")))
            expectPlain(state, "the help")
        }
        // Without the accessible layout the same article does draw them: the test can fail.
        var drawn = try SelectionCursorTests.latest(width: 80, height: 24, accessible: false)
        try SelectionCursorTests.reading(&drawn, html: Self.drawnHTML)
        #expect(AppView(drawn).lines.contains { $0.plainText.unicodeScalars.contains { drawing.contains($0) } })
    }

    // MARK: The option's state

    @Test func theAccessibleLayoutAsksForNoPicturesAndNeitherSpinsNorFlashes() throws {
        var state = try Self.latest(width: 80, height: 24, density: .cards)
        #expect(!state.showsPictures, "pictures are drawn with block characters")
        let asked = state.update(.key(.enter))
        #expect(!asked.contains { if case .loadPictures = $0 { true } else { false } })
        #expect(state.screen?.loading == true && !state.wantsTicks, "no timer turns a spinner")
        #expect(AppView(state).lines.last?.plainText == "loading…")
        let plain = try SelectionCursorTests.latest(width: 80, height: 24, accessible: false)
        #expect(plain.showsPictures)
    }

    @Test func cardsAreOneRowAStoryInTheAccessibleLayout() throws {
        var state = try Self.latest(width: 80, height: 24, density: .cards)
        for _ in 0..<10 { _ = state.update(.key(.character("j"))) }
        #expect(state.screen?.cursor == 11 && state.screen?.top == 0, "twelve sentences fit 22 rows: no scrolling")
        #expect(AppView(state).lines[12].spans.first?.style.inverse == true)
    }

    @Test func vAddsEachStorysExcerptToItsSentenceAndTakesItAway() throws {
        var state = try Self.latest(width: 200, height: 24)
        let excerpt = AppScreenGoldenTests.stories[1].excerpt
        try #require(!excerpt.isEmpty)
        #expect(!AppView(state).lines[2].plainText.contains(excerpt))
        _ = state.update(.key(.character("v")))
        let cards = AppView(state).lines
        #expect(cards[2].plainText.hasSuffix(" " + excerpt), "the sentence, then the excerpt: \(cards[2].plainText)")
        #expect(cards[3].plainText.hasPrefix("Unread. "), "still a story a line")
        #expect(cards.last?.plainText.contains("excerpt") == true, "the status line says what changed: \(cards.last?.plainText ?? "")")
        _ = state.update(.key(.character("v")))
        #expect(!AppView(state).lines[2].plainText.contains(excerpt))
    }

    @Test func theSearchTabSaysItsStateOnTheStatusLineOnly() throws {
        var state = AppState(siteName: "Ledger", dates: Self.dates, width: 80, height: 24, accessible: true)
        _ = state.startSearching("")
        _ = state.update(.searchChanged(LiveSearchState(query: "l", phase: .searching)))
        var lines = AppView(state).lines.map(\.plainText)
        #expect(lines.last?.hasPrefix("searching…") == true, "\(lines)")
        #expect(!lines.dropLast().contains { $0.contains("searching") }, "\(lines)")
        let results = SearchResults(query: "l", hits: (1...3).map { .story(UpdateTests.story($0)) }, page: 1, perPage: 50, total: 3, totalPages: 1,
                                    origin: .list(.network))
        _ = state.update(.searchChanged(LiveSearchState(query: "l", phase: .results(results))))
        lines = AppView(state).lines.map(\.plainText)
        #expect(lines.last?.hasPrefix("3 found") == true, "\(lines)")
        #expect(lines[2].hasPrefix("Unread"), "the results follow the field: \(lines)")
        _ = state.update(.key(.escape))
        _ = state.update(.key(.character("v")))
        #expect(AppView(state).lines[2].plainText.hasSuffix(". About 1."), "v adds the excerpts here too: \(AppView(state).lines[2].plainText)")
    }

    @Test func theAccessibleCloudHasATagALine() throws {
        var state = AppState(siteName: "Ledger", dates: Self.dates, width: 80, height: 24, accessible: true)
        guard case .loadTerms(let id, .tags, _)? = state.start(on: .tags).first else { throw UpdateTests.Unexpected("the tags") }
        _ = state.update(.termsLoaded(id, ["Bridges", "Budget", "Ferry"].map { TermRow(label: $0, count: 3, level: 2, target: .stories(.latest)) }))
        _ = state.update(.key(.character("j")))
        #expect(AppView(state).lines[1...3].map(\.plainText) == ["Bridges", "Budget", "Ferry"])
        #expect(state.screen?.cursor == 1, "down is the next tag")
    }
}
