/// A command line as typed up to the cursor, split into words as a POSIX shell splits it:
/// blanks between words, `'...'` kept as written, `"..."` and a backslash escaping the next
/// character. Bash's own words (`COMP_WORDS`) are split at `=` and `:` too, so its script
/// sends the line and it is split here.
public struct TypedLine: Sendable {
    /// The words without their quotes; the last is the one being typed (empty after a blank).
    public private(set) var words: [String] = []
    /// Whether a character of the last word came quoted or escaped: the shell's word breaks
    /// in it are then its text, not breaks.
    private var lastWordQuoted = false

    public init(_ line: String) {
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        var quoted = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\", quote != "'" {
                (escaped, inWord, quoted) = (true, true, true)
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                (quote, inWord, quoted) = (character, true, true)
            } else if character == " " || character == "\t" || character == "\n" {
                if inWord { words.append(word) }
                (word, inWord, quoted) = ("", false, false)
            } else {
                word.append(character)
                inWord = true
            }
        }
        words.append(word)
        lastWordQuoted = quoted
    }

    /// The start of the word being typed that the shell keeps when it puts a candidate in:
    /// bash replaces only what follows the last of its word breaks (`COMP_WORDBREAKS`), so
    /// `--site=` of `--site=ca` and `https:` of `https://ne` stay. Nothing of a quoted word,
    /// whose breaks are text.
    public func keptByShell(breaks: String) -> Substring {
        let typing = words.last ?? ""
        guard !lastWordQuoted, let last = typing.lastIndex(where: { breaks.contains($0) && !$0.isWhitespace }) else { return "" }
        return typing[...last]
    }
}
