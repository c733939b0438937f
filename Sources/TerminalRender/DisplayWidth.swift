import CUtf8proc

/// How many terminal columns text takes, from utf8proc's Unicode tables.
public enum DisplayWidth {
    public static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
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

    /// The longest prefix of `text` that fits in `columns`, and the rest.
    public static func split(_ text: Substring, fitting columns: Int) -> (head: Substring, tail: Substring) {
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let width = of(text[index])
            if used + width > columns { break }
            used += width
            index = text.index(after: index)
        }
        return (text[..<index], text[index...])
    }
}
