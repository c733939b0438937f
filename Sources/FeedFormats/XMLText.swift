import CLibXML2
import TextSafety

/// Text between wpnews and libxml2.
enum XMLText {
    /// libxml2 checks the document's encoding and hands over UTF-8; decoding repairs anything
    /// it let through all the same.
    static func string(_ text: UnsafePointer<xmlChar>) -> String {
        String(decoding: UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))), as: UTF8.self)
    }

    /// Text from a file, made one line of safe text: control and bidi characters out, runs
    /// of white space (line ends included) one space, none at the ends; nil when nothing is left.
    static func oneLine(_ text: String) -> String? {
        var line = SafeText.sanitize(text).split { $0.isWhitespace }.joined(separator: " ")
        // A word that starts with a combining mark (after a tab, which no mark joins) takes the
        // space put before it into one character that is white space: it is not a word.
        while line.last?.isWhitespace == true { line.removeLast() }
        while line.first?.isWhitespace == true { line.removeFirst() }
        return line.isEmpty ? nil : line
    }

    /// Calls `body` with the text as libxml2 takes it: NUL-terminated UTF-8.
    static func withXMLChars<Result>(_ text: String, _ body: (UnsafePointer<xmlChar>) -> Result) -> Result {
        text.withCString { chars in
            chars.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count + 1, body)
        }
    }
}
