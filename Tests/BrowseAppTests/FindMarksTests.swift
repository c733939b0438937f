import BrowseApp
import NewsCore
import TerminalRender
import Testing

/// A search in the article marks what it found: the current match in reverse video, the
/// other matches underlined.
struct FindMarksTests {
    static func found(_ text: String, in html: String) throws -> AppState {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .enter)
        _ = state.update(.articleLoaded(try #require(state.screen?.id), html: html, story: UpdateTests.story(1), link: nil))
        _ = UpdateTests().keys(&state, .character("/"))
        for character in text { _ = UpdateTests().keys(&state, .character(character)) }
        _ = UpdateTests().keys(&state, .enter)
        return state
    }

    static func matches(_ state: AppState, _ text: String) -> [(row: Int, span: Span)] {
        AppView(state).lines.enumerated().flatMap { row, line in
            line.spans.filter { $0.text.lowercased() == text }.map { (row: row, span: $0) }
        }
    }

    @Test func theCurrentMatchIsReversedAndTheOthersUnderlined() throws {
        var state = try Self.found("alpha", in: "<p>Alpha beta alpha</p><p>gamma</p><p>delta alpha</p>")
        var marked = Self.matches(state, "alpha")
        #expect(marked.count == 3, "each match is a span of its own: \(AppView(state).lines.map(\.spans))")
        #expect(marked.filter { $0.span.style.inverse }.count == 1 && marked.first?.span.style.inverse == true, "\(marked)")
        #expect(marked.filter { $0.span.style.underline && !$0.span.style.inverse }.count == 2, "\(marked)")
        _ = UpdateTests().keys(&state, .character("n"))
        marked = Self.matches(state, "alpha")
        #expect(marked.filter { $0.span.style.inverse }.map(\.row) == [marked.last?.row], "n moves the reverse video to the next line's match")
    }

    /// Case and accents are folded either way, as a reader types a word without them or copies
    /// it with them: by the standard library's own Unicode tables, which the release binary,
    /// built without ICU's data, has too (BrowseAppE2ETests finds an accented word there).
    @Test(arguments: [("uber", "Über den Fluss"), ("DÉBRIS", "the debris field"), ("STRASSE", "Die Straße"),
                      ("brulee", "crème brûlée"), ("ΣΟΦΟΣ", "ο σοφός")])
    func caseAndAccentsAreFoldedBothWays(typed: String, text: String) throws {
        let state = try Self.found(typed, in: "<p>nothing here</p><p>\(text)</p>")
        let matched = AppView(state).lines.dropFirst().flatMap(\.spans).filter { $0.style.inverse }.map(\.text)
        #expect(matched.count == 1 && matched.allSatisfy { !$0.isEmpty && text.contains($0) }, "\(typed) in \(text): \(matched)")
        #expect(AppView(state).lines.contains { $0.plainText.contains("'\(typed)': 1 of 1") })
    }

    @Test func nothingIsMarkedOnceTheSearchIsCleared() throws {
        var state = try Self.found("alpha", in: "<p>Alpha beta alpha</p>")
        _ = UpdateTests().keys(&state, .escape)
        // Below the tab bar, whose open tab is reversed too.
        #expect(AppView(state).lines.dropFirst().flatMap(\.spans).allSatisfy { !$0.style.inverse && !$0.style.underline })
    }
}
