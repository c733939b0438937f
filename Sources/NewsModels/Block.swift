/// A block of an article, as parsed once from HTML and laid out at any width later.
/// Inline content is spans: styled text that may carry a link, with link numbers (`[3]`)
/// and image labels already in the text.
public enum Block: Sendable, Hashable {
    case paragraph([Span])
    case heading(level: Int, [Span])
    case list([ListItem])
    /// A quotation, and who said it (empty when nobody is named).
    case quote([Block], citation: [Span])
    /// Preformatted text, kept line for line: a line too wide is wrapped, never cut.
    case code(String)
    /// Poetry (WordPress's verse block): laid out as preformatted text, in the text's style.
    case verse(String)
    case table(Table)
    case rule(RuleStyle)
    case definitions([Definition])
    /// Content with a caption under it: an image, a table, a gallery.
    case figure([Block], caption: [Span])
}

public struct ListItem: Sendable, Hashable {
    /// `1.`, `iv.`, `•` ...: numbering is resolved when the list is parsed.
    public let marker: String
    public let blocks: [Block]

    package init(marker: String, blocks: [Block]) {
        self.marker = marker
        self.blocks = blocks
    }
}

public struct Definition: Sendable, Hashable {
    public let terms: [[Span]]
    public let details: [[Block]]

    package init(terms: [[Span]], details: [[Block]]) {
        self.terms = terms
        self.details = details
    }
}

public enum RuleStyle: Sendable, Hashable {
    /// A line across the width.
    case line
    /// A short centred ornament, for WordPress's "dots" separator.
    case dots
}

public struct Table: Sendable, Hashable {
    public struct Cell: Sendable, Hashable {
        public let blocks: [Block]
        public let columnSpan: Int
        public let rowSpan: Int
        public let isHeader: Bool

        package init(blocks: [Block], columnSpan: Int, rowSpan: Int, isHeader: Bool) {
            self.blocks = blocks
            self.columnSpan = columnSpan
            self.rowSpan = rowSpan
            self.isHeader = isHeader
        }
    }

    public struct Row: Sendable, Hashable {
        public let cells: [Cell]
        /// A row of the table head, or a row of header cells only.
        public let isHeader: Bool

        package init(cells: [Cell], isHeader: Bool) {
            self.cells = cells
            self.isHeader = isHeader
        }
    }

    public let rows: [Row]
    public let caption: [Span]

    package init(rows: [Row], caption: [Span]) {
        self.rows = rows
        self.caption = caption
    }
}
