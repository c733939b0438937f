import NewsModels

/// A table drawn with box-drawing characters, its columns sized to fit the width:
///
///     ┌───────┬──────────┐
///     │ Stage │ Level (m) │      header rows in bold, ruled off with a double line
///     ╞═══════╪══════════╡
///     │ Minor │      3.8 │      numeric columns aligned on the right
///     └───────┴──────────┘
///
/// A cell spanning columns or rows is one box, its text running on across the rules it
/// spans.
///
/// Columns get their natural width when the table fits, else their longest word and a
/// share of the rest, as browsers do. When even that cannot fit, or leaves a column of
/// prose a few words wide, each row becomes a small block of `Header: value` lines.
struct TableLayout {
    let width: Int

    /// The least room a column asks for to hold code or a nested table, which wraps or is
    /// laid out narrower rather than needing all of its natural width.
    static let narrowestColumn = 6

    /// A column narrower than this whose text would wrap onto many lines makes the table
    /// fall back to `Header: value` lines too.
    static let narrowestProse = 12

    func lines(for table: Table) -> [StyledLine] {
        let grid = Grid(table)
        var lines = table.caption.isEmpty ? [] : BlockLayout(width: width).wrap(table.caption, adding: ArticleStyle.caption)
        if let widths = columnWidths(grid) {
            lines += Box(grid: grid, widths: widths, alignRight: rightAlignedColumns(grid)).lines()
        } else {
            lines += linear(grid)
        }
        return lines
    }

    // MARK: - Column widths

    /// Each column's width inside its padding, or nil when the table cannot fit.
    private func columnWidths(_ grid: Grid) -> [Int]? {
        let count = grid.columnCount
        let available = width - 3 * count - 1
        guard count > 0, available >= count else { return nil }
        var minimum = Array(repeating: 1, count: count)
        var natural = Array(repeating: 1, count: count)
        // Single cells first, then cells spanning columns widen the columns they cover.
        for spanning in [false, true] {
            for placement in grid.placements where (placement.columnSpan > 1) == spanning {
                let measured = BlockLayout.measure(placement.cell.blocks)
                let inside = 3 * (placement.columnSpan - 1)
                Self.widen(&minimum, placement.columns, toHold: measured.minimum - inside)
                Self.widen(&natural, placement.columns, toHold: measured.natural - inside)
            }
        }
        natural = zip(natural, minimum).map { max($0, $1) }
        if natural.reduce(0, +) <= available { return natural }
        // Cutting words in two, as a column narrower than its longest word must, reads worse
        // than no columns.
        guard minimum.reduce(0, +) <= available else { return nil }
        let widths = Self.share(available, floor: minimum, ceiling: natural)
        // So does a column of prose squeezed to a few words a line.
        let starved = zip(widths, natural).contains { $0 < Self.narrowestProse && $1 > 2 * $0 }
        return starved ? nil : widths
    }

    /// Spreads `total` over the columns: each gets its floor, and what is left is shared in
    /// proportion to how far each is from its ceiling.
    private static func share(_ total: Int, floor: [Int], ceiling: [Int]) -> [Int] {
        let spare = total - floor.reduce(0, +)
        let wants = zip(ceiling, floor).map { max($0 - $1, 0) }
        let wanted = wants.reduce(0, +)
        guard wanted > 0 else { return floor }
        var widths = zip(floor, wants).map { $0 + $1 * spare / wanted }
        // Rounding down leaves a few columns over: they go to the columns still short.
        var left = total - widths.reduce(0, +)
        for index in widths.indices where left > 0 && widths[index] < ceiling[index] {
            widths[index] += 1
            left -= 1
        }
        return widths
    }

    private static func widen(_ widths: inout [Int], _ columns: Range<Int>, toHold needed: Int) {
        let have = widths[columns].reduce(0, +)
        guard needed > have else { return }
        let extra = needed - have
        for (offset, column) in columns.enumerated() {
            widths[column] += extra / columns.count + (offset < extra % columns.count ? 1 : 0)
        }
    }

    // MARK: - Numbers

    /// Columns whose body cells are all numbers (`3.8`, `$14.1m`, `+3.5%`), as typeset
    /// tables set them.
    private func rightAlignedColumns(_ grid: Grid) -> Set<Int> {
        var numeric = Array(repeating: true, count: grid.columnCount)
        var seen = Array(repeating: false, count: grid.columnCount)
        for placement in grid.placements where !grid.rows[placement.row].isHeader && placement.columnSpan == 1 && !placement.cell.blocks.isEmpty {
            seen[placement.column] = true
            if numeric[placement.column] { numeric[placement.column] = Self.isNumber(placement.cell.blocks) }
        }
        return Set(numeric.indices.filter { numeric[$0] && seen[$0] })
    }

    /// A cell that is one paragraph of one number: a sign or currency, digits with `.` and
    /// `,`, then at most two letters or `%` (`m`, `kg`).
    static func isNumber(_ blocks: [Block]) -> Bool {
        guard blocks.count == 1, case .paragraph(let spans) = blocks[0], spans.count == 1 else { return false }
        return isNumber(spans[0].text)
    }

    static func isNumber(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, Self.signs.contains(first) { scalars = scalars.dropFirst() }
        let utf8 = Substring(scalars).utf8
        guard let first = utf8.first, Self.isDigit(first) else { return false }
        let unit = utf8.drop { Self.isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }
        return unit.count <= 2 && unit.allSatisfy { $0 == UInt8(ascii: "%") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
    }

    private static let signs: Set<Unicode.Scalar> = ["+", "-", "−", "±", "$", "€", "£", "¥"]

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    // MARK: - Linear

    /// Too narrow for columns: each row is a block of `Header: value` lines, rows apart. A
    /// cell spanning rows is shown once, with its first row.
    private func linear(_ grid: Grid) -> [StyledLine] {
        var labels = Array(repeating: "", count: grid.columnCount)
        for slot in grid.rows.first(where: \.isHeader)?.slots ?? [] {
            let placement = grid.placements[slot]
            for column in placement.columns { labels[column] = Self.label(of: placement.cell.blocks) }
        }
        var lines: [StyledLine] = []
        for (index, row) in grid.rows.enumerated() where !row.isHeader {
            var rowLines: [StyledLine] = []
            for slot in row.slots where grid.placements[slot].row == index {
                let placement = grid.placements[slot]
                guard !placement.cell.blocks.isEmpty else { continue }
                let label = labels[placement.column]
                rowLines += labelled(placement.cell.blocks, label: label.isEmpty ? nil : label)
            }
            for cell in row.overflow where !cell.blocks.isEmpty {
                rowLines += labelled(cell.blocks, label: nil)
            }
            guard !rowLines.isEmpty else { continue }
            if !lines.isEmpty { lines.append(StyledLine()) }
            lines += rowLines
        }
        return lines
    }

    /// A header cell's text, to put before the values of its column.
    private static func label(of blocks: [Block]) -> String {
        blocks.compactMap { block in
            guard case .paragraph(let spans) = block else { return nil }
            return spans.map(\.text).joined().split(separator: "\n").joined(separator: " ")
        }.joined(separator: " ")
    }

    private func labelled(_ blocks: [Block], label: String?) -> [StyledLine] {
        let layout = BlockLayout(width: width)
        guard let label else { return layout.lines(for: blocks, tight: true) }
        let labelSpan = Span(label + ": ", ArticleStyle.strong)
        if case .paragraph(let spans)? = blocks.first {
            return layout.lines(for: [.paragraph([labelSpan] + spans)] + blocks.dropFirst(), tight: true)
        }
        return layout.wrap([labelSpan]) + layout.lines(for: blocks, tight: true)
    }
}

/// A table's cells placed on rows and columns as HTML places them: a cell spanning rows
/// holds its columns in the rows below it, and the cells of those rows move on past them.
private struct Grid {
    struct Placement {
        let cell: Table.Cell
        let row: Int
        let column: Int
        let columnSpan: Int
        /// Cut short at the end of the table, and at the end of the head for a cell in it.
        let rowSpan: Int

        var columns: Range<Int> { column..<(column + columnSpan) }
        var lastRow: Int { row + rowSpan - 1 }
    }

    struct Row {
        /// Every cell that takes room in the row, left to right, as indices in `placements`:
        /// the row's own and those spanning down into it from above.
        var slots: [Int]
        let isHeader: Bool
        /// Cells past the last column a grid holds, which only a table laid out without
        /// columns shows.
        let overflow: ArraySlice<Table.Cell>
    }

    /// More columns than this cannot be drawn in any terminal; the rest of a row is left out
    /// of the grid.
    static let maximumColumns = 64

    private(set) var placements: [Placement] = []
    private(set) var rows: [Row] = []
    private(set) var columnCount = 0
    /// How many rows at the top are header rows.
    let headerRowCount: Int

    init(_ table: Table) {
        headerRowCount = table.rows.prefix { $0.isHeader }.count
        // By column, the last cell placed in it: it holds the column until its rows run out.
        var holders: [Int] = []
        for (index, row) in table.rows.enumerated() {
            let groupEnd = index < headerRowCount ? headerRowCount : table.rows.count
            var column = 0
            var placed = 0
            for cell in row.cells {
                while isHeld(column, in: index, holders) { column += 1 }
                guard column < Self.maximumColumns else { break }
                // A cell reaching into a column held from above stops short of it.
                let widest = min(cell.columnSpan, Self.maximumColumns - column)
                var span = 1
                while span < widest, !isHeld(column + span, in: index, holders) { span += 1 }
                if holders.count < column + span { holders += Array(repeating: -1, count: column + span - holders.count) }
                for held in column..<(column + span) { holders[held] = placements.count }
                let rowSpan = min(cell.rowSpan, groupEnd - index)
                placements.append(Placement(cell: cell, row: index, column: column, columnSpan: span, rowSpan: rowSpan))
                column += span
                placed += 1
            }
            let slots = slots(of: index, upTo: holders.count, holders)
            rows.append(Row(slots: slots, isHeader: row.isHeader, overflow: row.cells.dropFirst(placed)))
        }
        // Short rows are filled out with empty cells, so that every row meets the right edge.
        columnCount = holders.count
        for index in rows.indices {
            let end = rows[index].slots.last.map { placements[$0].columns.upperBound } ?? 0
            for column in end..<columnCount { rows[index].slots.append(addEmpty(row: index, column: column)) }
        }
    }

    /// Whether a cell from a row above still takes the column in this row.
    private func isHeld(_ column: Int, in row: Int, _ holders: [Int]) -> Bool {
        guard column < holders.count, holders[column] >= 0 else { return false }
        let holder = placements[holders[column]]
        return holder.row < row && holder.lastRow >= row
    }

    /// The row's cells from the left edge to `end`, with an empty cell in each gap.
    private mutating func slots(of row: Int, upTo end: Int, _ holders: [Int]) -> [Int] {
        var slots: [Int] = []
        var column = 0
        while column < end {
            let holder = holders[column]
            if holder >= 0, placements[holder].row <= row, placements[holder].lastRow >= row {
                slots.append(holder)
                column += placements[holder].columnSpan
            } else {
                slots.append(addEmpty(row: row, column: column))
                column += 1
            }
        }
        return slots
    }

    private mutating func addEmpty(row: Int, column: Int) -> Int {
        placements.append(Placement(cell: Self.empty, row: row, column: column, columnSpan: 1, rowSpan: 1))
        return placements.count - 1
    }

    /// The columns at which the row's cells start, the left edge excluded.
    func edges(of row: Int) -> Set<Int> {
        Set(rows[row].slots.map { placements[$0].column }.filter { $0 > 0 })
    }

    private static let empty = Table.Cell(blocks: [], columnSpan: 1, rowSpan: 1, isHeader: false)
}

/// A grid drawn in boxes at set column widths. A cell spanning rows is one box: the rules
/// between its rows stop at its edges, and its lines run on through them.
private struct Box {
    let grid: Grid
    let widths: [Int]
    let alignRight: Set<Int>
    /// Each placed cell laid out at the width of its columns.
    private let cellLines: [[StyledLine]]
    /// Whether every row is ruled off from the next, not only the head from the body.
    private let ruled: Bool
    private let heights: [Int]
    /// The line each row starts on, counted from under the top border.
    private let tops: [Int]

    init(grid: Grid, widths: [Int], alignRight: Set<Int>) {
        self.grid = grid
        self.widths = widths
        self.alignRight = alignRight
        let cellLines = grid.placements.map { placement in
            let lines = BlockLayout(width: Self.width(of: placement, widths)).lines(for: placement.cell.blocks, tight: true)
            let isHeader = placement.cell.isHeader || grid.rows[placement.row].isHeader
            return isHeader ? lines.map { Self.adding(ArticleStyle.strong, to: $0) } : lines
        }
        // Unruled, the rows of a cell that wraps or spans rows would read as separate cells.
        let ruled = zip(grid.placements, cellLines).contains { $0.rowSpan > 1 || $1.count > 1 }
        // Each row is as tall as its tallest cell of one row; a cell spanning rows that needs
        // more room than they and the rules between them give gets it in its last row.
        var heights = Array(repeating: 1, count: grid.rows.count)
        for (placement, lines) in zip(grid.placements, cellLines) where placement.rowSpan == 1 {
            heights[placement.row] = max(heights[placement.row], lines.count)
        }
        for (placement, lines) in zip(grid.placements, cellLines) where placement.rowSpan > 1 {
            let spanned = placement.row...placement.lastRow
            let rules = spanned.dropFirst().filter { Self.hasRule(before: $0, ruled: ruled, grid) }.count
            let room = spanned.reduce(rules) { $0 + heights[$1] }
            heights[placement.lastRow] += max(lines.count - room, 0)
        }
        var tops: [Int] = []
        var line = 0
        for row in grid.rows.indices {
            if Self.hasRule(before: row, ruled: ruled, grid) { line += 1 }
            tops.append(line)
            line += heights[row]
        }
        (self.cellLines, self.ruled, self.heights, self.tops) = (cellLines, ruled, heights, tops)
    }

    private static func hasRule(before row: Int, ruled: Bool, _ grid: Grid) -> Bool {
        row > 0 && (ruled || row == grid.headerRowCount)
    }

    private static func adding(_ style: Style, to line: StyledLine) -> StyledLine {
        StyledLine(line.spans.map { span in
            var styled = span
            styled.style = span.style.adding(style)
            return styled
        })
    }

    private static func width(of placement: Grid.Placement, _ widths: [Int]) -> Int {
        widths[placement.columns].reduce(0, +) + 3 * (placement.columnSpan - 1)
    }

    func lines() -> [StyledLine] {
        var lines = [rule(above: nil, below: 0)]
        for row in grid.rows.indices {
            if Self.hasRule(before: row, ruled: ruled, grid) { lines.append(rule(above: row - 1, below: row)) }
            for line in tops[row]..<(tops[row] + heights[row]) {
                var spans = [Self.edge]
                for slot in grid.rows[row].slots {
                    appendCell(slot, line: line, to: &spans)
                    spans.append(Self.edge)
                }
                lines.append(StyledLine(spans))
            }
        }
        lines.append(rule(above: grid.rows.count - 1, below: nil))
        return lines
    }

    /// One line of a cell, padded either side, with the room it leaves on the left when its
    /// column is aligned on the right.
    private func appendCell(_ slot: Int, line: Int, to spans: inout [Span]) {
        let placement = grid.placements[slot]
        let lines = cellLines[slot]
        let offset = line - tops[placement.row]
        let text = lines.indices.contains(offset) ? lines[offset] : StyledLine()
        let room = String.spaces(Self.width(of: placement, widths) - text.width + 1)
        let right = alignRight.contains(placement.column) && placement.columnSpan == 1
        spans.append(Span(right ? room : " "))
        spans += text.spans
        spans.append(Span(right ? " " : room))
    }

    /// The border above the first row, below the last, or between two rows. Its junctions
    /// follow the cell edges above and below it; across a cell that spans both rows, the
    /// cell's text takes its place.
    private func rule(above: Int?, below: Int?) -> StyledLine {
        let heavy = above != nil && below == grid.headerRowCount
        let edgesAbove = above.map(grid.edges) ?? [], edgesBelow = below.map(grid.edges) ?? []
        var crossing: [Int?] = Array(repeating: nil, count: widths.count)
        if let above, let below {
            for slot in grid.rows[below].slots where grid.placements[slot].row <= above {
                for column in grid.placements[slot].columns { crossing[column] = slot }
            }
        }
        func junction(_ column: Int) -> String {
            let outer = column == 0 || column == widths.count
            return BoxGlyph.junction(
                up: above != nil && (outer || edgesAbove.contains(column)),
                down: below != nil && (outer || edgesBelow.contains(column)),
                left: column > 0 && crossing[column - 1] == nil,
                right: column < widths.count && crossing[column] == nil,
                heavy: heavy)
        }
        var spans: [Span] = []
        var border = junction(0)
        var column = 0
        while column < widths.count {
            if let slot = crossing[column], let below {
                spans.append(Span(border, ArticleStyle.tableBorder))
                border = ""
                appendCell(slot, line: tops[below] - 1, to: &spans)
                column += grid.placements[slot].columnSpan
            } else {
                border += String.repeating(heavy ? "═" : "─", count: widths[column] + 2)
                column += 1
            }
            border += junction(column)
        }
        spans.append(Span(border, ArticleStyle.tableBorder))
        return StyledLine(spans)
    }

    private static let edge = Span("│", ArticleStyle.tableBorder)
}

/// Box-drawing junctions, by the arms they have: light lines, or a double horizontal for
/// the rule under a table's head.
private enum BoxGlyph {
    /// Indexed by up, down, left and right as the bits 8, 4, 2 and 1.
    private static let light = [" ", "─", "─", "─", "│", "┌", "┐", "┬", "│", "└", "┘", "┴", "│", "├", "┤", "┼"]
    private static let double = [" ", "═", "═", "═", "│", "╒", "╕", "╤", "│", "╘", "╛", "╧", "│", "╞", "╡", "╪"]

    static func junction(up: Bool, down: Bool, left: Bool, right: Bool, heavy: Bool) -> String {
        let index = (up ? 8 : 0) | (down ? 4 : 0) | (left ? 2 : 0) | (right ? 1 : 0)
        return heavy ? double[index] : light[index]
    }
}
