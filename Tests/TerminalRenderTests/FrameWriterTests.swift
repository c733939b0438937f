import Foundation
import NewsModels
import TerminalRender
import Testing

/// How the app's frames are written: only the rows that changed, and graphics placed over
/// the text, sent again only when they move, go or are written over.
@Suite struct FrameWriterTests {
    static let lines = (0..<6).map { StyledLine([Span("row \($0)")]) }
    static let kitty = TerminalGraphics(graphicsProtocol: .kitty, columns: 4, rows: 2, escapes: "<kitty>")
    static let sixel = TerminalGraphics(graphicsProtocol: .sixel, columns: 4, rows: 2, escapes: "<sixel>")

    /// Where the frames of these tests leave the cursor: hidden, on the first row.
    static let home = FrameWriter.Cursor(row: 0, column: 0, visible: false)
    static let homed = "\u{1B}[1;1H"

    static func frame(_ writer: inout FrameWriter, _ lines: [StyledLine], _ pictures: [FrameWriter.Placement]) -> String {
        writer.pieces(for: lines, cursor: home, pictures: pictures).string
    }

    @Test func picturesArePlacedAfterTheTextAndOnlySentAgainWhenTheyMove() throws {
        var writer = FrameWriter(styles: .none)
        let first = Self.frame(&writer, Self.lines, [FrameWriter.Placement(row: 2, graphics: Self.kitty)])
        let text = try #require(first.range(of: "row 5"))
        let picture = try #require(first.range(of: "\u{1B}[3;1H<kitty>"))
        #expect(text.upperBound <= picture.lowerBound, "placed at row 3 after the text")

        let same = Self.frame(&writer, Self.lines, [FrameWriter.Placement(row: 2, graphics: Self.kitty)])
        #expect(!same.contains("<kitty>"), "an unchanged frame does not send the picture again: \(same.debugDescription)")

        var scrolled = Self.lines
        scrolled.removeFirst()
        scrolled.append(StyledLine([Span("row 6")]))
        let moved = Self.frame(&writer, scrolled, [FrameWriter.Placement(row: 1, graphics: Self.kitty)])
        let removal = try #require(moved.range(of: "\u{1B}_Ga=d,d=A\u{1B}\\"))
        let placed = try #require(moved.range(of: "\u{1B}[2;1H<kitty>"))
        #expect(removal.upperBound <= placed.lowerBound, "the old placement goes before the new one")

        let gone = Self.frame(&writer, scrolled, [])
        #expect(gone.contains("\u{1B}_Ga=d,d=A\u{1B}\\") && !gone.contains("<kitty>"))
    }

    /// Sixels are cleared by writing over their rows: the rows a moved picture covered are
    /// written again even where their text did not change.
    @Test func rowsUnderAMovedSixelPictureAreWrittenAgain() {
        var writer = FrameWriter(styles: .none)
        _ = Self.frame(&writer, Self.lines, [FrameWriter.Placement(row: 2, graphics: Self.sixel)])
        let moved = Self.frame(&writer, Self.lines, [FrameWriter.Placement(row: 4, graphics: Self.sixel)])
        #expect(moved.contains("\u{1B}[3;1Hrow 2") && moved.contains("\u{1B}[4;1Hrow 3"), "the old rows are written: \(moved.debugDescription)")
        #expect(moved.contains("\u{1B}[5;1H<sixel>"))
        #expect(!moved.contains("\u{1B}_Ga=d"), "no kitty command for sixels")
        #expect(!moved.contains("row 0"), "other rows are left alone")
    }

    /// Text written over a picture's rows (a notice on a row it covers) has it placed again.
    @Test func textWrittenOverAPictureHasItPlacedAgain() {
        var writer = FrameWriter(styles: .none)
        _ = Self.frame(&writer, Self.lines, [FrameWriter.Placement(row: 2, graphics: Self.sixel)])
        var changed = Self.lines
        changed[3] = StyledLine([Span("changed")])
        #expect(Self.frame(&writer, changed, [FrameWriter.Placement(row: 2, graphics: Self.sixel)]).hasSuffix("\u{1B}[3;1H<sixel>" + Self.homed))
    }

    /// Of a changed row only what changed is written: the spans between those both frames
    /// start and end with, when they are as wide; else the row from the first change on.
    @Test func ofARowThatChangedOnlyTheChangedSpansAreWritten() {
        var writer = FrameWriter(styles: .none)
        let before = StyledLine([Span("  1. "), Span("5 h ago"), Span(" A long title that stays the same")])
        _ = Self.frame(&writer, [before], [])
        let selected = StyledLine([Span("> 1. ", Style(inverse: true)), Span("5 h ago", Style(inverse: true)), Span(" A long title that stays the same")])
        let moved = Self.frame(&writer, [selected], [])
        #expect(moved.contains("\u{1B}[1;1H> 1. 5 h ago") && !moved.contains("title"), "\(moved.debugDescription)")

        let shorter = StyledLine([Span("> 1. ", Style(inverse: true)), Span("5 h ago", Style(inverse: true)), Span(" Short")])
        let cut = Self.frame(&writer, [shorter], [])
        #expect(cut.contains("\u{1B}[1;13H Short\u{1B}[K") && !cut.contains("5 h ago"), "\(cut.debugDescription)")
    }

    @Test func onlyTheRowsThatChangedAreWrittenAgainUntilTheScreenIsForgotten() {
        var writer = FrameWriter(styles: .none)
        _ = Self.frame(&writer, Self.lines, [])
        var changed = Self.lines
        changed[4] = StyledLine([Span("new 4")])
        let next = Self.frame(&writer, changed, [])
        #expect(next.contains("\u{1B}[5;1Hnew 4"))
        #expect(!next.contains("row "), "unchanged rows stay: \(next.debugDescription)")
        writer.forget()
        let whole = Self.frame(&writer, changed, [])
        #expect(whole.contains("row 0") && whole.contains("new 4"), "after forget() every row is written")
    }

    /// Whatever a frame writes, all of it or nothing at all, it ends with the cursor moved
    /// where it is given (a screen reader reads there), shown only when asked.
    @Test func everyFrameEndsWithTheCursorWhereItIsGiven() {
        var writer = FrameWriter(styles: .none)
        let row3 = FrameWriter.Cursor(row: 3, column: 0, visible: false)
        let whole = writer.pieces(for: Self.lines, cursor: row3, pictures: []).string
        #expect(whole.hasPrefix("\u{1B}[?25l") && whole.hasSuffix("row 5\u{1B}[K\u{1B}[J\u{1B}[4;1H"), "\(whole.debugDescription)")
        let unchanged = writer.pieces(for: Self.lines, cursor: FrameWriter.Cursor(row: 4, column: 7, visible: true), pictures: []).string
        #expect(unchanged == "\u{1B}[?25l\u{1B}[5;8H\u{1B}[?25h", "a frame with nothing new still moves the cursor: \(unchanged.debugDescription)")
        var changed = Self.lines
        changed[1] = StyledLine([Span("new 1")])
        let moved = writer.pieces(for: changed, cursor: row3, pictures: [FrameWriter.Placement(row: 2, graphics: Self.kitty)]).string
        #expect(moved.hasSuffix("<kitty>\u{1B}[4;1H"), "after the text and the pictures, and hidden again: \(moved.debugDescription)")
    }
}
