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
