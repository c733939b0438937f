import GoldenFiles
import TerminalRender
import Testing
@testable import TerminalImages

/// Graphics protocols: chafa's sequences for a 64x36 PNG in a box of 8x3 cells, which at
/// 10x20 pixels a cell it fills 6x2 of (its own size, not the box's). The golden
/// file holds each one's header and end (escape shown as ␛); the payload between is pixels.
@Suite struct GraphicsPictureTests {
    @Test func headersOfEachProtocol() throws {
        var report = ""
        for graphicsProtocol in TerminalGraphics.GraphicsProtocol.allCases {
            let graphics = try GraphicsPicture(graphicsProtocol).graphics(path: SymbolPictureTests.image("river.png"), box: CellSize(columns: 8, rows: 3))
            let escapes = ANSIEncoder(styles: .color).terminalText([.control(.picture(graphics))]).string
            let visible = escapes.replacing("\u{1B}", with: "␛")
            let headerEnd = visible.firstRange(of: graphicsProtocol == .iterm ? ":" : (graphicsProtocol == .kitty ? "␛\\" : "#"))?.upperBound ?? visible.endIndex
            report += "\(graphicsProtocol.rawValue): \(graphics.columns)x\(graphics.rows) cells\n"
            report += "  starts: " + visible[..<headerEnd] + "\n"
            report += "  ends:   " + visible.suffix(12) + "\n"
        }
        try Golden.check(report, named: "graphics-headers")
    }

    @Test func theSameLimitsApply() {
        #expect(throws: ImageError.formatRefused("svg")) {
            try GraphicsPicture(.kitty).graphics(path: SymbolPictureTests.image("script.svg"), box: CellSize(columns: 8, rows: 3))
        }
    }
}
