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

/// One JSON array made element by element, the same text `JSONText.document` makes of the
/// whole array: `--all --json` of a big site never holds the archive at once.
public struct JSONArrayText {
    private let encoder = JSONText.encoder
    private var written = 0

    public init() {}

    /// The text that adds `values` to the array: empty when there are none.
    public mutating func adding(_ values: [some Encodable]) throws -> String {
        var text = ""
        for value in values {
            // An element of a pretty array sits two spaces in; blank lines stay blank.
            let element = String(decoding: try encoder.encode(value), as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
            text += (written == 0 ? "[\n" : ",\n") + element
            written += 1
        }
        return text
    }

    /// The text that closes the array, and the line.
    public var end: String {
        written == 0 ? "[\n\n]\n" : "\n]\n"
    }
}
