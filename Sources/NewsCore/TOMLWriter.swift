/// TOML as wpnews writes it (`sites.toml`, the credentials file): the one place that writes a
/// key, a string or a table's header, so every file wpnews owns quotes the same way.
struct TOMLWriter {
    /// One part of a key or of a table's name.
    enum Key: ExpressibleByStringLiteral {
        /// wpnews's own key (`url`, `api_root`), written bare: a literal in the code.
        case own(String)
        /// A name someone else chose (a site's name): always a quoted string, so no rule about
        /// which characters may go bare is needed, and any text is a valid key.
        case name(String)

        init(stringLiteral key: String) {
            self = .own(key)
        }

        var text: String {
            switch self {
            case .own(let key): key
            case .name(let name): TOMLWriter.quoted(name)
            }
        }
    }

    private var lines: [String] = []

    /// The document: each line, a line end after the last.
    var text: String { lines.map { $0 + "\n" }.joined() }

    mutating func comment(_ text: String) {
        lines.append("# " + text)
    }

    mutating func blankLine() {
        lines.append("")
    }

    /// `[a."b"]`, after a blank line: the keys set next are the table's.
    mutating func table(_ keys: Key...) {
        lines += ["", "[" + keys.map(\.text).joined(separator: ".") + "]"]
    }

    /// `[[a]]`, after a blank line: one more table in the array `a`.
    mutating func tableInArray(_ keys: Key...) {
        lines += ["", "[[" + keys.map(\.text).joined(separator: ".") + "]]"]
    }

    mutating func set(_ key: Key, _ value: String) {
        lines.append("\(key.text) = \(Self.quoted(value))")
    }

    mutating func set(_ key: Key, _ value: [String]) {
        lines.append("\(key.text) = [" + value.map(Self.quoted).joined(separator: ", ") + "]")
    }

    mutating func set(_ key: Key, _ value: Bool) {
        lines.append("\(key.text) = \(value)")
    }

    /// A TOML basic string: quotes and backslashes escaped, control characters as `\uXXXX`,
    /// everything else (any Unicode) as it is.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension TOMLWriter.Key {
    /// The dotted key a line of TOML starts with, read as TOML reads it (bare keys, "basic"
    /// and 'literal' strings, dots between, spaces around), and what follows it; nil when the
    /// line does not start with one. The reading back of what `text` writes, for the one edit
    /// wpnews makes to a file it does not own (`LegacyConfig`).
    static func path(atStartOf line: Substring) -> (keys: [String], rest: Substring)? {
        var rest = line
        var keys: [String] = []
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let (key, after) = one(atStartOf: rest) else { return nil }
            keys.append(key)
            rest = after.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "." else { return (keys, rest) }
            rest = rest.dropFirst()
        }
    }

    private static func one(atStartOf text: Substring) -> (key: String, rest: Substring)? {
        switch text.first {
        case "'":
            guard let end = text.dropFirst().firstIndex(of: "'") else { return nil }
            return (String(text[text.index(after: text.startIndex)..<end]), text[text.index(after: end)...])
        case "\"":
            return basicString(atStartOf: text.unicodeScalars.dropFirst())
        default:
            let bare = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            return bare.isEmpty ? nil : (String(bare), text[bare.endIndex...])
        }
    }

    /// A basic string's text after its opening quote, escapes decoded, up to its closing quote.
    private static func basicString(atStartOf text: Substring.UnicodeScalarView) -> (key: String, rest: Substring)? {
        var key = String.UnicodeScalarView()
        var index = text.startIndex
        while index < text.endIndex {
            let scalar = text[index]
            index = text.index(after: index)
            switch scalar {
            case "\"":
                return (String(key), Substring(text[index...]))
            case "\\":
                guard index < text.endIndex else { return nil }
                let escape = text[index]
                index = text.index(after: index)
                let simple: [Unicode.Scalar: Unicode.Scalar] = ["b": "\u{08}", "t": "\t", "n": "\n", "f": "\u{0C}", "r": "\r", "\"": "\"", "\\": "\\"]
                if let decoded = simple[escape] {
                    key.append(decoded)
                } else if escape == "u" || escape == "U" {
                    let digits = text[index...].prefix(escape == "u" ? 4 : 8)
                    guard digits.count == (escape == "u" ? 4 : 8), let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16),
                          let decoded = Unicode.Scalar(value) else { return nil }
                    key.append(decoded)
                    index = digits.endIndex
                } else {
                    return nil
                }
            default:
                key.append(scalar)
            }
        }
        return nil
    }
}
