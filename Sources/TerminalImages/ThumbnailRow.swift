import CChafa

/// A gallery's row of thumbnails made into one transparent picture, so that a row is
/// drawn, cached and placed like any picture. Each thumbnail is decoded in turn, scaled
/// down to its place, copied in and freed: one decoded picture at a time, and the row
/// itself is no bigger than what the terminal shows.
struct ThumbnailRow {
    let cells: CellSize
    /// Pixels of the row: `cells` times the cell size.
    let size: PixelSize
    /// RGBA, not premultiplied; places without a thumbnail stay transparent.
    private(set) var pixels: [UInt8]

    /// Thumbnails that cannot be read leave their place empty; a row with none drawn is an error.
    init(paths: [String], places: Int, box: CellSize, cellPixels: PixelSize, limits: ImageLimits, api: wpnews_images_api) throws(ImageError) {
        let placeColumns = max(1, (box.columns - (places - 1)) / places)
        let place = CellSize(columns: placeColumns, rows: box.rows)
        let headers = paths.map { path in Result { () throws(ImageError) in try ImageHeader(checking: path, limits: limits, api: api) } }
        let fitted = headers.map { header in (try? header.get()).map { CellSize.fitting($0.size, in: place, cellPixels: cellPixels) } }
        guard let rows = fitted.compactMap({ $0?.rows }).max() else {
            if case .failure(let error) = headers.first { throw error }
            throw .unreadable
        }
        cells = CellSize(columns: paths.count * (placeColumns + 1) - 1, rows: rows)
        size = PixelSize(width: cells.columns * cellPixels.width, height: rows * cellPixels.height)
        pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        var drawn = 0
        for (index, path) in paths.enumerated() {
            guard case .success(let header) = headers[index], let fit = fitted[index],
                  let image = try? DecodedImage(path: path, header: header, fit: PixelSize(
                      width: fit.columns * cellPixels.width, height: fit.rows * cellPixels.height), enlarging: true, api: api)
            else { continue }
            // Centred in its place, across and down.
            let placeLeft = index * (placeColumns + 1) * cellPixels.width
            copy(image, left: placeLeft + (placeColumns * cellPixels.width - image.width) / 2, top: (size.height - image.height) / 2)
            drawn += 1
        }
        guard drawn > 0 else { throw .decodeFailed("no thumbnail of the row could be decoded") }
    }

    private mutating func copy(_ image: DecodedImage, left: Int, top: Int) {
        let channels = image.hasAlpha ? 4 : 3
        let width = min(image.width, size.width - left)
        let height = min(image.height, size.height - top)
        guard left >= 0, top >= 0, width > 0, height > 0 else { return }
        let rowBytes = size.width * 4
        pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                let source = image.pixels + y * image.rowstride
                var offset = (top + y) * rowBytes + left * 4
                for x in 0..<width {
                    let pixel = source + x * channels
                    target[offset] = pixel[0]
                    target[offset + 1] = pixel[1]
                    target[offset + 2] = pixel[2]
                    target[offset + 3] = channels == 4 ? pixel[3] : 255
                    offset += 4
                }
            }
        }
    }
}
