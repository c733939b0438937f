import TextSafety

/// Titles, excerpts and names, which WordPress renders as HTML, as plain text safe to print.
/// They are read by the parser that reads articles, so the two agree on what is text: the
/// same entities, the same elements dropped with what is inside them (scripts, styles,
/// forms), the same elements that separate words.
public enum HTMLPlainText {
    /// Tags dropped, entities decoded, control characters stripped, and runs of white space
    /// made one space.
    public static func of(_ html: String) -> String {
        // Most titles have neither a tag nor an entity: they need no parser.
        let isMarkup = html.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
        guard isMarkup else { return collapseWhitespace(SafeText.sanitize(html)) }
        var collector = TextCollector()
        HTMLDocument.visit(html, with: &collector)
        return collapseWhitespace(SafeText.sanitize(collector.collected))
    }

    private static func collapseWhitespace(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var spaceDue = false
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 ? scalar == " " || ("\t"..."\r").contains(scalar) : scalar.properties.isWhitespace {
                spaceDue = !result.isEmpty
            } else {
                if spaceDue { result.append(" ") }
                spaceDue = false
                result.append(scalar)
            }
        }
        return String(result)
    }
}

/// The text of a fragment, with a space where an element separates words: `<em>Hamlet</em>,
/// reviewed` keeps its comma, `<p>one</p><p>two</p>` gets its space.
private struct TextCollector: HTMLVisitor {
    var collected = ""
    /// Whether each open element separates words, the innermost last.
    private var separating: [Bool] = []

    mutating func open(_ element: HTMLElement) -> Bool {
        guard !element.tag.isDropped else { return false }
        let separates = element.tag.separatesWords
        if separates { collected += " " }
        separating.append(separates)
        return true
    }

    mutating func close() {
        if separating.popLast() == true { collected += " " }
    }

    mutating func text(_ utf8: UnsafeBufferPointer<UInt8>) {
        collected += String(decoding: utf8, as: UTF8.self)
    }
}
