import DisplayWidth
import NewsModels

/// A tag cloud in a terminal, which has one font size: weight is shown with what it has,
/// and never by changing a word (upper case would: Straße, ı and a final ς have no capitals
/// that give them back). Words flow left to right and are never split.
///
/// | level | with colour  | without (NO_COLOR, pipes) |
/// |-------|--------------|---------------------------|
/// | 5     | bold yellow  | `**word**`                |
/// | 4     | bold         | `*word*`                  |
/// | 3     | cyan         | `_word_`                  |
/// | 2     | plain        | `word`                    |
/// | 1     | dim          | `(word)`                  |
public struct TagCloudView: Sendable {
    public let width: Int
    public let colors: Bool
    public let showCounts: Bool

    public init(width: Int, colors: Bool, showCounts: Bool = false) {
        self.width = width
        self.colors = colors
        self.showCounts = showCounts
    }

    public func lines(for cloud: TagCloud) -> [StyledLine] {
        let words = cloud.entries.map(word(for:))
        let widths = words.map { $0.reduce(0) { $0 + DisplayWidth.of($1.text) } }
        return Self.flow(widths: widths, width: width).map { line in
            StyledLine(line.enumerated().flatMap { place, index in (place > 0 ? [Span(Self.gapText)] : []) + words[index] })
        }
    }

    /// Columns between two words.
    public static let gap = 2
    static let gapText = String(repeating: " ", count: gap)

    /// Words of these widths, left to right, in lines of `width`: each line's word indices.
    /// A word wider than the line has a line of its own.
    public static func flow(widths: [Int], width: Int) -> [[Int]] {
        var lines: [[Int]] = []
        var line: [Int] = []
        var used = 0
        for (index, wordWidth) in widths.enumerated() {
            if !line.isEmpty, used + gap + wordWidth > width {
                lines.append(line)
                line = []
                used = 0
            }
            used += (line.isEmpty ? 0 : gap) + wordWidth
            line.append(index)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// How a word of this level looks: heavier words stand out more.
    public static func style(level: Int) -> Style {
        switch level {
        case 5...: Style(bold: true, color: .yellow)
        case 4: Style(bold: true)
        case 3: Style(color: .cyan)
        case 2: Style()
        default: Style(dim: true)
        }
    }

    /// The tag as it is shown at its level, cut to the width if it alone is wider.
    func word(for entry: TagCloud.Entry) -> [Span] {
        let name = entry.tag.displayName
        var text: String
        switch entry.level {
        case 5...: text = colors ? name : "**\(name)**"
        case 4: text = colors ? name : "*\(name)*"
        case 3: text = colors ? name : "_\(name)_"
        case 2: text = name
        default: text = colors ? name : "(\(name))"
        }
        let style = Self.style(level: entry.level)
        // Spaces inside a tag would let the terminal break it: they are not break points here.
        text = text.replacing(" ", with: "\u{00A0}")
        let count = showCounts ? " \(entry.tag.count ?? 0)" : ""
        let room = width - DisplayWidth.of(count)
        // A tag keeps at least one letter before its ellipsis.
        text = DisplayWidth.truncated(text, fitting: max(room, 2))
        return [Span(text, style)] + (count.isEmpty ? [] : [Span(count, Style(dim: true))])
    }
}

/// The category tree: each category indented under its parent, with the number of stories
/// filed under it alone, which is the site's own count. (A sum over its descendants would
/// count a story filed in two of them twice.)
public struct CategoryTreeView: Sendable {
    public let width: Int

    public init(width: Int) {
        self.width = width
    }

    /// Without `includeEmpty`, the categories with stories and those above them: a parent
    /// with none of its own shows 0, the number the site gives (a dash would read as not
    /// known), and its children under it say where its stories are.
    public func lines(for tree: CategoryTree, includeEmpty: Bool) -> [StyledLine] {
        let rows = tree.rows.filter { includeEmpty || tree.hasStories($0.category) }
        let counts = rows.map { String($0.category.count ?? 0) }
        let countWidth = counts.map(\.count).max() ?? 1
        return zip(rows, counts).map { row, count in
            let indent = String(repeating: "  ", count: row.depth)
            let room = max(width - countWidth - 2 - indent.count, 4)
            let name = DisplayWidth.truncated(row.category.name, fitting: room)
            let padding = String(repeating: " ", count: countWidth - count.count)
            // The slug (what `wpnews category` takes) when there is room for it.
            let slug = DisplayWidth.of(name) + 2 + DisplayWidth.of(row.category.slug) <= room
                ? [Span("  " + row.category.slug, Style(dim: true))] : []
            return StyledLine([
                Span(padding + count, Style(dim: true)), Span("  " + indent), Span(name, Style(bold: row.depth == 0)),
            ] + slug)
        }
    }
}
