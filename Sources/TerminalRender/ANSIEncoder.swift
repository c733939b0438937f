import WordPressAPI

/// The one place that writes escape codes: SGR for styles, OSC 8 for hyperlinks. Without
/// colour it writes the text alone.
public struct ANSIEncoder: Sendable {
    public let colors: Bool

    public init(colors: Bool) {
        self.colors = colors
    }

    public func encode(_ lines: [StyledLine]) -> String {
        var output = Output()
        output.bytes.reserveCapacity(lines.count * 96)
        for line in lines {
            encode(line, into: &output)
            output.bytes.append(0x0A)
        }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// Written as bytes: appending to a `String` span by span costs several times more.
    private struct Output {
        var bytes: [UInt8] = []
        /// An article uses a handful of styles: each one's escape code is made once.
        var codes: [(style: Style, code: String)] = []

        mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        mutating func appendCode(for style: Style) {
            if let known = codes.first(where: { $0.style == style }) {
                append(known.code)
            } else {
                let code = ANSIEncoder.code(for: style)
                codes.append((style, code))
                append(code)
            }
        }
    }

    /// A hyperlink opens where its first span starts and closes where its last span ends,
    /// and never stays open past the end of a line, so a pager that cuts lines cannot leak it.
    private func encode(_ line: StyledLine, into output: inout Output) {
        guard colors else {
            for span in line.spans { output.append(span.text) }
            return
        }
        var openLink: String?
        for span in line.spans where !span.text.isEmpty {
            if span.link != openLink {
                if openLink != nil { output.append(Self.closeHyperlink) }
                if let link = span.link {
                    output.append(Self.hyperlink)
                    output.append(Self.safeAddress(link))
                    output.append(Self.stringTerminator)
                }
                openLink = span.link
            }
            if span.style.isPlain {
                output.append(span.text)
            } else {
                output.appendCode(for: span.style)
                output.append(span.text)
                output.append(Self.reset)
            }
        }
        if openLink != nil { output.append(Self.closeHyperlink) }
    }

    static func code(for style: Style) -> String {
        "\u{1B}[" + parameters(style).joined(separator: ";") + "m"
    }

    static let reset = "\u{1B}[0m"

    static func parameters(_ style: Style) -> [String] {
        var codes: [String] = []
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.italic { codes.append("3") }
        if style.underline { codes.append("4") }
        if style.inverse { codes.append("7") }
        if style.strikethrough { codes.append("9") }
        if let color = style.color { codes.append(String(color.rawValue)) }
        return codes
    }

    /// An address is sanitized once more here, unless it is plain printable ASCII, as nearly
    /// all are: a span can be built by anyone, and an ESC or BEL inside an address would end
    /// the sequence early and let the rest drive the terminal.
    static func safeAddress(_ address: String) -> String {
        if address.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return address }
        return PlainText.sanitize(address).filter { $0 != "\n" }
    }

    /// OSC 8 with no parameters; the address follows, then the string terminator.
    static let hyperlink = "\u{1B}]8;;"
    static let stringTerminator = "\u{1B}\\"
    static let closeHyperlink = hyperlink + stringTerminator
}
