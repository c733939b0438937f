import DisplayWidth
import NewsModels
import TerminalRender
import TextSafety

/// A row of an article's links: its number, the words that link there, and the address as a
/// person reads it. Following the row opens the address as written.
enum LinkLabel {
    static func of(_ address: String, number: Int, in lines: [StyledLine]) -> String {
        let text = linkedText(address, in: lines)
        return "[\(number)] " + (text.isEmpty ? "" : text + " · ") + readable(address)
    }

    /// The words that link to the address where it first appears (over as many lines as
    /// they wrap to), without the number the text gives it.
    static func linkedText(_ address: String, in lines: [StyledLine]) -> String {
        var parts: [String] = []
        for line in lines {
            let linked = line.spans.filter { $0.link == address && number(inMark: $0.text) == nil }
            if linked.isEmpty {
                if !parts.isEmpty { break }
                continue
            }
            parts.append(linked.map(\.text).joined())
        }
        return parts.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The number of a link's number mark (`[3]`, as the text numbers its links); nil for other
    /// text. Spaces around the mark are no part of it: link words that end in one
    /// (`<a>page </a>next`) leave it after the number, in the mark's run.
    static func number(inMark text: String) -> Int? {
        let words = text.split(separator: " ")
        guard words.count == 1, let mark = words.first, mark.hasPrefix("["), mark.hasSuffix("]"),
              mark.dropFirst().dropLast().allSatisfy(\.isASCII) else { return nil }
        return Int(mark.dropFirst().dropLast())
    }

    /// The link numbers a line shows (`[3]`, wherever on it), with the columns each takes.
    static func marks(in text: String) -> [(number: Int, columns: Range<Int>)] {
        var marks: [(number: Int, columns: Range<Int>)] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "[") {
            let digits = text[text.index(after: open)...].prefix { $0.isASCII && $0.isNumber }
            rest = text[digits.endIndex...]
            // Numbers start at 1, as typed ones do.
            guard rest.first == "]", digits.first != "0", let number = Int(digits) else { continue }
            let start = DisplayWidth.of(String(text[..<open]))
            marks.append((number, start..<start + digits.count + 2))
        }
        return marks
    }

    /// Percent-encoded letters beyond ASCII (`caf%C3%A9`) decoded; escapes of ASCII
    /// (`%20`, `%2F`) kept, since they change what the address means, and so is anything
    /// that would decode to text unsafe for a terminal (a bidi override).
    static func readable(_ address: String) -> String {
        let bytes = Array(address.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            var encoded: [UInt8] = []
            var end = index
            while end + 2 < bytes.count, bytes[end] == UInt8(ascii: "%"), let byte = hexByte(bytes[end + 1], bytes[end + 2]), byte >= 0x80 {
                encoded.append(byte)
                end += 3
            }
            if encoded.isEmpty {
                result.append(bytes[index])
                index += 1
                continue
            }
            if let decoded = String(validating: encoded, as: UTF8.self), !decoded.unicodeScalars.contains(where: SafeText.isUnsafe) {
                result += decoded.utf8
            } else {
                result += bytes[index..<end]
            }
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let high = hexValue(high), let low = hexValue(low) else { return nil }
        return high << 4 | low
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
