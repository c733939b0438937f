import NewsModels
import Testing
import TerminalRender

/// The dim lines under a printed list: where the page is, what was hidden, how to get the next.
@Suite struct ListFooterTests {
    static let footer = ListFooter(command: "wpnews latest --unread", width: 80)

    @Test func oneLineSaysThePageTheHiddenAndTheNextCommand() {
        #expect(Self.footer.texts(page: 2, totalPages: 7, hasNextPage: true, hidden: 1)
            == ["page 2 of 7 · 1 hidden · next: wpnews latest --unread --page 3"])
        #expect(Self.footer.texts(page: 7, totalPages: 7, hasNextPage: false, hidden: 0) == ["page 7 of 7"], "no next on the last page")
    }

    @Test func aSinglePageSaysOnlyWhatWasHidden() {
        #expect(Self.footer.texts(page: 1, totalPages: 1, hasNextPage: false, hidden: 0) == nil)
        #expect(Self.footer.texts(page: 1, totalPages: nil, hasNextPage: false, hidden: 3) == ["3 hidden"])
    }

    /// The command is never broken, so it can be copied: too wide, it goes on a line of its own.
    @Test func tooWideTheCommandGetsItsOwnLine() {
        let narrow = ListFooter(command: "wpnews latest --unread", width: 40)
        #expect(narrow.texts(page: 2, totalPages: 7, hasNextPage: true, hidden: 0)
            == ["page 2 of 7", "next: wpnews latest --unread --page 3"])
    }

    @Test func theLinesAreDimAfterABlankLine() {
        let lines = ListFooter.lines(["page 2 of 7", "next: x"])
        #expect(lines.map(\.spans) == [[], [Span("page 2 of 7", Style(dim: true))], [Span("next: x", Style(dim: true))]])
    }
}
