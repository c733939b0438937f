import Foundation

/// The JSON every command prints: keys sorted, slashes left alone, dates in ISO 8601 UTC
/// with `Z` (the output contract).
public enum JSONText {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The one document of `--json`, indented for people.
    public static func document(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// One line of JSON Lines (`watch --json`): the same keys and dates, on one line.
    public static func line(_ value: some Encodable) throws -> String {
        let encoder = encoder
        encoder.outputFormatting.remove(.prettyPrinted)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// The stories of `--all --json` as one JSON array written page by page, the same bytes
/// `JSONText.document` makes of the whole array: a big site's archive is never held at once,
/// and each story is written straight into bytes (`PrettyJSON`), which cost a tenth of what
/// `JSONEncoder` did for the same text.
public struct JSONArrayText {
    private var written = 0

    public init() {}

    /// The text that adds `stories` to the array: empty when there are none.
    public mutating func adding(_ stories: [StoryJSON]) -> String {
        var json = PrettyJSON()
        for story in stories {
            json.append(written == 0 ? "[\n  " : ",\n  ")
            story.write(to: &json, indent: 1)
            written += 1
        }
        return json.text
    }

    /// The text that closes the array, and the line.
    public var end: String {
        written == 0 ? "[\n\n]\n" : "\n]\n"
    }
}

/// JSON written as `JSONText`'s encoder writes it (indented two spaces a level, `" : "`
/// between a key and its value, `/` left alone, the same escapes), for the values written
/// in bulk. Keys are the caller's to write in sorted order.
struct PrettyJSON {
    private var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(64 * 1024)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ ascii: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: ascii.utf8Start, count: ascii.utf8CodeUnitCount))
    }

    /// A member's key at `indent` levels, after the previous member's comma when it is not the first.
    mutating func key(_ name: StaticString, indent: Int, first: Bool = false) {
        append(first ? "\n" : ",\n")
        self.indent(indent)
        append("\"")
        append(name)
        append("\" : ")
    }

    mutating func indent(_ levels: Int) {
        for _ in 0..<levels { append("  ") }
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case UInt8(ascii: "\n"): append("\\n")
        case UInt8(ascii: "\r"): append("\\r")
        case UInt8(ascii: "\t"): append("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            append("\\u00")
            bytes.append(hex.utf8Start[Int(byte >> 4)])
            bytes.append(hex.utf8Start[Int(byte & 0xF)])
        }
    }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { append("null") }
    }

    mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        append(value ? "true" : "false")
    }

    /// An array of strings whose key sits at `indent` levels; empty, it keeps its blank line.
    mutating func strings(_ values: [String], indent: Int) {
        append("[\n")
        for (index, value) in values.enumerated() {
            if index > 0 { append(",\n") }
            self.indent(indent + 1)
            string(value)
        }
        append("\n")
        self.indent(indent)
        append("]")
    }
}
