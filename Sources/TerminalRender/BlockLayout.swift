import DisplayWidth
import NewsModels

/// Blocks laid out at a width. Nested blocks are laid out narrower and given a gutter: a
/// list marker, a quotation bar, an indent.
///
/// Lines are appended to one array as they are made; a gutter is put in front of the
/// lines a nested block appended, in place, rather than by copying them.
struct BlockLayout {
    let width: Int

    /// Text is never squeezed narrower than this to make room for a gutter: past it,
    /// deeper blocks lose their indentation instead.
    static let narrowestText = 12

    func lines(for blocks: [Block], tight: Bool = false) -> [StyledLine] {
        var lines: [StyledLine] = []
        append(blocks, tight: tight, to: &lines)
        return lines
    }

    func lines(for block: Block) -> [StyledLine] {
        var lines: [StyledLine] = []
        append(block, to: &lines)
        return lines
    }

    /// Blocks a blank line apart; `tight` (in list items, table cells, descriptions) keeps
    /// the blank line only between two paragraphs.
    func append(_ blocks: [Block], tight: Bool = false, to lines: inout [StyledLine]) {
        for (index, block) in blocks.enumerated() {
            if index > 0, !tight || Self.isParagraph(block) && Self.isParagraph(blocks[index - 1]) {
                lines.append(StyledLine())
            }
            append(block, to: &lines)
        }
    }

    private static func isParagraph(_ block: Block) -> Bool {
        if case .paragraph = block { true } else { false }
    }

    func append(_ block: Block, to lines: inout [StyledLine]) {
        switch block {
        case .paragraph(let spans):
            lines += wrap(spans)
        case .heading(let level, let spans):
            appendHeading(level: level, spans, to: &lines)
        case .list(let items):
            appendList(items, to: &lines)
        case .quote(let blocks, let citation):
            appendQuote(blocks, citation: citation, to: &lines)
        case .code(let text):
            appendPreformatted(text, style: ArticleStyle.code, to: &lines)
        case .verse(let text):
            appendPreformatted(text, style: .plain, to: &lines)
        case .table(let table):
            lines += TableLayout(width: width).lines(for: table)
        case .rule(let style):
            lines.append(rule(style))
        case .definitions(let definitions):
            appendDefinitions(definitions, to: &lines)
        case .figure(let blocks, let caption):
            appendFigure(blocks, caption: caption, to: &lines)
        }
    }

    func wrap(_ spans: [Span], adding style: Style? = nil) -> [StyledLine] {
        LineBreaker(width: width).lines(for: spans, adding: style)
    }

    /// Level 1 is underlined with a double rule and level 2 with a single one, as long as
    /// the heading's longest line; the rest are set apart by their style and the blank
    /// lines around them.
    private func appendHeading(level: Int, _ spans: [Span], to lines: inout [StyledLine]) {
        let heading = wrap(spans, adding: ArticleStyle.heading(level: level))
        lines += heading
        if level <= 2 {
            let length = heading.map { $0.width }.max() ?? 0
            lines.append(StyledLine([Span(.repeating(level == 1 ? "═" : "─", count: length), ArticleStyle.rule)]))
        }
    }

    /// Markers hang in a gutter as wide as the widest; numbers align on the right.
    private func appendList(_ items: [ListItem], to lines: inout [StyledLine]) {
        let markerWidth = items.map { DisplayWidth.of($0.marker) }.max() ?? 0
        let inner = indented(by: markerWidth + 1)
        let hanging = Span(.spaces(markerWidth + 1))
        for item in items {
            let padding = String.spaces(markerWidth - DisplayWidth.of(item.marker))
            let marker = Span(padding + item.marker + " ", ArticleStyle.marker)
            let start = lines.count
            inner.append(item.blocks, tight: true, to: &lines)
            if lines.count == start { lines.append(StyledLine()) }
            addGutter(first: marker, rest: hanging, to: &lines, from: start)
        }
    }

    private func appendQuote(_ blocks: [Block], citation: [Span], to lines: inout [StyledLine]) {
        let inner = indented(by: 2)
        let start = lines.count
        inner.append(blocks, to: &lines)
        if !citation.isEmpty {
            let sourceStart = lines.count
            lines += inner.indented(by: 2).wrap(citation, adding: ArticleStyle.citation)
            inner.addGutter(first: Span("— ", ArticleStyle.citation), rest: Span("  "), to: &lines, from: sourceStart)
        }
        let bar = Span("│ ", ArticleStyle.quoteBar)
        addGutter(first: bar, rest: bar, to: &lines, from: start)
    }

    /// Kept line for line, in a gutter. A line too wide goes on in rows marked `↪` in the
    /// gutter, so that none of it is lost and it still reads as one line.
    private func appendPreformatted(_ text: String, style: Style, to lines: inout [StyledLine]) {
        let inner = indented(by: 2)
        let continued = Span("↪ ", ArticleStyle.marker)
        for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let line = Self.trimmingTrailingSpaces(Substring(line))
            let start = lines.count
            if line.isEmpty {
                lines.append(StyledLine())
            } else if DisplayWidth.of(line) <= inner.width {
                lines.append(StyledLine([Span(String(line), style)]))
            } else {
                let (hang, rows) = PreformattedText.rows(of: line, width: inner.width)
                lines.append(StyledLine([Span(String(rows[0]), style)]))
                for row in rows.dropFirst() {
                    lines.append(StyledLine([Span(.spaces(hang)), Span(String(row), style)]))
                }
            }
            addGutter(first: Span("  "), rest: continued, to: &lines, from: start)
        }
    }

    private static func trimmingTrailingSpaces(_ line: Substring) -> Substring {
        var end = line.utf8.endIndex
        while end > line.utf8.startIndex, line.utf8[line.utf8.index(before: end)] == 0x20 {
            line.utf8.formIndex(before: &end)
        }
        return line[..<end]
    }

    private func rule(_ style: RuleStyle) -> StyledLine {
        switch style {
        case .line:
            return StyledLine([Span(.repeating("─", count: width), ArticleStyle.rule)])
        case .dots:
            let dots = "·   ·   ·"
            let padding = String.spaces((width - dots.count) / 2)
            return StyledLine([Span(padding), Span(dots, ArticleStyle.rule)])
        }
    }

    /// Terms in bold, each description indented under them.
    private func appendDefinitions(_ definitions: [Definition], to lines: inout [StyledLine]) {
        let inner = indented(by: 4)
        let margin = Span("    ")
        for definition in definitions {
            for term in definition.terms {
                lines += wrap(term, adding: ArticleStyle.strong)
            }
            for details in definition.details {
                let start = lines.count
                inner.append(details, tight: true, to: &lines)
                addGutter(first: margin, rest: margin, to: &lines, from: start)
            }
        }
    }

    /// The caption sits under its content, indented, in the caption style; under a
    /// gallery, whose last image has a caption of its own, a blank line apart.
    private func appendFigure(_ blocks: [Block], caption: [Span], to lines: inout [StyledLine]) {
        append(blocks, to: &lines)
        if case .figure? = blocks.last { lines.append(StyledLine()) }
        let start = lines.count
        lines += indented(by: 2).wrap(caption, adding: ArticleStyle.caption)
        addGutter(first: Span("  "), rest: Span("  "), to: &lines, from: start)
    }

    /// This layout narrowed for a gutter of `columns`, unless that leaves too little room
    /// for text; then the gutter gets no room at all.
    func indented(by columns: Int) -> BlockLayout {
        width - columns >= Self.narrowestText ? BlockLayout(width: width - columns) : self
    }

    /// Puts `first` before the line at `start` and `rest` before the lines after it, when
    /// there is room for them (the same rule as `indented(by:)`). Empty lines get no
    /// trailing spaces.
    func addGutter(first: Span, rest: Span, to lines: inout [StyledLine], from start: Int) {
        guard width - DisplayWidth.of(first.text) >= Self.narrowestText else { return }
        for index in start..<lines.count {
            let gutter = index == start ? first : rest
            if lines[index].spans.isEmpty {
                let bare = Self.trimmingTrailingSpaces(gutter.text[...])
                if !bare.isEmpty { lines[index].spans = [Span(String(bare), gutter.style)] }
            } else {
                lines[index].spans.insert(gutter, at: 0)
            }
        }
    }

    /// The narrowest width the blocks can take without cutting a word (`minimum`), and the
    /// width they take when nothing wraps (`natural`): what a table column needs.
    static func measure(_ blocks: [Block]) -> (minimum: Int, natural: Int) {
        blocks.reduce((0, 0)) { widest, block in
            let size = measure(block)
            return (max(widest.0, size.minimum), max(widest.1, size.natural))
        }
    }

    private static func measure(_ block: Block) -> (minimum: Int, natural: Int) {
        func plus(_ gutter: Int, _ size: (minimum: Int, natural: Int)) -> (minimum: Int, natural: Int) {
            (size.minimum + gutter, size.natural + gutter)
        }
        switch block {
        case .paragraph(let spans), .heading(_, let spans):
            return LineBreaker.measure(spans)
        case .list(let items):
            let gutter = (items.map { DisplayWidth.of($0.marker) }.max() ?? 0) + 1
            return plus(gutter, measure(items.flatMap { $0.blocks }))
        case .quote(let blocks, let citation):
            let text = measure(blocks), cited = plus(2, LineBreaker.measure(citation))
            return plus(2, (max(text.minimum, cited.minimum), max(text.natural, cited.natural)))
        case .code(let text), .verse(let text):
            // Preformatted text wraps when it must, so it asks for room but does not insist.
            let natural = text.split(separator: "\n").map { DisplayWidth.of($0) }.max() ?? 0
            return (min(natural, TableLayout.narrowestColumn), natural)
        case .table(let table):
            let natural = TableLayout(width: .max / 2).lines(for: table).map { $0.width }.max() ?? 0
            return (min(natural, TableLayout.narrowestColumn), natural)
        case .rule:
            return (1, 1)
        case .definitions(let definitions):
            let terms = measure(definitions.flatMap { $0.terms }.map { Block.paragraph($0) })
            let details = plus(4, measure(definitions.flatMap { $0.details }.flatMap { $0 }))
            return (max(terms.minimum, details.minimum), max(terms.natural, details.natural))
        case .figure(let blocks, let caption):
            let content = measure(blocks), captioned = plus(2, LineBreaker.measure(caption))
            return (max(content.minimum, captioned.minimum), max(content.natural, captioned.natural))
        }
    }
}

extension String {
    private static let someSpaces = (0...128).map { repeating(" ", count: $0) }

    /// `count` spaces (none for a negative count): padding, made once for the usual sizes.
    static func spaces(_ count: Int) -> String {
        count < someSpaces.count ? someSpaces[Swift.max(count, 0)] : repeating(" ", count: count)
    }

    /// `piece` `count` times, copied as bytes: `String(repeating:count:)` costs hundreds of
    /// instructions a character.
    static func repeating(_ piece: String, count: Int) -> String {
        var piece = piece
        return piece.withUTF8 { piece in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(piece.count * Swift.max(count, 0))
            for _ in 0..<Swift.max(count, 0) { bytes.append(contentsOf: piece) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
