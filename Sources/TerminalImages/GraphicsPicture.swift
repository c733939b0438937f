import CChafa
import TerminalRender

/// Pictures as kitty graphics, sixels or iTerm2 inline images: chafa encodes the decoded
/// pixels, and the result is a typed control (`ControlSequence.picture`) for the output
/// boundary, never text.
public struct GraphicsPicture: Sendable {
    public var graphicsProtocol: TerminalGraphics.GraphicsProtocol
    public var limits: ImageLimits
    /// The terminal's cell size in pixels.
    public var cellPixels: PixelSize
    /// The cell size assumed when the terminal does not say.
    public static let typicalCell = PixelSize(width: 10, height: 20)

    public init(_ graphicsProtocol: TerminalGraphics.GraphicsProtocol, limits: ImageLimits = ImageLimits(), cellPixels: PixelSize = typicalCell) {
        self.graphicsProtocol = graphicsProtocol
        self.limits = limits
        self.cellPixels = cellPixels
    }

    public func graphics(path: String, box: CellSize) throws(ImageError) -> TerminalGraphics {
        graphics(of: try ChafaCanvas.oneAtATime { () throws(ImageError) in
            try ChafaCanvas(path: path, box: box, cellPixels: cellPixels, limits: limits, kind: .graphics(pixelMode: pixelMode))
        })
    }

    /// A gallery's row of thumbnails (`ThumbnailRow`) as one picture.
    public func graphics(thumbnails paths: [String], places: Int, box: CellSize) throws(ImageError) -> TerminalGraphics {
        graphics(of: try ChafaCanvas.oneAtATime { () throws(ImageError) in
            try ChafaCanvas(thumbnails: paths, places: places, box: box, cellPixels: cellPixels, limits: limits, kind: .graphics(pixelMode: pixelMode))
        })
    }

    private func graphics(of canvas: ChafaCanvas) -> TerminalGraphics {
        TerminalGraphics(graphicsProtocol: graphicsProtocol, columns: canvas.cells.columns, rows: canvas.cells.rows, escapes: canvas.printed())
    }

    private var pixelMode: Int32 {
        switch graphicsProtocol {
        case .kitty: Int32(WPNEWS_CHAFA_PIXEL_MODE_KITTY)
        case .sixel: Int32(WPNEWS_CHAFA_PIXEL_MODE_SIXELS)
        case .iterm: Int32(WPNEWS_CHAFA_PIXEL_MODE_ITERM2)
        }
    }
}
