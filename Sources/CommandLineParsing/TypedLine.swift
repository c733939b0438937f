/// A command line as typed up to the cursor, split into words as a POSIX shell splits it:
/// blanks between words, `'...'` kept as written, `"..."` and a backslash escaping the next
/// character. Bash's own words (`COMP_WORDS`) are split at `=` and `:` too, so its script
/// sends the line and it is split here.
public struct TypedLine: Sendable {
    /// The words without their quotes; the last is the one being typed (empty after a blank).
    public private(set) var words: [String] = []
    /// Where in the last word the characters typed bare (neither quoted nor escaped) are: only
    /// those can be the shell's word breaks; a quoted `=` is text.
    private var bareInLastWord: [Int] = []

    public init(_ line: String) {
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        var bare: [Int] = []
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\", quote != "'" {
                (escaped, inWord) = (true, true)
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                (quote, inWord) = (character, true)
            } else if character == " " || character == "\t" || character == "\n" {
                if inWord { words.append(word) }
                (word, inWord, bare) = ("", false, [])
            } else {
                bare.append(word.count)
                word.append(character)
                inWord = true
            }
        }
        words.append(word)
        bareInLastWord = bare
    }

    /// The start of the word being typed that the shell keeps when it puts a candidate in:
    /// bash replaces only what follows the last of its word breaks (`COMP_WORDBREAKS`), so
    /// `--site=` of `--site=ca` and `https:` of `https://ne` stay, and of `--site="ca` too. A
    /// break quoted or escaped is text, and breaks nothing.
    public func keptByShell(breaks: String) -> Substring {
        let typing = Array(words.last ?? "")
        guard let last = bareInLastWord.last(where: { breaks.contains(typing[$0]) && !typing[$0].isWhitespace }) else { return "" }
        let text = words.last ?? ""
        return text[...text.index(text.startIndex, offsetBy: last)]
    }
}
