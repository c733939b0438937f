import DisplayWidth
import TextSafety

/// The text of a `pre` block, made safe to print and otherwise kept as written.
enum PreformattedText {
    /// Every 8 columns, where browsers and terminals put tab stops: the `pre` then lines up as
    /// its author saw it.
    static let tabWidth = 8

    /// Tabs expanded, control characters stripped, the line end that follows `<pre>` (which
    /// libxml2 keeps, unlike browsers) and the white space at the end dropped.
    static func normalize(_ utf8: [UInt8]) -> String {
        var text = String(decoding: utf8, as: UTF8.self)
        if text.utf8.contains(0x09) { text = expandTabs(text) }
        text = SafeText.sanitize(text)
        let bytes = text.utf8
        let start = bytes.first == 0x0A ? bytes.index(after: bytes.startIndex) : bytes.startIndex
        guard let last = bytes[start...].lastIndex(where: { $0 != 0x20 && $0 != 0x0A }) else { return "" }
        return String(text[start...last])
    }

    /// Tab stops are counted from the start of each line.
    private static func expandTabs(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var column = 0
        for character in text {
            switch character {
            case "\t":
                let spaces = tabWidth - column % tabWidth
                result += String.spaces(spaces)
                column += spaces
            case "\n", "\r\n":
                result.append(character)
                column = 0
            default:
                result.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return result
    }

    /// A line too wide for `width` columns in rows that fit, cut where the columns run out
    /// but never inside a character, so that the rows together are the line. The rows after
    /// the first are to be shown after `hang` spaces: the line's indentation, which keeps the
    /// shape of indented code and verse, unless it would take more than half of each row.
    static func rows(of line: Substring, width: Int) -> (hang: Int, rows: [Substring]) {
        let indentation = line.utf8.prefix { $0 == 0x20 }.count
        let hang = 2 * indentation <= width ? indentation : 0
        var rows: [Substring] = []
        var rest = line
        while !rest.isEmpty {
            var (row, tail) = DisplayWidth.split(rest, fitting: rows.isEmpty ? width : width - hang)
            // A character wider than a whole row (only at a few columns) takes one anyway.
            if row.isEmpty { (row, tail) = (rest.prefix(1), rest.dropFirst()) }
            rows.append(row)
            rest = tail
        }
        return (hang, rows)
    }
}
