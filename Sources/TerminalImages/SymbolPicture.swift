import CChafa
import FoundationEssentials
import TerminalRender

/// Pictures drawn with Unicode block symbols in colour, as styled lines that go through
/// `ANSIEncoder` like any text: chafa picks each cell's symbol and two colours.
public struct SymbolPicture: Sendable {
    public enum Colors: Sendable, Hashable {
        case trueColor
        case indexed256
    }

    public var colors: Colors
    public var limits: ImageLimits
    /// How many pixels of the picture one cell stands for: cells are about twice as high as wide.
    public var cellPixels: PixelSize

    public init(colors: Colors, limits: ImageLimits = ImageLimits(), cellPixels: PixelSize = PixelSize(width: 8, height: 16)) {
        self.colors = colors
        self.limits = limits
        self.cellPixels = cellPixels
    }

    /// The picture in `path` in at most `box`, its shape kept.
    public func lines(path: String, box: CellSize) throws(ImageError) -> [StyledLine] {
        let api = try ImageLibraries.api()
        try Self.checkFileSize(path, limits: limits)
        let header = try ImageHeader(path: path, limits: limits, api: api)
        let cells = CellSize.fitting(header.size, in: box, cellPixels: cellPixels)
        let image = try DecodedImage(
            path: path, header: header,
            fit: PixelSize(width: cells.columns * cellPixels.width, height: cells.rows * cellPixels.height), api: api
        )
        return draw(image, in: cells, api: api)
    }

    static func checkFileSize(_ path: String, limits: ImageLimits) throws(ImageError) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let bytes = attributes[.size] as? Int
        else { throw .unreadable }
        guard bytes <= limits.maxBytes else { throw .fileTooLarge(bytes: bytes) }
    }

    private func draw(_ image: DecodedImage, in cells: CellSize, api: wpnews_images_api) -> [StyledLine] {
        let symbols = api.symbol_map_new()
        let config = api.canvas_config_new()
        defer {
            api.canvas_config_unref(config)
            api.symbol_map_unref(symbols)
        }
        // Blocks and spaces only: every terminal font has them, and none is wide.
        api.symbol_map_add_by_tags(symbols, Int32(WPNEWS_CHAFA_SYMBOL_TAG_BLOCK | WPNEWS_CHAFA_SYMBOL_TAG_SPACE))
        api.canvas_config_set_symbol_map(config, symbols)
        api.canvas_config_set_geometry(config, Int32(cells.columns), Int32(cells.rows))
        api.canvas_config_set_canvas_mode(config, Int32(colors == .trueColor ? WPNEWS_CHAFA_CANVAS_MODE_TRUECOLOR : WPNEWS_CHAFA_CANVAS_MODE_INDEXED_256))
        let canvas = api.canvas_new(config)
        defer { api.canvas_unref(canvas) }
        let pixelType = image.hasAlpha ? WPNEWS_CHAFA_PIXEL_RGBA8_UNASSOCIATED : WPNEWS_CHAFA_PIXEL_RGB8
        api.canvas_draw_all_pixels(canvas, Int32(pixelType), image.pixels, Int32(image.width), Int32(image.height), Int32(image.rowstride))

        return (0..<cells.rows).map { row in
            var line = StyledLine()
            for column in 0..<cells.columns {
                var foreground: Int32 = -1
                var background: Int32 = -1
                api.canvas_get_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
                let symbol = Unicode.Scalar(api.canvas_get_char_at(canvas, Int32(column), Int32(row))).map(String.init) ?? " "
                let style = Style(foreground: cellColor(foreground), background: cellColor(background))
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
        }
    }
}
