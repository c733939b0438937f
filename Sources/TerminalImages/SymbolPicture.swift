import CChafa
import NewsModels
import TerminalRender

/// Pictures drawn with Unicode block symbols in colour, as styled lines that go through
/// `ANSIEncoder` like any text: chafa picks each cell's symbol and two colours.
public struct SymbolPicture: Sendable {
    /// The colours a terminal offers.
    public enum Colors: Sendable, Hashable {
        case trueColor
        case indexed256
        /// The 16 colours of every colour terminal (SGR 30-37 and 90-97).
        case indexed16

        /// chafa's canvas mode. 256 colours use the 240 of the colour cube and the grey ramp:
        /// the first 16 are whatever the user's theme makes them.
        var canvasMode: Int {
            switch self {
            case .trueColor: WPNEWS_CHAFA_CANVAS_MODE_TRUECOLOR
            case .indexed256: WPNEWS_CHAFA_CANVAS_MODE_INDEXED_240
            case .indexed16: WPNEWS_CHAFA_CANVAS_MODE_INDEXED_16
            }
        }

        /// Names the palette in the image cache's drawings. Drawings in 256 colours made before
        /// the palette indexes were read right carried RGB values, under the name `indexed256`:
        /// these names leave them unused.
        public var cacheName: String {
            switch self {
            case .trueColor: "rgb"
            case .indexed256: "256"
            case .indexed16: "16"
            }
        }
    }

    public var colors: Colors
    public var limits: ImageLimits
    /// How many pixels of the picture one cell stands for: the terminal's cell size when it
    /// says it, else `typicalCell`. A picture takes no more cells than its pixels fill.
    public var cellPixels: PixelSize
    /// A cell of a common terminal font; cells are about twice as high as wide.
    public static let typicalCell = PixelSize(width: 8, height: 16)

    public init(colors: Colors, limits: ImageLimits = ImageLimits(), cellPixels: PixelSize = typicalCell) {
        self.colors = colors
        self.limits = limits
        self.cellPixels = cellPixels
    }

    /// The picture in `path` in at most `box`, its shape kept.
    public func lines(path: String, box: CellSize) throws(ImageError) -> [StyledLine] {
        lines(try cells(path: path, box: box))
    }

    /// What chafa draws for the picture in `path`, before it becomes lines.
    public func cells(path: String, box: CellSize) throws(ImageError) -> SymbolCells {
        cells(of: try ChafaCanvas.oneAtATime { () throws(ImageError) in
            try ChafaCanvas(path: path, box: box, cellPixels: cellPixels, limits: limits, kind: kind)
        })
    }

    /// What chafa draws for a gallery's row of thumbnails (`ThumbnailRow`).
    public func cells(thumbnails paths: [String], places: Int, box: CellSize) throws(ImageError) -> SymbolCells {
        cells(of: try ChafaCanvas.oneAtATime { () throws(ImageError) in
            try ChafaCanvas(thumbnails: paths, places: places, box: box, cellPixels: cellPixels, limits: limits, kind: kind)
        })
    }

    private var kind: ChafaCanvas.Kind { .symbols(colors) }

    private func cells(of canvas: ChafaCanvas) -> SymbolCells {
        let size = canvas.cells
        let cells = (0..<size.rows).flatMap { row in
            (0..<size.columns).map { column in
                let cell = canvas.cell(column: column, row: row)
                return SymbolCells.Cell(symbol: cell.symbol, foreground: cell.foreground, background: cell.background)
            }
        }
        return SymbolCells(columns: size.columns, rows: size.rows, cells: cells)
    }

    /// Cells as lines: neighbours of the same colours share a span.
    public func lines(_ cells: SymbolCells) -> [StyledLine] {
        (0..<cells.rows).map { row in
            var line = StyledLine()
            for cell in cells.cells[row * cells.columns..<(row + 1) * cells.columns] {
                let symbol = Unicode.Scalar(cell.symbol).map(String.init) ?? " "
                let style = Style(foreground: cellColor(cell.foreground), background: cellColor(cell.background))
                if line.spans.last?.style == style {
                    line.spans[line.spans.count - 1].text += symbol
                } else {
                    line.spans.append(Span(symbol, style))
                }
            }
            return line
        }
    }

    /// chafa's colour of a cell: packed RGB or a palette index, negative when transparent.
    private func cellColor(_ value: Int32) -> CellColor? {
        guard value >= 0 else { return nil }
        switch colors {
        case .trueColor:
            return .rgb(red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8), blue: UInt8(truncatingIfNeeded: value))
        case .indexed256:
            return value < 256 ? .indexed(UInt8(value)) : nil
        case .indexed16:
            return value < 16 ? .standard(UInt8(value)) : nil
        }
    }
}
