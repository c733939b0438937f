/// Greedy word wrapping by display width. A word longer than a line is broken; nothing
/// comes out wider than `width`.
public enum TextWrapper {
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = word
            var wordWidth = DisplayWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > width {
                let head = DisplayWidth.split(word, fitting: width).head
                // A grapheme wider than the whole line still has to go somewhere.
                let piece = head.isEmpty ? word.prefix(1) : head
                lines.append(String(piece))
                word = word.dropFirst(piece.count)
                wordWidth = DisplayWidth.of(word)
            }
            line = String(word)
            lineWidth = wordWidth
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// At most `maxLines` lines; when text was cut, the last line ends in an ellipsis.
    public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        var lines = wrap(text, width: width)
        guard lines.count > maxLines, maxLines > 0 else { return lines }
        lines.removeLast(lines.count - maxLines)
        let last = Substring(lines[maxLines - 1])
        lines[maxLines - 1] = String(DisplayWidth.split(last, fitting: max(width - 1, 0)).head) + "…"
        return lines
    }
}
