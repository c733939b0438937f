/// A picture as chafa drew it in symbols: each cell's symbol and colours. Kept beside the
/// picture in the image cache, so a cached article's pictures are not decoded again.
public struct SymbolCells: Sendable, Hashable {
    public struct Cell: Sendable, Hashable {
        public let symbol: UInt32
        /// Packed RGB or a palette index, as the drawing's colours say; negative: none.
        public let foreground: Int32
        public let background: Int32
    }

    public let columns: Int
    public let rows: Int
    /// Row by row.
    public let cells: [Cell]

    /// Little-endian: columns and rows (32 bits each), then three 32-bit words per cell.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + cells.count * 12)
        func append(_ word: UInt32) {
            withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
        }
        append(UInt32(columns))
        append(UInt32(rows))
        for cell in cells {
            append(cell.symbol)
            append(UInt32(bitPattern: cell.foreground))
            append(UInt32(bitPattern: cell.background))
        }
        return bytes
    }

    /// Nil for anything that is not a whole encoding: a damaged file is drawn again.
    public init?(decoding bytes: [UInt8]) {
        func word(_ index: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 | UInt32(bytes[index * 4 + $1]) << (8 * $1) }
        }
        guard bytes.count >= 8 else { return nil }
        let (columns, rows) = (Int(word(0)), Int(word(1)))
        guard columns <= 4_096, rows <= 4_096, bytes.count == 8 + columns * rows * 12 else { return nil }
        self.columns = columns
        self.rows = rows
        cells = (0..<columns * rows).map { index in
            Cell(symbol: word(2 + index * 3), foreground: Int32(bitPattern: word(3 + index * 3)), background: Int32(bitPattern: word(4 + index * 3)))
        }
    }

    init(columns: Int, rows: Int, cells: [Cell]) {
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }
}
