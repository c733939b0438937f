import Glibc
import TerminalImages
import Testing
@testable import wpnews

/// What the process reads from its terminal.
@Suite struct TerminalTests {
    @Test func aCellSizeUnderAPixelIsNoCellSize() {
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 40, ws_ypixel: 480)
        #expect(Terminal.cellPixels(size) == nil)
        size.ws_xpixel = 800
        #expect(Terminal.cellPixels(size) == PixelSize(width: 10, height: 20))
    }
}
