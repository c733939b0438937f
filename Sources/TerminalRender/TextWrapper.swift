import DisplayWidth
import NewsModels

/// Word wrapping of plain strings by display width, with `LineBreaker`'s rules. Nothing
/// comes out wider than `width`.
public enum TextWrapper {
    public static func wrap(_ text: String, width: Int) -> [String] {
        LineBreaker(width: width).lines(for: [Span(text)]).map(\.plainText)
    }

    /// At most `maxLines` lines; when text was cut, the last line ends in an ellipsis.
    public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        var lines = wrap(text, width: width)
        guard lines.count > maxLines, maxLines > 0 else { return lines }
        lines.removeLast(lines.count - maxLines)
        // More text follows the last line kept, so it ends in the ellipsis even when it fits.
        lines[maxLines - 1] = DisplayWidth.truncated(lines[maxLines - 1] + "…", fitting: width)
        return lines
    }
}
