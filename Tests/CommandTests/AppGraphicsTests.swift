import Glibc
import TerminalImages
import NewsModels
import TerminalRender
import Testing
@testable import wpnews

/// How the app places graphics over its frames, and what it learns from the terminal's replies.
@Suite struct AppGraphicsTests {
    static let lines = (0..<6).map { StyledLine([Span("row \($0)")]) }
    static let kitty = TerminalGraphics(graphicsProtocol: .kitty, columns: 4, rows: 2, escapes: "<kitty>")
    static let sixel = TerminalGraphics(graphicsProtocol: .sixel, columns: 4, rows: 2, escapes: "<sixel>")

    static func frame(_ writer: inout FrameWriter, _ lines: [StyledLine], _ pictures: [FrameWriter.Placement]) -> String {
        writer.pieces(for: lines, cursor: nil, pictures: pictures).string
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
        #expect(Self.frame(&writer, changed, [FrameWriter.Placement(row: 2, graphics: Self.sixel)]).hasSuffix("\u{1B}[3;1H<sixel>"))
    }

    @Test func aTerminalTheEnvironmentNamesIsNotAsked() {
        #expect(!TerminalAbilities(configured: .auto, environment: ["KITTY_WINDOW_ID": "1"], cellPixels: PixelSize(width: 9, height: 18)).listening)
        #expect(!TerminalAbilities(configured: .symbols, environment: [:], cellPixels: nil).listening)
        #expect(!TerminalAbilities(configured: .sixel, environment: [:], cellPixels: PixelSize(width: 9, height: 18)).listening)
        #expect(TerminalAbilities(configured: .sixel, environment: [:], cellPixels: nil).listening, "graphics without a cell size ask for it")
    }

    @Test func repliesChooseKittyOverSixels() {
        var abilities = TerminalAbilities(configured: .auto, environment: ["TERM": "xterm-256color"], cellPixels: nil)
        #expect(abilities.listening && abilities.mode == .auto)
        abilities.read(.kittyGraphics(ok: true))
        abilities.read(.cellSize(width: 9, height: 18))
        abilities.read(.deviceAttributes([62, 4]))
        #expect(abilities.mode == .kitty)
        #expect(abilities.cellPixels == PixelSize(width: 9, height: 18))
        #expect(!abilities.listening, "the device attributes end the replies")
    }

    @Test func sixelsFromTheDeviceAttributesAndNothingFromATerminalWithout() {
        var sixels = TerminalAbilities(configured: .auto, environment: [:], cellPixels: nil)
        sixels.read(.deviceAttributes([62, 4, 22]))
        #expect(sixels.mode == .sixel)
        var plain = TerminalAbilities(configured: .auto, environment: [:], cellPixels: nil)
        plain.read(.deviceAttributes([1, 2]))
        #expect(plain.mode == .auto, "auto stays auto: symbols")
    }

    @Test func aReplyAfterThePatienceRanOutIsLeftAlone() {
        let start = ContinuousClock.now
        var abilities = TerminalAbilities(configured: .auto, environment: [:], cellPixels: nil, now: start)
        abilities.read(.deviceAttributes([62, 4]), now: start + TerminalAbilities.patience + .milliseconds(1))
        #expect(abilities.mode == .auto)
        #expect(!abilities.listening)
    }

    @Test func aConfiguredModeIsNotChangedByReplies() {
        var abilities = TerminalAbilities(configured: .symbols, environment: [:], cellPixels: nil)
        abilities.read(.kittyGraphics(ok: true))
        #expect(abilities.mode == .symbols)
    }

    /// tmux and screen show no graphics, and tmux would take the query for the pane's title.
    @Test func noQueryInsideTmuxOrScreen() {
        #expect(!TerminalAbilities(configured: .auto, environment: ["TMUX": "/tmp/tmux-0/default,1,0"], cellPixels: nil).listening)
        #expect(!TerminalAbilities(configured: .auto, environment: ["STY": "1.pts-0"], cellPixels: nil).listening)
    }

    /// foot draws sixels (the environment says so) but may not fill in its pixel size.
    @Test func graphicsFromTheEnvironmentStillAskForTheCellSize() {
        var abilities = TerminalAbilities(configured: .auto, environment: ["TERM": "foot"], cellPixels: nil)
        #expect(abilities.listening)
        abilities.read(.cellSize(width: 8, height: 17))
        #expect(abilities.cellPixels == PixelSize(width: 8, height: 17))
    }

    @Test func aCellSizeUnderAPixelIsNoCellSize() {
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 40, ws_ypixel: 480)
        #expect(Terminal.cellPixels(size) == nil)
        size.ws_xpixel = 800
        #expect(Terminal.cellPixels(size) == PixelSize(width: 10, height: 20))
    }
}
