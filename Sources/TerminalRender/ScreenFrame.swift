/// A full-screen frame as pieces for `ANSIEncoder`: each line cleared past its end, the rest
/// of the screen cleared, then the cursor placed.
public enum ScreenFrame {
    /// `cursor`: 0-based row and column, or nil to leave the cursor hidden.
    public static func pieces(_ lines: [StyledLine], cursor: (row: Int, column: Int)?) -> [ScreenPiece] {
        var pieces: [ScreenPiece] = [.control(.hideCursor), .control(.home)]
        for (index, line) in lines.enumerated() {
            pieces += [.line(line), .control(.clearToEndOfLine)]
            if index < lines.count - 1 { pieces.append(.control(.lineFeed)) }
        }
        pieces.append(.control(.clearBelow))
        if let cursor {
            pieces += [.control(.moveCursor(row: cursor.row + 1, column: cursor.column + 1)), .control(.showCursor)]
        }
        return pieces
    }
}
