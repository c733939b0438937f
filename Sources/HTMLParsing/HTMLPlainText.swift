import TextSafety

/// Titles, excerpts and names, which WordPress renders as HTML, as plain text safe to print,
/// and the text of articles, which the cache's search index holds.
/// They are read by the parser that reads articles, so the two agree on what is text: the
/// same entities, the same elements dropped with what is inside them (scripts, styles,
/// forms), the same elements that separate words.
public enum HTMLPlainText {
    /// Tags dropped, entities decoded, control characters stripped, and runs of white space
    /// made one space. Text with entities but no tags skips the parser too (`EntityText`), and
    /// so does everyday markup (`MarkupText`): the cache reads every article it stores this
    /// way, for its search index.
    public static func of(_ html: String) -> String {
        // Most titles have neither a tag nor an entity: they need no parser.
        var html = html
        let isMarkup = html.withUTF8 { bytes in
            // A loop over the buffer: `utf8.contains` with a closure cost a feed's titles and
            // excerpts twenty instructions a byte.
            for byte in bytes where byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { return true }
            return false
        }
        guard isMarkup else { return collapseWhitespace(SafeText.sanitize(html)) }
        if let decoded = EntityText.decoded(html) { return collapseWhitespace(SafeText.sanitize(decoded)) }
        return MarkupText.text(html) ?? parsed(html)
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
        // Most text is collapsed already: kept as it is, with no copy made and checked.
        if text.withUTF8(isCollapsed) { return text }
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

    /// Whether `collapseWhitespace` would leave the text as it is: its only white space single
    /// ASCII spaces between other characters.
    private static func isCollapsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var afterSpace = true
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 0x20 {
                if afterSpace { return false }
                afterSpace = true
            } else {
                if byte >= 0x80 ? whitespaceLength(bytes, at: index) > 0 : (0x09...0x0D).contains(byte) { return false }
                afterSpace = false
            }
        }
        return !afterSpace || bytes.isEmpty
    }

    /// How many bytes the white-space character at `index` takes, 0 for any other. Unicode's
    /// White_Space list is short and fixed: tab to carriage return, space, U+0085, U+00A0,
    /// U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F and U+3000.
    static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
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
