import TextSafety

/// Titles, excerpts and names, which WordPress renders as HTML, as plain text safe to print.
/// They are read by the parser that reads articles, so the two agree on what is text: the
/// same entities, the same elements dropped with what is inside them (scripts, styles,
/// forms), the same elements that separate words.
public enum HTMLPlainText {
    /// Tags dropped, entities decoded, control characters stripped, and runs of white space
    /// made one space. Text with entities but no tags skips the parser too (`EntityText`), and
    /// so does such text in one paragraph, the shape of WordPress's excerpts.
    public static func of(_ html: String) -> String {
        // Most titles have neither a tag nor an entity: they need no parser.
        let isMarkup = html.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
        guard isMarkup else { return collapseWhitespace(SafeText.sanitize(html)) }
        if let decoded = EntityText.decoded(paragraphText(html).map(String.init) ?? html) {
            return collapseWhitespace(SafeText.sanitize(decoded))
        }
        return parsed(html)
    }

    /// What is inside `<p>…</p>` when that is the whole fragment (white space may follow, as
    /// WordPress ends an excerpt with a line break). A paragraph only separates words, and
    /// white space at the ends is dropped anyway, so its text reads the same without it.
    static func paragraphText(_ html: String) -> Substring? {
        let utf8 = html.utf8
        let end = utf8.lastIndex { !(UInt8(ascii: " ") == $0 || (0x09...0x0D).contains($0)) }.map { utf8.index(after: $0) } ?? utf8.startIndex
        let fragment = utf8[..<end]
        guard fragment.count >= 7, fragment.starts(with: "<p>".utf8), fragment.suffix(4).elementsEqual("</p>".utf8) else { return nil }
        return html[utf8.index(fragment.startIndex, offsetBy: 3)..<utf8.index(end, offsetBy: -4)]
    }

    /// Through libxml2's HTML parser: the way for text with tags, and what `EntityText` must
    /// agree with.
    static func parsed(_ html: String) -> String {
        var collector = TextCollector()
        HTMLDocument.visit(html, with: &collector)
        return collapseWhitespace(SafeText.sanitize(collector.collected))
    }

    /// Runs of white space (Unicode's White_Space) as one space, none at the ends. It reads
    /// UTF-8 bytes: scalar by scalar, with Unicode's property looked up for each, it took two
    /// thirds of the time titles cost in a cold `latest --all`.
    static func collapseWhitespace(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var spaceDue = false
            var index = 0
            while index < bytes.count {
                let spaceLength = whitespaceLength(bytes, at: index)
                if spaceLength > 0 {
                    spaceDue = !result.isEmpty
                    index += spaceLength
                    continue
                }
                if spaceDue { result.append(0x20) }
                spaceDue = false
                result.append(bytes[index])
                index += 1
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// How many bytes the white-space character at `index` takes, 0 for any other. Unicode's
    /// White_Space list is short and fixed: tab to carriage return, space, U+0085, U+00A0,
    /// U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F and U+3000.
    private static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return lead == 0x20 || (0x09...0x0D).contains(lead) ? 1 : 0 }
        guard lead == 0xC2 || lead == 0xE1 || lead == 0xE2 || lead == 0xE3 else { return 0 }
        let second = index + 1 < bytes.count ? bytes[index + 1] : 0
        if lead == 0xC2 { return second == 0x85 || second == 0xA0 ? 2 : 0 }
        let third = index + 2 < bytes.count ? bytes[index + 2] : 0
        switch (lead, second) {
        case (0xE1, 0x9A): return third == 0x80 ? 3 : 0
        case (0xE2, 0x80): return (0x80...0x8A).contains(third) || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : 0
        case (0xE2, 0x81): return third == 0x9F ? 3 : 0
        case (0xE3, 0x80): return third == 0x80 ? 3 : 0
        default: return 0
        }
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
