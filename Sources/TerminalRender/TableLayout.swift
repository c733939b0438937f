/// A table drawn with box-drawing characters, its columns sized to fit the width:
///
///     ┌───────┬──────────┐
///     │ Stage │ Level (m) │      header rows in bold, ruled off with a double line
///     ╞═══════╪══════════╡
///     │ Minor │      3.8 │      numeric columns aligned on the right
///     └───────┴──────────┘
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
            lines += boxed(grid, widths: widths)
        } else {
            lines += linear(table)
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
            for placement in grid.rows.flatMap({ $0.placements }) where (placement.span > 1) == spanning {
                let measured = BlockLayout.measure(placement.cell.blocks)
                let columns = placement.column..<(placement.column + placement.span)
                let inside = 3 * (placement.span - 1)
                Self.widen(&minimum, columns, toHold: measured.minimum - inside)
                Self.widen(&natural, columns, toHold: measured.natural - inside)
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

    // MARK: - Boxed

    private func boxed(_ grid: Grid, widths: [Int]) -> [StyledLine] {
        let alignRight = rightAlignedColumns(grid)
        let rendered = grid.rows.map { row in
            row.placements.map { placement in
                let cellWidth = widths[placement.column..<(placement.column + placement.span)].reduce(0, +) + 3 * (placement.span - 1)
                let lines = BlockLayout(width: cellWidth).lines(for: placement.cell.blocks, tight: true)
                let styled = placement.cell.isHeader || row.isHeader ? lines.map { Self.adding(ArticleStyle.strong, to: $0) } : lines
                return (placement, cellWidth, styled)
            }
        }
        let ruleBetweenRows = rendered.joined().contains { $0.2.count > 1 }
        let headerCount = grid.headerRowCount
        var lines = [border(widths, above: nil, below: grid.rows.first?.placements, heavy: false)]
        for (index, row) in rendered.enumerated() {
            if index > 0 {
                let afterHeader = index == headerCount
                if afterHeader || ruleBetweenRows {
                    lines.append(border(widths, above: grid.rows[index - 1].placements, below: grid.rows[index].placements, heavy: afterHeader))
                }
            }
            let height = row.map { $0.2.count }.max() ?? 0
            for lineIndex in 0..<max(height, 1) {
                var spans = [Self.edge]
                for (placement, cellWidth, cellLines) in row {
                    let line = lineIndex < cellLines.count ? cellLines[lineIndex] : StyledLine()
                    // The padding either side of the text, with the room it leaves on the left
                    // when the column is aligned on the right.
                    let room = String.spaces(cellWidth - line.width + 1)
                    let right = alignRight.contains(placement.column) && placement.span == 1
                    spans.append(Span(right ? room : " "))
                    spans += line.spans
                    spans.append(Span(right ? " " : room))
                    spans.append(Self.edge)
                }
                lines.append(StyledLine(spans))
            }
        }
        lines.append(border(widths, above: grid.rows.last?.placements, below: nil, heavy: false))
        return lines
    }

    /// A horizontal rule whose junctions follow the cell edges above and below it.
    private func border(_ widths: [Int], above: [Grid.Placement]?, below: [Grid.Placement]?, heavy: Bool) -> StyledLine {
        let edgesAbove = above.map(Grid.edges) ?? []
        let edgesBelow = below.map(Grid.edges) ?? []
        let (line, left, right, both, up, down): (String, String, String, String, String, String) =
            switch (above == nil, below == nil, heavy) {
            case (true, _, _): ("─", "┌", "┐", "┬", "┬", "┬")
            case (_, true, _): ("─", "└", "┘", "┴", "┴", "┴")
            case (_, _, true): ("═", "╞", "╡", "╪", "╧", "╤")
            default: ("─", "├", "┤", "┼", "┴", "┬")
            }
        var text = left
        for (column, columnWidth) in widths.enumerated() {
            if column > 0 {
                switch (edgesAbove.contains(column), edgesBelow.contains(column)) {
                case (true, true): text += both
                case (true, false): text += up
                case (false, true): text += down
                case (false, false): text += line
                }
            }
            text += String.repeating(line, count: columnWidth + 2)
        }
        text += right
        return StyledLine([Span(text, ArticleStyle.tableBorder)])
    }

    /// Columns whose body cells are all numbers (`3.8`, `$14.1m`, `+3.5%`), as typeset
    /// tables set them.
    private func rightAlignedColumns(_ grid: Grid) -> Set<Int> {
        var numeric = Array(repeating: true, count: grid.columnCount)
        var seen = Array(repeating: false, count: grid.columnCount)
        for row in grid.rows where !row.isHeader {
            for placement in row.placements where placement.span == 1 && !placement.cell.blocks.isEmpty {
                seen[placement.column] = true
                if numeric[placement.column] { numeric[placement.column] = Self.isNumber(placement.cell.blocks) }
            }
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

    private static let edge = Span("│", ArticleStyle.tableBorder)

    private static func adding(_ style: Style, to line: StyledLine) -> StyledLine {
        StyledLine(line.spans.map { Span($0.text, $0.style.adding(style), link: $0.link) })
    }

    // MARK: - Linear

    /// Too narrow for columns: each row is a block of `Header: value` lines, rows apart.
    private func linear(_ table: Table) -> [StyledLine] {
        let header = table.rows.first { $0.isHeader }
        let labels = header?.cells.flatMap { cell in
            Array(repeating: Self.label(of: cell.blocks), count: cell.columnSpan)
        } ?? []
        var lines: [StyledLine] = []
        for row in table.rows where !row.isHeader {
            if !lines.isEmpty { lines.append(StyledLine()) }
            var column = 0
            for cell in row.cells {
                defer { column += cell.columnSpan }
                guard !cell.blocks.isEmpty else { continue }
                let label = column < labels.count && !labels[column].isEmpty ? labels[column] : nil
                lines += labelled(cell.blocks, label: label)
            }
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

/// A table's cells placed on columns, with the room taken by cells spanning several rows
/// left empty in the rows below them.
private struct Grid {
    struct Placement {
        let cell: Table.Cell
        let column: Int
        let span: Int
    }

    struct Row {
        let placements: [Placement]
        let isHeader: Bool
    }

    /// More columns than this cannot be drawn in any terminal; the rest of a row is dropped.
    static let maximumColumns = 64

    private(set) var rows: [Row] = []
    private(set) var columnCount = 0
    /// How many rows at the top are header rows.
    private(set) var headerRowCount = 0

    init(_ table: Table) {
        // Rows still covered, by column, by a cell from a row above.
        var coveredFor: [Int] = []
        var placed: [[Placement]] = []
        for (index, row) in table.rows.enumerated() {
            var placements: [Placement] = []
            var column = 0
            for cell in row.cells {
                while column < coveredFor.count, coveredFor[column] > 0 {
                    placements.append(Placement(cell: Self.empty, column: column, span: 1))
                    column += 1
                }
                guard column < Self.maximumColumns else { break }
                let span = min(cell.columnSpan, Self.maximumColumns - column)
                if coveredFor.count < column + span { coveredFor += Array(repeating: 0, count: column + span - coveredFor.count) }
                for covered in column..<(column + span) { coveredFor[covered] = max(coveredFor[covered], cell.rowSpan) }
                placements.append(Placement(cell: cell, column: column, span: span))
                column += span
            }
            while column < coveredFor.count, coveredFor[column] > 0 {
                placements.append(Placement(cell: Self.empty, column: column, span: 1))
                column += 1
            }
            coveredFor = coveredFor.map { max($0 - 1, 0) }
            columnCount = max(columnCount, column)
            if row.isHeader, headerRowCount == index { headerRowCount += 1 }
            placed.append(placements)
        }
        // Short rows are filled out with empty cells, so that every row meets the right edge.
        rows = zip(placed, table.rows).map { placements, row in
            let end = placements.last.map { $0.column + $0.span } ?? 0
            let filler = (end..<columnCount).map { Placement(cell: Self.empty, column: $0, span: 1) }
            return Row(placements: placements + filler, isHeader: row.isHeader)
        }
    }

    /// The columns at which a row's cells start, the left edge excluded.
    static func edges(_ row: [Placement]) -> Set<Int> {
        Set(row.map { $0.column }.filter { $0 > 0 })
    }

    private static let empty = Table.Cell(blocks: [], columnSpan: 1, rowSpan: 1, isHeader: false)
}
