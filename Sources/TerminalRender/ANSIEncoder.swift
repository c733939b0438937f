/// The one place that writes escape codes. Without colour it writes the text alone.
public struct ANSIEncoder: Sendable {
    public let colors: Bool

    public init(colors: Bool) {
        self.colors = colors
    }

    public func encode(_ lines: [StyledLine]) -> String {
        var output = ""
        for line in lines {
            for span in line.spans {
                output += encode(span)
            }
            output += "\n"
        }
        return output
    }

    func encode(_ span: Span) -> String {
        guard colors, !span.style.isPlain, !span.text.isEmpty else { return span.text }
        return "\u{1B}[" + Self.parameters(span.style).joined(separator: ";") + "m" + span.text + "\u{1B}[0m"
    }

    static func parameters(_ style: Style) -> [String] {
        var codes: [String] = []
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.italic { codes.append("3") }
        if style.underline { codes.append("4") }
        if let color = style.color { codes.append(String(color.rawValue)) }
        return codes
    }
}
