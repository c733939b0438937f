// Shared by the targets that read text meant for one line (`// with: Fuzz/Support/OneLine.swift`).
import TextSafety

/// Not empty, no character `SafeText` forbids (a line end included), no white space at the ends.
func checkOneLine(_ text: String, _ what: String) {
    if let scalar = text.unicodeScalars.first(where: SafeText.isUnsafe) {
        fatalError("U+\(String(scalar.value, radix: 16)) in \(what): \(text.debugDescription)")
    }
    if text.isEmpty || text.first!.isWhitespace || text.last!.isWhitespace {
        fatalError("\(what) is empty or has white space at an end: \(text.debugDescription)")
    }
}
