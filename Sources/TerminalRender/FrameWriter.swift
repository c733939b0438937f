/// Writes a frame as what changed since the last one: a row that is the same is not
/// written again, and of a row that changed only the spans that changed are, so moving the
/// cursor one story rewrites two stories' gutters, not the screen.
///
/// Graphics (kitty, sixels, iTerm2) are placed after the text, over the blank rows the
/// reader keeps for them, and only when they move, go or had their rows written over: a
/// picture costs its bytes once, not on every key.
///
/// Every frame ends with the terminal's cursor moved where it is given, shown or not: screen
/// readers and braille displays follow the cursor, so it must rest on what the user is on
/// (the selected row, the line being typed), never wherever the last change was written.
public struct FrameWriter {
    /// Where a frame leaves the terminal's cursor.
    public struct Cursor: Equatable, Sendable {
        /// 0-based.
        public let row: Int
        public let column: Int
        /// Shown, or left hidden (a sighted user needs no block on the selected row).
        public let visible: Bool

        public init(row: Int, column: Int, visible: Bool) {
            self.row = row
            self.column = column
            self.visible = visible
        }
    }

    /// A picture on screen: its top row (0-based) and what draws it.
    public struct Placement: Equatable, Sendable {
        public let row: Int
        /// The 0-based column of its left edge: where the text it sits in starts.
        public let column: Int
        public let graphics: TerminalGraphics

        public init(row: Int, column: Int = 0, graphics: TerminalGraphics) {
            self.row = row
            self.column = column
            self.graphics = graphics
        }

        public var rows: Range<Int> { row..<(row + graphics.rows) }
    }

    private var shown: [StyledLine]?
    private var placed: [Placement] = []
    public let styles: ANSIEncoder.Styles

    public init(styles: ANSIEncoder.Styles) {
        self.styles = styles
    }

    /// After a resize, a return from the pager or Ctrl-Z: the screen holds something else.
    public mutating func forget() {
        shown = nil
    }

    public mutating func pieces(for lines: [StyledLine], cursor: Cursor, pictures: [Placement] = []) -> TerminalText {
        var pieces: [ScreenPiece]
        var picturesChanged = pictures != placed
        if let shown, shown.count == lines.count {
            let changed = Set(lines.indices.filter { lines[$0] != shown[$0] })
            var rewritten = changed
            // Sixels and iTerm2 pictures go when text is written over their cells.
            if picturesChanged { for placement in placed { rewritten.formUnion(placement.rows) } }
            picturesChanged = picturesChanged || pictures.contains { !rewritten.isDisjoint(with: $0.rows) }
            pieces = [.control(.hideCursor)]
            for row in rewritten.sorted() {
                // A row written over a picture is written whole: its text may be unchanged.
                pieces += changed.contains(row) && !placed.contains(where: { $0.rows.contains(row) })
                    ? Self.change(from: shown[row], to: lines[row], row: row)
                    : [.control(.moveCursor(row: row + 1, column: 1)), .line(lines[row]), .control(.clearToEndOfLine)]
            }
        } else {
            pieces = ScreenFrame.pieces(lines)
            picturesChanged = picturesChanged || !pictures.isEmpty
        }
        if picturesChanged {
            // kitty keeps its pictures on a layer of their own, which no text clears.
            if placed.contains(where: { $0.graphics.graphicsProtocol == .kitty }) { pieces.append(.control(.removeKittyPictures)) }
            for placement in pictures {
                pieces += [.control(.moveCursor(row: placement.row + 1, column: placement.column + 1)), .control(.picture(placement.graphics))]
            }
            placed = pictures
        }
        pieces.append(.control(.moveCursor(row: cursor.row + 1, column: cursor.column + 1)))
        if cursor.visible { pieces.append(.control(.showCursor)) }
        shown = lines
        return ANSIEncoder(styles: styles).terminalText(pieces)
    }

    /// What rewrites a row shown as `old` to read `new`: the spans both start with and end
    /// with are left on screen. When what lies between is as wide in both, only it is
    /// written; otherwise the row from the first changed span on, and the rest is cleared.
    static func change(from old: StyledLine, to new: StyledLine, row: Int) -> [ScreenPiece] {
        let shared = min(old.spans.count, new.spans.count)
        let head = zip(old.spans, new.spans).prefix { $0 == $1 }.count
        let tail = zip(old.spans.reversed(), new.spans.reversed()).prefix(shared - head).prefix { $0 == $1 }.count
        let column = StyledLine(Array(new.spans[..<head])).width + 1
        let oldMiddle = StyledLine(Array(old.spans[head..<(old.spans.count - tail)]))
        let newMiddle = StyledLine(Array(new.spans[head..<(new.spans.count - tail)]))
        if oldMiddle.width == newMiddle.width {
            return [.control(.moveCursor(row: row + 1, column: column)), .line(newMiddle)]
        }
        return [.control(.moveCursor(row: row + 1, column: column)), .line(StyledLine(Array(new.spans[head...]))), .control(.clearToEndOfLine)]
    }
}
