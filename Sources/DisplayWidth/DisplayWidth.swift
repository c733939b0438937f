import CUtf8proc

/// How many terminal columns text takes, from utf8proc's Unicode tables.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int { of(Substring(text)) }

    /// Concrete, not generic: called from other modules, a generic `of` ran unspecialised,
    /// and the runtime's first lookup of its `UTF8View`'s conformances scanned all of the
    /// binary's.
    public static func of(_ text: Substring) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var width = 0
        for scalar in text.unicodeScalars {
            guard let columns = standalone(scalar.value) else { return text.reduce(0) { $0 + of($1) } }
            width += columns
        }
        return width
    }

    /// A grapheme is as wide as its widest scalar; an emoji presentation selector or a flag
    /// (two regional indicators) makes it two columns wide whatever its base says.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        var widest = 0
        var regionalIndicators = 0
        for scalar in scalars {
            if scalar.value == 0xFE0F { return 2 }
            if (0x1F1E6...0x1F1FF).contains(scalar.value) { regionalIndicators += 1 }
            widest = max(widest, Int(utf8proc_charwidth(Int32(bitPattern: scalar.value))))
        }
        return regionalIndicators >= 2 ? 2 : widest
    }

    /// The width of a scalar that is always a grapheme of its own (Latin, Greek, Cyrillic,
    /// Hebrew and Arabic letters, general punctuation, CJK, Hangul syllables), checked
    /// against utf8proc by the tests; nil for one that may join its
    /// neighbours (combining marks, joiners, emoji, variation selectors ...), whose width
    /// only its grapheme knows.
    package static func standalone(_ scalar: UInt32) -> Int? {
        switch scalar {
        case 0x20...0x7E, 0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x5D0...0x5EA, 0x5EF...0x5F4, 0x606...0x60F,
             0x61B, 0x61D...0x64A, 0x660...0x66F, 0x671...0x6D5, 0x6EE...0x6FF, 0x2010...0x2027, 0x2030...0x205E,
             0x20A0...0x20C0:
            1
        case 0x3000...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7A3, 0xF900...0xFA6D, 0xFA70...0xFAD9, 0xFF01...0xFF60, 0xFFE0...0xFFE6:
            2
        default:
            nil
        }
    }

    /// `text` whole when it fits in `columns`, else as much as fits before a "…" in the last
    /// column: the one way text is cut to a width. Never wider than `columns`.
    public static func truncated(_ text: some StringProtocol, fitting columns: Int) -> String {
        guard of(Substring(text)) > columns else { return String(text) }
        guard columns > 0 else { return "" }
        return String(split(Substring(text), fitting: columns - 1).head) + "…"
    }

    /// The longest prefix of `text` that fits in `columns`, and the rest.
    public static func split(_ text: Substring, fitting columns: Int) -> (head: Substring, tail: Substring) {
        // Printable ASCII is a column a byte: the split is where the columns run out, or
        // where the ASCII does.
        let utf8 = text.utf8
        let asciiEnd = utf8.prefix(max(columns, 0) + 1).prefix { $0 >= 0x20 && $0 < 0x7F }.endIndex
        if utf8.distance(from: utf8.startIndex, to: asciiEnd) > max(columns, 0) || asciiEnd == utf8.endIndex {
            let end = utf8.index(utf8.startIndex, offsetBy: min(max(columns, 0), utf8.count))
            return (text[..<end], text[end...])
        }
        var used = utf8.distance(from: utf8.startIndex, to: asciiEnd)
        // The last ASCII byte may start a grapheme with what follows (`e` + U+0301).
        if used > 0 { used -= 1 }
        var index = utf8.index(utf8.startIndex, offsetBy: used)
        while index < text.endIndex {
            let width = of(text[index])
            if used + width > columns { break }
            used += width
            index = text.index(after: index)
        }
        return (text[..<index], text[index...])
    }
}
