import Testing
@testable import WordPressAPI

@Suite struct ServerTextTests {
    @Test func plainServerStringsKeepNewlinesAndTurnTabsIntoSpaces() {
        #expect(ServerText("a\tb\nc\r").value == "a b\nc")
    }

    @Test func renderedTextIsPlainText() {
        #expect(RenderedText(html: "Council&#8217;s <em>budget</em>").plain == "Council’s budget")
    }
}

@Suite struct SearchWordsTests {
    @Test func wordsWordPressWouldStripToNothingAreNone() {
        #expect(Endpoints.searchableWords("<script>") == nil)
        #expect(Endpoints.searchableWords(" <b></b> ") == nil)
        #expect(Endpoints.searchableWords("<img src=x onerror=alert(1)") == nil)
        #expect(Endpoints.searchableWords("city <b>council</b>") == "city council")
        #expect(Endpoints.searchableWords("a < b") == "a < b")
        #expect(Endpoints.searchableWords("ferry") == "ferry")
    }
}
