import TextSafety

/// Turns the HTML that WordPress renders into titles and excerpts into plain text that is
/// safe to print: tags dropped, entities decoded, then control characters stripped.
///
/// It scans Unicode scalars, not Characters: every title and excerpt of every list goes
/// through here, and grapheme breaking made it most of the time spent decoding a list.
public enum PlainText {
    /// Plain text from a rendered HTML fragment; runs of white space become one space.
    public static func fromHTML(_ html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        while let next = rest.unicodeScalars.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            text += rest[..<next]
            rest = rest[next...]
            if rest.unicodeScalars.first == "<" {
                if let (afterTag, breaksWords) = skipTag(rest) {
                    rest = afterTag
                    // `<em>Hamlet</em>, reviewed` keeps its comma; `<p>one</p><p>two</p>` its space.
                    if breaksWords { text += " " }
                } else {
                    text += "<"
                    rest = rest.dropFirst()
                }
            } else {
                let (decoded, after) = decodeEntity(rest)
                text += decoded
                rest = after
            }
        }
        text += rest
        return collapseWhitespace(SafeText.sanitize(text))
    }

    /// What follows the tag or comment at the start of `text`, and whether it separates words
    /// (a block element or a line break); nil when that `<` opens no tag.
    private static func skipTag(_ text: Substring) -> (rest: Substring, breaksWords: Bool)? {
        if text.hasPrefix("<!--") {
            guard let end = text.firstRange(of: "-->") else { return ("", true) }
            return (text[end.upperBound...], true)
        }
        let scalars = text.unicodeScalars
        guard let second = scalars.dropFirst().first,
              second.properties.isAlphabetic || second == "/" || second == "!" || second == "?" else { return nil }
        let name = String(String.UnicodeScalarView(scalars.dropFirst().drop { $0 == "/" }.prefix {
            $0.properties.isAlphabetic || ("0"..."9").contains($0)
        })).lowercased()
        // A `>` inside a quoted attribute value does not end the tag.
        var quote: Unicode.Scalar?
        for index in scalars.indices.dropFirst() {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return (text[scalars.index(after: index)...], !inlineElements.contains(name))
            }
        }
        return ("", true)
    }

    /// Elements that sit inside a line of text: dropping them must not add a space.
    private static let inlineElements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins", "kbd",
        "mark", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "u", "var",
    ]

    /// Decodes one `&...;` reference at the start of `text`; an unknown one stays as written.
    static func decodeEntity(_ text: Substring) -> (String, Substring) {
        let unknown = ("&", text[text.unicodeScalars.index(after: text.startIndex)...])
        let body = text.unicodeScalars.dropFirst().prefix(32)
        guard let semicolon = body.firstIndex(of: ";") else { return unknown }
        let name = Substring(body[..<semicolon])
        let after = text[text.unicodeScalars.index(after: semicolon)...]
        var scalar: Unicode.Scalar?
        if name.first == "#" {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16)
                : UInt32(digits, radix: 10)
            scalar = value.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
        } else if let value = NamedEntities.codePoints[String(name)] {
            scalar = Unicode.Scalar(value)
        }
        guard let scalar else { return unknown }
        return (String(Character(scalar)), after)
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
