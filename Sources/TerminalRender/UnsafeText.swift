/// What `PlainText.sanitize` removes, found in UTF-8 without decoding it: clean text, nearly
/// all of it, is then never rebuilt.
enum UnsafeText {
    /// Whether the text holds C0 controls other than tab and line end, DEL, C1 controls, or
    /// bidi overrides and isolates.
    static func containsControls(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.indices.contains { index in
            let byte = text[index]
            return byte < 0x20 && byte != 0x0A && byte != 0x09 || byte == 0x7F || byte >= 0xC2 && isUnsafe(text, at: index)
        }
    }

    /// A C1 control (U+0080 to U+009F) or a bidi override or isolate (U+202A to U+202E,
    /// U+2066 to U+2069) starting at `index`.
    static func isUnsafe(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        switch text[index] {
        case 0xC2:
            return index + 1 < text.count && (0x80...0x9F).contains(text[index + 1])
        case 0xE2 where index + 2 < text.count:
            let second = text[index + 1], third = text[index + 2]
            return second == 0x80 && (0xAA...0xAE).contains(third) || second == 0x81 && (0xA6...0xA9).contains(third)
        default:
            return false
        }
    }
}
