import TerminalRender

/// Writes a frame as what changed since the last one: a row that is the same is not
/// written again, so moving the cursor one story rewrites two stories' rows, not the screen.
struct FrameWriter {
    private var shown: [StyledLine]?
    let styles: ANSIEncoder.Styles

    init(styles: ANSIEncoder.Styles) {
        self.styles = styles
    }

    /// After a resize, a return from the pager or Ctrl-Z: the screen holds something else.
    mutating func forget() {
        shown = nil
    }

    mutating func pieces(for lines: [StyledLine], cursor: (row: Int, column: Int)?) -> TerminalText {
        var pieces: [ScreenPiece] = [.control(.hideCursor)]
        if let shown, shown.count == lines.count {
            for (row, line) in lines.enumerated() where line != shown[row] {
                pieces += [.control(.moveCursor(row: row + 1, column: 1)), .line(line), .control(.clearToEndOfLine)]
            }
            if let cursor { pieces += [.control(.moveCursor(row: cursor.row + 1, column: cursor.column + 1)), .control(.showCursor)] }
        } else {
            pieces = ScreenFrame.pieces(lines, cursor: cursor)
        }
        shown = lines
        return ANSIEncoder(styles: styles).terminalText(pieces)
    }
}
