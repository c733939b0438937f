import DisplayWidth
import TextSafety

/// The text and cursor of a one-line field, edited with readline's keys: Left/Right and
/// Ctrl-B/Ctrl-F move by one character, Home/End and Ctrl-A/Ctrl-E to the ends, Backspace and
/// Delete remove one character, Ctrl-U cuts to the start, Ctrl-K to the end, Ctrl-W the word
/// before the cursor. A character is a grapheme: an emoji with a skin tone is one.
public struct LineEditor: Sendable, Hashable {
    public private(set) var text: String
    /// How many characters are before the cursor: 0 at the start, `text.count` at the end. A
    /// count, unlike a `String.Index`, stays meaningful across edits and prints readably.
    public private(set) var cursor: Int

    /// The cursor starts at the end, where typing continues the text.
    public init(text: String = "") {
        self.text = text.filter(Self.isInsertable)
        cursor = self.text.count
    }

    /// True when the text changed, so the caller knows to search again; keys that only move
    /// the cursor, and keys with nothing to do (Backspace at the start), return false.
    @discardableResult
    public mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character): return insert(character)
        case .backspace: return remove(cursor - 1..<cursor)
        case .delete: return remove(cursor..<cursor + 1)
        case .control("u"): return remove(0..<cursor)
        case .control("k"): return remove(cursor..<text.count)
        case .control("w"): return remove(wordStart..<cursor)
        case .left, .control("b"): cursor = max(cursor - 1, 0)
        case .right, .control("f"): cursor = min(cursor + 1, text.count)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        default: break
        }
        return false
    }

    /// The part of the text to draw in a field `width` columns wide, and the cursor's column in
    /// it. It scrolls just far enough for the cursor to fit at the right edge, so while typing
    /// at the end the field shows the text's tail. The view is computed from the text and the
    /// cursor alone, so the caller keeps no scroll state. At the end of the text the cursor
    /// takes a column of its own; a wide character that does not fit whole is left out.
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        let cursorIndex = index(cursor)
        let cursorColumns = cursorIndex < text.endIndex ? max(DisplayWidth.of(text[cursorIndex]), 1) : 1
        var start = cursorIndex
        var column = 0
        while start > text.startIndex {
            let previous = text.index(before: start)
            let columns = DisplayWidth.of(text[previous])
            guard column + columns + cursorColumns <= width else { break }
            column += columns
            start = previous
        }
        return (String(DisplayWidth.split(text[start...], fitting: width).head), column)
    }

    /// Whatever could drive or reorder the terminal the field is drawn on (`SafeText`),
    /// line ends and tabs among it, is never typed into the field.
    private static func isInsertable(_ character: Character) -> Bool {
        !character.unicodeScalars.contains(where: SafeText.isUnsafe)
    }

    private mutating func insert(_ character: Character) -> Bool {
        guard Self.isInsertable(character) else { return false }
        let split = index(cursor)
        var head = String(text[..<split])
        head.append(character)
        text = head + text[split...]
        // Counted after the insertion: a scalar that joins the character before it (a skin
        // tone, a combining accent typed on its own) adds no character.
        cursor = min(head.count, text.count)
        return true
    }

    /// Removes the characters at `offsets`, clamped to the text, and leaves the cursor there.
    private mutating func remove(_ offsets: Range<Int>) -> Bool {
        let lower = max(offsets.lowerBound, 0)
        let upper = min(offsets.upperBound, text.count)
        guard lower < upper else { return false }
        text.removeSubrange(index(lower)..<index(upper))
        // The characters either side can join into one (two regional indicators: a flag).
        cursor = min(lower, text.count)
        return true
    }

    /// Where Ctrl-W's cut starts, as readline's unix-word-rubout: back over the spaces before
    /// the cursor, then over the word before them.
    private var wordStart: Int {
        let before = text[..<index(cursor)]
        let spaces = before.reversed().prefix(while: \.isWhitespace).count
        let word = before.dropLast(spaces).reversed().prefix { !$0.isWhitespace }.count
        return cursor - spaces - word
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset)
    }
}
