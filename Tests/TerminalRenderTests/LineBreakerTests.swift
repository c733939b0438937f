import Testing
@testable import TerminalRender
import DisplayWidth
import NewsModels

@Suite struct LineBreakerTests {
    func wrap(_ spans: [Span], width: Int) -> [String] {
        LineBreaker(width: width).lines(for: spans).map(\.plainText)
    }

    @Test func aWordAcrossSpansStaysTogether() {
        let spans = [Span("read the "), Span("data", Style(bold: true)), Span(", then decide")]
        #expect(wrap(spans, width: 13) == ["read the", "data, then", "decide"])
    }

    @Test func spansOfOneStyleOnALineAreMerged() {
        let lines = LineBreaker(width: 80).lines(for: [Span("one "), Span("two "), Span("three", Style(bold: true))])
        #expect(lines[0].spans == [Span("one two "), Span("three", Style(bold: true))])
    }

    @Test func aSpaceKeepsTheStyleOfTheTextItCameFrom() {
        let lines = LineBreaker(width: 80).lines(for: [Span("link text ", ArticleStyle.link, link: "x"), Span("after")])
        #expect(lines[0].spans == [Span("link text ", ArticleStyle.link, link: "x"), Span("after")])
    }

    @Test func forcedBreaksAndEmptyLines() {
        #expect(wrap([Span("one\ntwo\n\nthree")], width: 20) == ["one", "two", "", "three"])
    }

    @Test func hyphenatedWordsBreakAfterTheHyphen() {
        #expect(wrap([Span("filed as MILLCREEK-SEDIMENT-Q3-COMPOSITE")], width: 20) == ["filed as MILLCREEK-", "SEDIMENT-Q3-", "COMPOSITE"])
        // Not where the hyphen is a minus sign or a dash.
        #expect(wrap([Span("a -5 b --flag")], width: 3) == ["a", "-5", "b", "--f", "lag"])
    }

    @Test func ideographsBreakAnywhereButBeforeClosingPunctuation() {
        let lines = wrap([Span("今年的月饼有莲蓉、豆沙，还有一种新口味。")], width: 10)
        #expect(lines == ["今年的月饼", "有莲蓉、豆", "沙，还有一", "种新口味。"])
        let japanese = wrap([Span("訪問団長は「川のある町同士」と話しました。")], width: 12)
        #expect(japanese.allSatisfy { DisplayWidth.of($0) <= 12 })
        #expect(!japanese.contains { $0.hasPrefix("」") || $0.hasPrefix("。") || $0.hasSuffix("「") })
    }

    @Test func aZeroWidthSpaceIsABreakOpportunity() {
        #expect(wrap([Span("alpha\u{200B}beta\u{200B}gamma")], width: 11) == ["alpha\u{200B}beta\u{200B}", "gamma"])
    }

    @Test func aWordWiderThanTheLineIsCutByGraphemes() {
        #expect(wrap([Span("a 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦 b")], width: 4) == ["a", "👨‍👩‍👧‍👦👨‍👩‍👧‍👦", "👨‍👩‍👧‍👦 b"])
        #expect(wrap([Span("é\u{301}é\u{301}é\u{301}")], width: 2) == ["é\u{301}é\u{301}", "é\u{301}"])
    }

    @Test func aGraphemeWiderThanTheLineStillGetsALine() {
        #expect(wrap([Span("東京")], width: 1) == ["東", "京"])
    }

    @Test func measureGivesTheLongestWordAndTheUnwrappedWidth() {
        #expect(LineBreaker.measure([Span("a "), Span("longest", Style(bold: true)), Span(" b\ncd")]) == (minimum: 7, natural: 11))
        #expect(LineBreaker.measure([Span("ab-cd")]) == (minimum: 3, natural: 5))
    }
}
