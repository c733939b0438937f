import Testing
@testable import TerminalRender

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("hello", 5),
        ("é", 1),
        ("e\u{301}", 1),
        ("日本語", 6),
        ("👍🏽", 2),
        ("👨‍👩‍👧", 2),
        ("🇯🇵", 2),
        ("❤️", 2),
        ("Ελληνικά", 8),
        ("مرحبا", 5),
        ("a\u{200B}b", 2),
    ])
    func columns(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func splitNeverCutsAWideCharacterInHalf() {
        let (head, tail) = DisplayWidth.split("日本語", fitting: 3)
        #expect(head == "日")
        #expect(tail == "本語")
    }

    @Test(arguments: [
        ("fits", 4, "fits"),
        ("too long", 5, "too …"),
        ("日本語", 5, "日本…"),
        ("日本語", 4, "日…"),
        ("ab", 1, "…"),
        ("ab", 0, ""),
        ("ab", -3, ""),
        ("", 0, ""),
    ])
    func truncatedTextEndsInAnEllipsisAndNeverOverflows(text: String, columns: Int, cut: String) {
        let result = DisplayWidth.truncated(text, fitting: columns)
        #expect(result == cut)
        #expect(DisplayWidth.of(result) <= max(columns, 0))
    }
}

@Suite struct TextWrapperTests {
    @Test func wrapsAtWordsWithinWidth() {
        #expect(TextWrapper.wrap("the quick brown fox jumps over the lazy dog", width: 10)
            == ["the quick", "brown fox", "jumps over", "the lazy", "dog"])
    }

    @Test func breaksAWordLongerThanTheLine() {
        let lines = TextWrapper.wrap("a pneumonoultramicroscopicsilicovolcanoconiosis b", width: 12)
        #expect(lines == ["a", "pneumonoultr", "amicroscopic", "silicovolcan", "oconiosis b"])
    }

    @Test func wrapsDoubleWidthTextByColumns() {
        let lines = TextWrapper.wrap("東京都の新しい図書館が開館しました", width: 10)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 10 })
        #expect(lines.joined() == "東京都の新しい図書館が開館しました")
    }

    @Test func cutTextEndsWithAnEllipsisInsideTheWidth() {
        let lines = TextWrapper.wrap("one two three four five six seven eight nine ten", width: 12, maxLines: 2)
        #expect(lines == ["one two", "three four…"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 12 })
    }

    @Test func emptyTextIsOneEmptyLine() {
        #expect(TextWrapper.wrap("", width: 10) == [""])
    }
}

@Suite struct ANSIEncoderTests {
    @Test func stylesBecomeSGRCodesAndReset() {
        let line = StyledLine([Span("Title", Style(bold: true)), Span(" · ", .plain), Span("3 h ago", Style(color: .cyan))])
        #expect(ANSIEncoder(colors: true).encode([line]) == "\u{1B}[1mTitle\u{1B}[0m · \u{1B}[36m3 h ago\u{1B}[0m\n")
    }

    @Test func withoutColorsThereAreNoEscapes() {
        let line = StyledLine([Span("Title", Style(bold: true, dim: true, italic: true, underline: true, color: .red))])
        #expect(ANSIEncoder(colors: false).encode([line]) == "Title\n")
    }

    @Test func combinedAttributesShareOneSequence() {
        #expect(ANSIEncoder.parameters(Style(bold: true, underline: true, color: .magenta)) == ["1", "4", "35"])
    }
}
