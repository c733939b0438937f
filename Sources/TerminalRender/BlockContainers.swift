import NewsModels

/// An element that holds blocks while the document is read: a list, a quotation, a table
/// cell... It takes the blocks found inside it and becomes blocks of its own when it closes.
/// Classes, so that the builder's stack of them can grow its contents in place.
protocol BlockContainer: AnyObject {
    func add(_ block: Block)
    func build() -> [Block]
}

/// Blocks one after another: the article itself, a list item, a table cell, a `dd`.
final class BlockSequence: BlockContainer {
    private(set) var blocks: [Block] = []

    func add(_ block: Block) {
        blocks.append(block)
    }

    func build() -> [Block] {
        blocks
    }
}

/// A quotation, and who said it: a `cite` element inside, or else the address in its
/// `cite` attribute, which the builder writes as a link (`riverside.example[4]`).
final class QuoteContainer: BlockContainer {
    private var blocks: [Block] = []
    let source: String?
    var citation: [Span] = []

    init(source: String?) {
        self.source = source
    }

    func add(_ block: Block) {
        blocks.append(block)
    }

    func build() -> [Block] {
        blocks.isEmpty && citation.isEmpty ? [] : [.quote(blocks, citation: citation)]
    }
}

/// A figure without a caption is just its content.
final class FigureContainer: BlockContainer {
    private var blocks: [Block] = []
    var caption: [Span] = []

    func add(_ block: Block) {
        blocks.append(block)
    }

    func build() -> [Block] {
        caption.isEmpty ? blocks : [.figure(blocks, caption: caption)]
    }
}

/// A `ul` or `ol`. Numbers follow HTML: `start`, `reversed`, `type` on the list and `value`
/// on an item.
final class ListContainer: BlockContainer {
    enum Numbering {
        case bullets(depth: Int)
        case numbers(NumberStyle, start: Int?, reversed: Bool)
    }

    enum NumberStyle {
        case decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman

        init(typeAttribute: String?) {
            switch typeAttribute {
            case "a": self = .lowerAlpha
            case "A": self = .upperAlpha
            case "i": self = .lowerRoman
            case "I": self = .upperRoman
            default: self = .decimal
            }
        }
    }

    private let numbering: Numbering
    private var items: [(value: Int?, blocks: [Block])] = []

    init(numbering: Numbering) {
        self.numbering = numbering
    }

    func addItem(_ blocks: [Block], value: Int?) {
        items.append((value, blocks))
    }

    /// Content outside any `li` joins the item before it.
    func add(_ block: Block) {
        if items.isEmpty {
            items.append((nil, [block]))
        } else {
            items[items.count - 1].blocks.append(block)
        }
    }

    func build() -> [Block] {
        guard !items.isEmpty else { return [] }
        return [.list(zip(markers(), items).map { ListItem(marker: $0, blocks: $1.blocks) })]
    }

    private func markers() -> [String] {
        switch numbering {
        case .bullets(let depth):
            let bullets = ["•", "◦", "▪"]
            return Array(repeating: bullets[depth % bullets.count], count: items.count)
        case .numbers(let style, let start, let reversed):
            let step = reversed ? -1 : 1
            var number = start ?? (reversed ? items.count : 1)
            return items.map { item in
                if let value = item.value { number = value }
                defer { number += step }
                return Self.format(number, style) + "."
            }
        }
    }

    static func format(_ number: Int, _ style: NumberStyle) -> String {
        switch style {
        case .decimal: String(number)
        case .lowerAlpha: alphabetic(number)
        case .upperAlpha: alphabetic(number).uppercased()
        case .lowerRoman: roman(number)
        case .upperRoman: roman(number).uppercased()
        }
    }

    /// a ... z, aa, ab ...; numbers below 1 stay decimal, as browsers show them.
    private static func alphabetic(_ number: Int) -> String {
        guard number > 0 else { return String(number) }
        var letters: [Character] = []
        var rest = number
        while rest > 0 {
            rest -= 1
            letters.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(rest % 26))))
            rest /= 26
        }
        return String(letters.reversed())
    }

    /// i ... mmmcmxcix; outside 1...3999 decimal, as browsers show them.
    private static func roman(_ number: Int) -> String {
        guard (1...3999).contains(number) else { return String(number) }
        let numerals = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                        (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
        var result = ""
        var rest = number
        for (value, numeral) in numerals {
            while rest >= value {
                result += numeral
                rest -= value
            }
        }
        return result
    }
}

final class DefinitionListContainer: BlockContainer {
    private var definitions: [(terms: [[Span]], details: [[Block]])] = []

    /// A term after a description starts the next definition.
    func addTerm(_ spans: [Span]) {
        if let last = definitions.last, last.details.isEmpty {
            definitions[definitions.count - 1].terms.append(spans)
        } else {
            definitions.append(([spans], []))
        }
    }

    func addDetails(_ blocks: [Block]) {
        if definitions.isEmpty { definitions.append(([], [])) }
        definitions[definitions.count - 1].details.append(blocks)
    }

    func add(_ block: Block) {
        addDetails([block])
    }

    func build() -> [Block] {
        definitions.isEmpty ? [] : [.definitions(definitions.map { Definition(terms: $0.terms, details: $0.details) })]
    }
}

final class TableContainer: BlockContainer {
    private var rows: [Table.Row] = []
    var caption: [Span] = []
    /// Inside `thead`, every row is a header row.
    var inHead = false

    func addRow(_ cells: [Table.Cell]) {
        guard !cells.isEmpty else { return }
        rows.append(Table.Row(cells: cells, isHeader: inHead || cells.allSatisfy { $0.isHeader }))
    }

    /// Content outside any cell gets a row of its own.
    func add(_ block: Block) {
        addRow([Table.Cell(blocks: [block], columnSpan: 1, rowSpan: 1, isHeader: false)])
    }

    /// A table with nothing in its cells is left out, caption and all.
    func build() -> [Block] {
        let isEmpty = rows.allSatisfy { $0.cells.allSatisfy { $0.blocks.isEmpty } }
        return isEmpty ? [] : [.table(Table(rows: rows, caption: caption))]
    }
}

final class TableRowContainer: BlockContainer {
    private(set) var cells: [Table.Cell] = []

    func addCell(_ cell: Table.Cell) {
        cells.append(cell)
    }

    /// Content outside any cell gets a cell of its own.
    func add(_ block: Block) {
        cells.append(Table.Cell(blocks: [block], columnSpan: 1, rowSpan: 1, isHeader: false))
    }

    /// A row becomes part of its table, not a block: `TableContainer.addRow` takes it.
    func build() -> [Block] {
        []
    }
}
