import NewsModels

/// An article as plain text for scripts (`--json`'s `content_text`): a paragraph is one line,
/// blocks are a blank line apart, and none of the terminal's layout is kept (no wrapping,
/// rules, borders or styles). The link numbers stay in the text; the addresses they stand
/// for follow at the end, one a line.
public enum ArticlePlainText {
    /// The text of a post's or a comment's HTML; `baseURL` makes its links absolute.
    public static func text(html: String, baseURL: String) -> String {
        text(of: Article(html: html, baseURL: baseURL))
    }

    public static func text(of article: Article) -> String {
        var paragraphs = paragraphs(of: article.blocks)
        if !article.links.isEmpty {
            paragraphs.append(article.links.enumerated().map { "[\($0.offset + 1)] \($0.element)" }.joined(separator: "\n"))
        }
        return paragraphs.joined(separator: "\n\n")
    }

    private static func paragraphs(of blocks: [Block]) -> [String] {
        blocks.flatMap(paragraphs(of:)).filter { !$0.isEmpty }
    }

    private static func paragraphs(of block: Block) -> [String] {
        switch block {
        case .paragraph(let spans), .heading(_, let spans):
            [line(spans)]
        case .list(let items):
            [items.map(item).joined(separator: "\n")]
        case .quote(let blocks, let citation):
            paragraphs(of: blocks) + (citation.isEmpty ? [] : ["— " + line(citation)])
        case .code(let text), .verse(let text):
            [text]
        case .table(let table):
            // A row is its cells a tab apart, as a spreadsheet takes them.
            [table.rows.map { row in row.cells.map { paragraphs(of: $0.blocks).joined(separator: " ") }.joined(separator: "\t") }
                .joined(separator: "\n")] + [line(table.caption)]
        case .rule:
            []
        case .definitions(let definitions):
            definitions.flatMap { definition in
                [definition.terms.map(line).joined(separator: "\n")] + definition.details.flatMap(paragraphs(of:))
            }
        case .figure(let blocks, let caption):
            paragraphs(of: blocks) + [line(caption)]
        }
    }

    /// A list item behind its marker; its own lines (a nested list) indented under the
    /// item's text, so the nesting still shows.
    private static func item(_ item: ListItem) -> String {
        let indent = String(repeating: " ", count: item.marker.count + 1)
        return item.marker + " " + paragraphs(of: item.blocks).joined(separator: "\n").replacing("\n", with: "\n" + indent)
    }

    private static func line(_ spans: [Span]) -> String {
        spans.map(\.text).joined()
    }
}
