import WordPressAPI

/// The text of a `pre` block, made safe to print and otherwise kept as written.
enum PreformattedText {
    /// Code is indented with tabs for an editor's tab width, not a terminal's 8 columns.
    static let tabWidth = 4

    /// Tabs expanded, control characters stripped, the line end that follows `<pre>` (which
    /// libxml2 keeps, unlike browsers) and the white space at the end dropped.
    static func normalize(_ utf8: [UInt8]) -> String {
        var text = String(decoding: utf8, as: UTF8.self)
        if text.utf8.contains(0x09) { text = expandTabs(text) }
        // `sanitize` rebuilds any text with a line end in it, and code is all line ends.
        if utf8.withUnsafeBufferPointer(UnsafeText.containsControls) { text = PlainText.sanitize(text) }
        let bytes = text.utf8
        let start = bytes.first == 0x0A ? bytes.index(after: bytes.startIndex) : bytes.startIndex
        guard let last = bytes[start...].lastIndex(where: { $0 != 0x20 && $0 != 0x0A }) else { return "" }
        return String(text[start...last])
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
