/// A size in pixels.
public struct PixelSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// This size, or a smaller one of the same shape that fits in `box`; never larger.
    func scaledDown(toFit box: PixelSize) -> PixelSize {
        guard width > box.width || height > box.height else { return self }
        return scaled(toFit: box)
    }

    /// The largest size of this shape that fits in `box`.
    func scaled(toFit box: PixelSize) -> PixelSize {
        let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
        return PixelSize(width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
    }
}

/// A size in terminal cells.
public struct CellSize: Sendable, Hashable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The cells a picture of `pixels` covers when a cell is `cellPixels` big (a cell is
    /// about twice as high as wide): as many as its own pixels fill, fewer with its shape
    /// kept when that is more than `box`. A small picture is never blown up: it would show
    /// its pixels as blocks and push the text away.
    public static func fitting(_ pixels: PixelSize, in box: CellSize, cellPixels: PixelSize) -> CellSize {
        guard pixels.width > 0, pixels.height > 0, box.columns > 0, box.rows > 0 else { return CellSize(columns: 0, rows: 0) }
        let widthInCells = Double(pixels.width) / Double(cellPixels.width)
        let heightInCells = Double(pixels.height) / Double(cellPixels.height)
        let scale = min(1, Double(box.columns) / widthInCells, Double(box.rows) / heightInCells)
        return CellSize(columns: max(1, min(box.columns, Int((widthInCells * scale).rounded()))),
                        rows: max(1, min(box.rows, Int((heightInCells * scale).rounded()))))
    }
}
