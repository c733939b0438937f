import CLibXML2
import TextSafety

/// Text between wpnews and libxml2.
enum XMLText {
    /// libxml2 checks the document's encoding and hands over UTF-8; decoding repairs anything
    /// it let through all the same.
    static func string(_ text: UnsafePointer<xmlChar>) -> String {
        String(cString: text)
    }

    /// Text from a file, made one line of safe text (`SafeText.oneLine`); as white space in
    /// XML only separates words, runs of spaces are one space too, none at the ends. Nil when
    /// nothing is left.
    static func oneLine(_ text: String) -> String? {
        // Most titles, names and addresses are printable ASCII with single spaces between
        // words: one line already, and checking their bytes is far cheaper than their characters.
        var text = text
        if text.withUTF8(isOneLineOfASCII) { return text }
        // So are most others (accented letters, curly quotes): safe text whose only white
        // space is single ASCII spaces between words. Splitting them into characters, as below,
        // cost a 500-item feed more than its dates.
        let line = SafeText.oneLine(text)
        if isTidyLine(line.unicodeScalars) { return line }
        // A word that starts with a combining mark (after a tab, which no mark joins) takes the
        // space put before it into one white-space character, which another pass would split
        // off: passes go on until one changes nothing, so reading a line back gives the same line.
        var current = line
        while true {
            var next = current.split { $0.isWhitespace }.joined(separator: " ")
            while next.last?.isWhitespace == true { next.removeLast() }
            if next == current { return current.isEmpty ? nil : current }
            current = next
        }
    }

    /// Not empty, no white space but single spaces between words, and after each space a
    /// scalar that starts a character of its own (a combining mark or joiner after a space
    /// makes one white-space character with it, which the passes above treat).
    private static func isTidyLine(_ scalars: String.UnicodeScalarView) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in scalars {
            if scalar == " " {
                guard previous != nil, previous != " " else { return false }
            } else {
                guard !isWhitespace(scalar), previous != " " || !joinsThePreviousScalar(scalar) else { return false }
            }
            previous = scalar
        }
        return previous != nil && previous != " "
    }

    /// Unicode's White_Space, a short list that stays as it is, without a property lookup for
    /// every letter of every title: tab to carriage return, space, U+0085, U+00A0, U+1680,
    /// U+2000-U+200A, U+2028, U+2029, U+202F, U+205F and U+3000.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Marks, joiners and emoji modifiers: scalars that may join the one before into one
    /// character; ASCII never does.
    private static func joinsThePreviousScalar(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return properties.isGraphemeExtend || properties.isEmojiModifier
        }
    }

    /// Printable ASCII, not empty, no space at either end or next to another.
    private static func isOneLineOfASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var afterSpace = true
        for byte in bytes {
            guard byte >= 0x20, byte < 0x7F, !(afterSpace && byte == 0x20) else { return false }
            afterSpace = byte == 0x20
        }
        return !afterSpace
    }

    /// Calls `body` with the text as libxml2 takes it: NUL-terminated UTF-8.
    static func withXMLChars<Result>(_ text: String, _ body: (UnsafePointer<xmlChar>) -> Result) -> Result {
        text.withCString { chars in
            chars.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count + 1, body)
        }
    }

    /// Plain text as HTML that shows it as it is: markup characters escaped, a blank line a
    /// new paragraph, a line end a line break.
    static func html(fromPlain text: String) -> String {
        let escaped = text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
        let paragraphs = escaped.replacing("\r\n", with: "\n").split(separator: "\n\n").map { $0.trimmingWhiteSpace }.filter { !$0.isEmpty }
        guard paragraphs.count > 1 || escaped.contains("\n") else { return escaped }
        return paragraphs.map { "<p>" + $0.replacing("\n", with: "<br>") + "</p>" }.joined()
    }
}
