import WordPressAPI

/// The text of a `pre` block, made safe to print and otherwise kept as written.
enum PreformattedText {
    /// Code is indented with tabs for an editor's tab width, not a terminal's 8 columns.
    static let tabWidth = 4

    /// Tabs expanded, control characters stripped, the line end that follows `<pre>` (which
    /// libxml2 keeps, unlike browsers) and the blank lines at the end dropped.
    static func normalize(_ utf8: [UInt8]) -> String {
        var text = String(decoding: utf8, as: UTF8.self)
        if text.utf8.contains(0x09) { text = expandTabs(text) }
        text = PlainText.sanitize(text)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.first?.isEmpty == true { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == " " }) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private static func expandTabs(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var column = 0
        for character in text {
            switch character {
            case "\t":
                let spaces = tabWidth - column % tabWidth
                result += String(repeating: " ", count: spaces)
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
}
