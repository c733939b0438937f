import FoundationEssentials
import GoldenFiles
import NewsModels
import TerminalRender
import Testing
@testable import TerminalImages

/// Pictures from the test site (64x36, made smaller with netpbm and cwebp) drawn with
/// symbols at fixed sizes. The golden files are what a terminal would show, read back from
/// the escapes by the tests' own `SGRGrid`: the symbols, then each cell's colours by key.
@Suite struct SymbolPictureTests {
    static func image(_ name: String) -> String {
        URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Images/\(name)").path
    }

    /// Cells of 2x4 pixels: the 64x36 pictures fill 32x9 of them, more than the boxes here,
    /// so they are drawn as big as a box allows (at 8x16 pixels they would take 8x2 cells).
    static let fineCell = PixelSize(width: 2, height: 4)

    func render(_ name: String, colors: SymbolPicture.Colors = .trueColor, box: CellSize = CellSize(columns: 24, rows: 12)) throws -> String {
        let lines = try SymbolPicture(colors: colors, cellPixels: Self.fineCell).lines(path: Self.image(name), box: box)
        return SGRGrid(ANSIEncoder(styles: .color).encode(lines)).readable
    }

    @Test(arguments: [("river.png", "river-png"), ("heron.jpg", "heron-jpeg"), ("river.webp", "river-webp")])
    func trueColorGoldens(file: String, golden: String) throws {
        try Golden.check(try render(file), named: golden)
    }

    @Test func gifIn256Colors() throws {
        try Golden.check(try render("lanterns.gif", colors: .indexed256), named: "lanterns-gif-256")
    }

    @Test func theShapeIsKeptInsideTheBox() throws {
        // 64x36 pixels, cells twice as high as wide: 24 columns make 7 rows.
        let wide = try SymbolPicture(colors: .trueColor, cellPixels: Self.fineCell).lines(path: Self.image("river.png"), box: CellSize(columns: 24, rows: 12))
        #expect(wide.count == 7)
        #expect(wide.allSatisfy { $0.width == 24 })
        // Half the rows: the width shrinks with them.
        let low = try SymbolPicture(colors: .trueColor, cellPixels: Self.fineCell).lines(path: Self.image("river.png"), box: CellSize(columns: 24, rows: 3))
        #expect(low.count == 3)
        #expect(low.allSatisfy { $0.width == 11 })
    }

    @Test func withoutColourOnlyTheSymbolsRemain() throws {
        let lines = try SymbolPicture(colors: .trueColor).lines(path: Self.image("heron.jpg"), box: CellSize(columns: 8, rows: 4))
        let plain = ANSIEncoder(styles: .none).encode(lines)
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.split(separator: "\n").count == lines.count)
    }

    @Test func aFileTooBigIsRefusedBeforeDecoding() {
        let limits = ImageLimits(maxBytes: 100)
        #expect(throws: ImageError.fileTooLarge(bytes: 814)) {
            try SymbolPicture(colors: .trueColor, limits: limits).lines(path: Self.image("heron.jpg"), box: CellSize(columns: 8, rows: 4))
        }
    }

    /// A PNG claiming 60000x60000 pixels: refused from its header, never inflated.
    @Test func aDecompressionBombIsRefused() {
        #expect(throws: ImageError.tooLarge(width: 60000, height: 60000)) {
            try SymbolPicture(colors: .trueColor).lines(path: Self.image("bomb.png"), box: CellSize(columns: 8, rows: 4))
        }
    }

    @Test func svgIsNotDecoded() {
        #expect(throws: ImageError.formatRefused("svg")) {
            try SymbolPicture(colors: .trueColor).lines(path: Self.image("script.svg"), box: CellSize(columns: 8, rows: 4))
        }
    }

    /// A truncated JPEG: whatever gdk-pixbuf makes of it, no crash (a partial picture or an error).
    @Test func aTruncatedJPEGDoesNotCrash() {
        let lines = try? SymbolPicture(colors: .trueColor).lines(path: Self.image("truncated.jpg"), box: CellSize(columns: 8, rows: 4))
        #expect(lines == nil || lines!.count <= 4)
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: ImageError.unreadable) {
            try SymbolPicture(colors: .trueColor).lines(path: "/nonexistent/picture.png", box: CellSize(columns: 8, rows: 4))
        }
    }

    @Test func cellColorsBecomeSGRParameters() {
        let line = StyledLine([Span("▀", Style(foreground: .rgb(red: 1, green: 2, blue: 3), background: .indexed(200)))])
        #expect(ANSIEncoder(styles: .color).encode([line]) == "\u{1B}[38;2;1;2;3;48;5;200m▀\u{1B}[0m\n")
        #expect(ANSIEncoder(styles: .monochrome).encode([line]) == "▀\n")
    }
}

/// Drawings kept in the image cache come back as the same lines.
@Suite struct SymbolCellsTests {
    @Test func encodingRoundTrips() throws {
        let picture = SymbolPicture(colors: .indexed256)
        let cells = try picture.cells(path: SymbolPictureTests.image("lanterns.gif"), box: CellSize(columns: 12, rows: 6))
        let decoded = try #require(SymbolCells(decoding: cells.encoded))
        #expect(decoded == cells)
        #expect(picture.lines(decoded) == (try picture.lines(path: SymbolPictureTests.image("lanterns.gif"), box: CellSize(columns: 12, rows: 6))))
    }

    @Test func aDamagedEncodingIsNothing() throws {
        let cells = try SymbolPicture(colors: .trueColor).cells(path: SymbolPictureTests.image("river.png"), box: CellSize(columns: 8, rows: 4))
        #expect(SymbolCells(decoding: Array(cells.encoded.dropLast())) == nil)
        #expect(SymbolCells(decoding: [1, 2, 3]) == nil)
        #expect(SymbolCells(decoding: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == nil)
    }
}

/// A gallery's row: thumbnails side by side, each centred in its place, a column apart.
@Suite struct ThumbnailRowTests {
    static let gallery = ["river.png", "heron.jpg", "lanterns.gif"].map(SymbolPictureTests.image)

    @Test func aRowOfThreeGolden() throws {
        let picture = SymbolPicture(colors: .trueColor, cellPixels: SymbolPictureTests.fineCell)
        let cells = try picture.cells(thumbnails: Self.gallery, places: 3, box: CellSize(columns: 38, rows: 8))
        // Places of 12 columns, two gaps: 38 columns; 64x36 pictures in 12 columns take 3-4 rows.
        #expect(cells.columns == 38)
        #expect(cells.rows <= 8)
        for row in 0..<cells.rows {
            for gap in [12, 25] {
                let cell = cells.cells[row * cells.columns + gap]
                #expect(cell.symbol == 0x20 && cell.background < 0, "the gap at column \(gap) is transparent")
            }
        }
        try Golden.check(SGRGrid(ANSIEncoder(styles: .color).encode(picture.lines(cells))).readable, named: "gallery-row-3")
    }

    /// A short last row keeps the places of a full one: its thumbnails are no bigger.
    @Test func aShortRowKeepsThePlaceSize() throws {
        let picture = SymbolPicture(colors: .trueColor)
        let full = try picture.cells(thumbnails: Self.gallery, places: 3, box: CellSize(columns: 38, rows: 8))
        let short = try picture.cells(thumbnails: [Self.gallery[0]], places: 3, box: CellSize(columns: 38, rows: 8))
        #expect(short.columns == 12)
        #expect(short.rows == full.rows)
    }

    /// A thumbnail that cannot be drawn leaves its place empty; the others are drawn.
    @Test func aBrokenThumbnailLeavesItsPlaceEmpty() throws {
        let paths = [Self.gallery[0], SymbolPictureTests.image("bomb.png"), SymbolPictureTests.image("script.svg")]
        let cells = try SymbolPicture(colors: .trueColor).cells(thumbnails: paths, places: 3, box: CellSize(columns: 38, rows: 8))
        let drawn = { (column: Int) in (0..<cells.rows).contains { cells.cells[$0 * cells.columns + column].background >= 0 } }
        #expect(drawn(6), "the first place has its picture")
        #expect(!drawn(19) && !drawn(32), "the bomb and the script have none")
        #expect(throws: ImageError.self) {
            try SymbolPicture(colors: .trueColor).cells(thumbnails: Array(paths.dropFirst()), places: 3, box: CellSize(columns: 38, rows: 8))
        }
    }

    @Test func graphicsOfARowAreOnePicture() throws {
        let graphics = try GraphicsPicture(.kitty).graphics(thumbnails: Self.gallery, places: 3, box: CellSize(columns: 38, rows: 8))
        #expect(graphics.columns == 38)
        #expect(ANSIEncoder(styles: .color).terminalText([.control(.picture(graphics))]).string.hasPrefix("\u{1B}_G"))
    }
}

/// A picture of four known colours, one a cell: red, green / blue, white (16x32 pixels in
/// cells of 8x16). Whatever the palette, each cell shows its own colour as that palette has it.
@Suite struct SymbolPicturePaletteTests {
    /// The colour each cell shows, row by row: a space shows its background, any other
    /// symbol (a full block) its foreground.
    static func shownColors(_ colors: SymbolPicture.Colors) throws -> [CellColor?] {
        let picture = SymbolPicture(colors: colors)
        let cells = try picture.cells(path: SymbolPictureTests.image("quarters.png"), box: CellSize(columns: 2, rows: 2))
        #expect(cells.columns == 2 && cells.rows == 2)
        return picture.lines(cells).flatMap { line in
            line.spans.flatMap { span in
                span.text.map { $0 == " " ? span.style.background : span.style.foreground }
            }
        }
    }

    @Test func trueColorShowsTheColorsThemselves() throws {
        #expect(try Self.shownColors(.trueColor) == [
            .rgb(red: 255, green: 0, blue: 0), .rgb(red: 0, green: 255, blue: 0),
            .rgb(red: 0, green: 0, blue: 255), .rgb(red: 255, green: 255, blue: 255),
        ])
    }

    /// The 256-colour palette's colour cube (16 to 231): red 196, green 46, blue 21, white 231.
    @Test func colors256ShowTheNearestOfTheCube() throws {
        #expect(try Self.shownColors(.indexed256) == [.indexed(196), .indexed(46), .indexed(21), .indexed(231)])
    }
}

extension SymbolPicturePaletteTests {
    /// The 16 colours: pure red, green, blue and white are the bright ones (9, 10, 12, 15),
    /// written as SGR 90-97 and 100-107, which a 16-colour terminal knows.
    @Test func colors16ShowTheNearestStandardColor() throws {
        #expect(try Self.shownColors(.indexed16) == [.standard(9), .standard(10), .standard(12), .standard(15)])
        let line = StyledLine([Span("▀", Style(foreground: .standard(1), background: .standard(12)))])
        #expect(ANSIEncoder(styles: .color).encode([line]) == "\u{1B}[31;104m▀\u{1B}[0m\n")
    }
}

/// A picture takes no more cells than its own pixels fill, and never more than the box.
@Suite struct PictureSizeTests {
    static let typicalCell = PixelSize(width: 8, height: 16)

    /// 240x240 pixels are 30 columns and 15 rows of 8x16-pixel cells, however wide the text.
    @Test func aSmallPictureKeepsItsOwnSize() {
        #expect(CellSize.fitting(PixelSize(width: 240, height: 240), in: CellSize(columns: 100, rows: 40), cellPixels: Self.typicalCell)
            == CellSize(columns: 30, rows: 15))
        // The terminal's own cell size, when it says it: 120x90 in cells of 10x20 pixels.
        #expect(CellSize.fitting(PixelSize(width: 120, height: 90), in: CellSize(columns: 100, rows: 40), cellPixels: PixelSize(width: 10, height: 20))
            == CellSize(columns: 12, rows: 5))
    }

    @Test func aBigPictureShrinksToTheBox() {
        // 1600x900: 200x56 cells of its own, shrunk to the 80 columns of the text.
        #expect(CellSize.fitting(PixelSize(width: 1600, height: 900), in: CellSize(columns: 80, rows: 40), cellPixels: Self.typicalCell)
            == CellSize(columns: 80, rows: 23))
        // A tall one is held by the rows.
        #expect(CellSize.fitting(PixelSize(width: 400, height: 1600), in: CellSize(columns: 80, rows: 20), cellPixels: Self.typicalCell)
            == CellSize(columns: 10, rows: 20))
    }

    /// The test pictures are 64x36: 8 columns and 2 rows, not the 24 columns of the box.
    @Test func aDrawnPictureIsItsOwnSize() throws {
        let lines = try SymbolPicture(colors: .trueColor).lines(path: SymbolPictureTests.image("river.png"), box: CellSize(columns: 24, rows: 12))
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.width == 8 })
    }
}

/// The colours a terminal says it has.
@Suite struct OfferedColorsTests {
    @Test func trueColorThen256Then16() {
        #expect(SymbolPicture.Colors.offered(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]) == .trueColor)
        #expect(SymbolPicture.Colors.offered(environment: ["COLORTERM": "24BIT"]) == .trueColor)
        #expect(SymbolPicture.Colors.offered(environment: ["TERM": "xterm-direct"]) == .trueColor)
        #expect(SymbolPicture.Colors.offered(environment: ["TERM": "tmux-256color"]) == .indexed256)
        #expect(SymbolPicture.Colors.offered(environment: ["TERM": "xterm"]) == .indexed16)
        #expect(SymbolPicture.Colors.offered(environment: [:]) == .indexed16)
    }
}

/// The tests' reader of colour escapes, which the picture golden files are made with.
@Suite struct SGRGridTests {
    @Test func cellsKeepTheColoursInForceWhenTheyWereWritten() {
        let grid = SGRGrid("\u{1B}[38;2;255;0;16;48;5;130m▀ \u{1B}[0mx\n\u{1B}[31;104m▄\u{1B}[39m▌\u{1B}[0m\n")
        #expect(grid.rows == [
            [.init(character: "▀", foreground: "#ff0010", background: "256:130"), .init(character: " ", foreground: "#ff0010", background: "256:130"),
             .init(character: "x", foreground: nil, background: nil)],
            [.init(character: "▄", foreground: "16:1", background: "16:12"), .init(character: "▌", foreground: nil, background: "16:12")],
        ])
        #expect(grid.unknown.isEmpty)
        #expect(grid.readable == """
            3x2 cells
            symbols
            ▀ x
            ▄▌
            foreground
            aaaa..
            ab..
            background
            acac..
            adad
            colours (.. the terminal's own)
            aa #ff0010
            ab 16:1
            ac 256:130
            ad 16:12

            """)
    }

    @Test func anEscapeItDoesNotKnowIsShown() {
        #expect(SGRGrid("\u{1B}[1mbold\u{1B}[0m").unknown == ["[1"])
    }
}
