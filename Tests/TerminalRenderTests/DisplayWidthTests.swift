import Testing
@testable import TerminalRender
import DisplayWidth
import NewsModels

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
