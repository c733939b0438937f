import NewsModels

/// Box-drawing and block characters (U+2500 to U+259F) as the ASCII a braille display and a
/// screen reader can say: rules, borders and bars from the layout, and any a server's text
/// carries, since the accessible frame must hold none of them. Each is one column wide, as
/// its stand-in is, so nothing after it moves.
public enum PlainGlyphs {
    /// The range taken out.
    public static let drawing: ClosedRange<Unicode.Scalar> = "\u{2500}"..."\u{259F}"

    /// `line` with every character of `drawing` replaced; the same line when it has none.
    public static func of(_ line: StyledLine) -> StyledLine {
        guard line.spans.contains(where: { hasDrawing($0.text) }) else { return line }
        return StyledLine(line.spans.map { span in
            guard hasDrawing(span.text) else { return span }
            var plain = span
            plain.text = String(String.UnicodeScalarView(span.text.unicodeScalars.map(stand)))
            return plain
        })
    }

    /// Whether `text` has a character of `drawing`: all of them start with the UTF-8 bytes
    /// E2 94 to E2 96, so the bytes are read, not the scalars.
    static func hasDrawing(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == 0xE2 && (0x94...0x96).contains(byte) { return true }
            previous = byte
        }
        return false
    }

    /// A scalar's stand-in: a line as "-", "=" (double) or "|", a corner or crossing as "+",
    /// a diagonal as itself in ASCII, a light shade as ".", any other block as "#".
    static func stand(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard drawing.contains(scalar) else { return scalar }
        switch scalar.value {
        case 0x2550: return "="
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E: return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F: return "|"
        case 0x2571: return "/"
        case 0x2572: return "\\"
        case 0x2573: return "X"
        case 0x2591: return "."
        case 0x2580...0x259F: return "#"
        default: return "+"
        }
    }
}
