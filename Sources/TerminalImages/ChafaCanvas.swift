import CChafa
import Glibc
import Synchronization

/// A picture file checked, decoded at the size it is drawn, and handed to a chafa canvas of
/// `cells`; the decoded pixels are freed as soon as chafa has them.
final class ChafaCanvas {
    let cells: CellSize
    private let api: wpnews_images_api
    private let canvas: UnsafeMutableRawPointer

    enum Kind {
        /// Block and space symbols, in the colours the terminal has.
        case symbols(SymbolPicture.Colors)
        case graphics(pixelMode: Int32)
    }

    /// Makes a canvas while no other thread of the process decodes: a decoded picture can
    /// take tens of megabytes, and the app asks for several at once.
    static func oneAtATime(_ make: () throws(ImageError) -> ChafaCanvas) throws(ImageError) -> ChafaCanvas {
        try decoding.withLock { _ throws(ImageError) in try make() }
    }

    private static let decoding = Mutex(())

    /// One picture file, at most `box` big.
    convenience init(path: String, box: CellSize, cellPixels: PixelSize, limits: ImageLimits, kind: Kind) throws(ImageError) {
        let api = try ImageLibraries.api()
        let header = try ImageHeader(checking: path, limits: limits, api: api)
        let cells = CellSize.fitting(header.size, in: box, cellPixels: cellPixels)
        let image = try DecodedImage(
            path: path, header: header,
            fit: PixelSize(width: cells.columns * cellPixels.width, height: cells.rows * cellPixels.height), api: api
        )
        try self.init(cells: cells, cellPixels: cellPixels, kind: kind, api: api)
        draw(image.hasAlpha ? WPNEWS_CHAFA_PIXEL_RGBA8_UNASSOCIATED : WPNEWS_CHAFA_PIXEL_RGB8,
             image.pixels, width: image.width, height: image.height, rowstride: image.rowstride)
    }

    /// A gallery's row of thumbnails, side by side in `places` places across `box`.
    convenience init(thumbnails paths: [String], places: Int, box: CellSize, cellPixels: PixelSize, limits: ImageLimits, kind: Kind) throws(ImageError) {
        let api = try ImageLibraries.api()
        let row = try ThumbnailRow(paths: paths, places: places, box: box, cellPixels: cellPixels, limits: limits, api: api)
        try self.init(cells: row.cells, cellPixels: cellPixels, kind: kind, api: api)
        row.pixels.withUnsafeBufferPointer { pixels in
            draw(WPNEWS_CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress!, width: row.size.width, height: row.size.height, rowstride: row.size.width * 4)
        }
    }

    private init(cells: CellSize, cellPixels: PixelSize, kind: Kind, api: wpnews_images_api) throws(ImageError) {
        self.cells = cells
        self.api = api
        let config = api.canvas_config_new()
        defer { api.canvas_config_unref(config) }
        api.canvas_config_set_geometry(config, Int32(cells.columns), Int32(cells.rows))
        api.canvas_config_set_cell_geometry(config, Int32(cellPixels.width), Int32(cellPixels.height))
        switch kind {
        case .symbols(let colors):
            api.canvas_config_set_canvas_mode(config, Int32(colors.canvasMode))
            // Blocks and spaces only: every terminal font has them, and none is wide.
            let symbols = api.symbol_map_new()
            api.symbol_map_add_by_tags(symbols, Int32(WPNEWS_CHAFA_SYMBOL_TAG_BLOCK | WPNEWS_CHAFA_SYMBOL_TAG_SPACE))
            api.canvas_config_set_symbol_map(config, symbols)
            api.symbol_map_unref(symbols)
        case .graphics(let pixelMode):
            api.canvas_config_set_pixel_mode(config, pixelMode)
        }
        guard let canvas = api.canvas_new(config) else { throw .decodeFailed("chafa made no canvas") }
        self.canvas = canvas
    }

    private func draw(_ pixelType: Int, _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, rowstride: Int) {
        api.canvas_draw_all_pixels(canvas, Int32(pixelType), pixels, Int32(width), Int32(height), Int32(rowstride))
    }

    deinit {
        api.canvas_unref(canvas)
    }

    /// A cell's symbol and its colours as the canvas mode has them: packed RGB in true colour,
    /// else palette indexes (chafa's `get_colors_at` would give RGB in every mode); negative: none.
    func cell(column: Int, row: Int) -> (symbol: UInt32, foreground: Int32, background: Int32) {
        var foreground: Int32 = -1
        var background: Int32 = -1
        api.canvas_get_raw_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
        return (api.canvas_get_char_at(canvas, Int32(column), Int32(row)), foreground, background)
    }

    /// The canvas as chafa prints it, with the sequences of its fallback terminal, which
    /// knows every protocol: what to print is chosen by the mode, not by guessing the terminal.
    func printed() -> String {
        let terminal = api.term_db_get_fallback_info(api.term_db_get_default())
        defer { api.term_info_unref(terminal) }
        guard let printed = api.canvas_print(canvas, terminal) else { return "" }
        let text = String(cString: printed.pointee.str)
        _ = api.g_string_free(printed, 1)
        return text
    }
}

extension ImageHeader {
    /// The header of a file no bigger than the limits allow.
    init(checking path: String, limits: ImageLimits, api: wpnews_images_api) throws(ImageError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadable }
        guard Int(status.st_size) <= limits.maxBytes else { throw .fileTooLarge(bytes: Int(status.st_size)) }
        try self.init(path: path, limits: limits, api: api)
    }
}
