import Testing
@testable import TerminalInput
import DisplayWidth

@Suite struct LineEditorTests {
    /// An editor holding `text` with `cursor` characters before the cursor.
    private func editor(_ text: String, cursor: Int) -> LineEditor {
        var editor = LineEditor(text: text)
        editor.apply(.home)
        for _ in 0..<cursor { editor.apply(.right) }
        return editor
    }

    // MARK: Typing

    @Test func startsWithTheCursorAtTheEnd() {
        #expect(LineEditor().text == "")
        #expect(LineEditor().cursor == 0)
        #expect(LineEditor(text: "日本 news").cursor == 7)
    }

    @Test func controlCharactersInTheInitialTextAreDropped() {
        #expect(LineEditor(text: "a\u{1B}[31mb\u{202E}c\r\n").text == "a[31mbc")
    }

    @Test func typingAppendsGraphemes() {
        var editor = LineEditor()
        for character in "héllo 日本 👍🏽👨‍👩‍👧" {
            let changed = editor.apply(.character(character))
            #expect(changed)
        }
        #expect(editor.text == "héllo 日本 👍🏽👨‍👩‍👧")
        #expect(editor.cursor == 11)
    }

    @Test func insertsAtTheCursor() {
        var editor = editor("ac", cursor: 1)
        let changed = editor.apply(.character("b"))
        #expect(changed)
        #expect(editor.text == "abc")
        #expect(editor.cursor == 2)
        editor.apply(.home)
        editor.apply(.character("日"))
        #expect(editor.text == "日abc")
        #expect(editor.cursor == 1)
    }

    /// The decoder gives one key per grapheme it sees whole; a skin tone or an accent that
    /// arrives in a later read joins the character before the cursor.
    @Test func aScalarThatJoinsThePreviousCharacterAddsNoCharacter() {
        var editor = LineEditor(text: "👍")
        let changed = editor.apply(.character("🏽"))
        #expect(changed)
        #expect(editor.text == "👍🏽")
        #expect(editor.cursor == 1)
        editor = self.editor("ex", cursor: 1)
        editor.apply(.character("\u{301}"))
        #expect(editor.text == "e\u{301}x")
        #expect(editor.cursor == 1)
    }

    @Test(arguments: ["\u{1}", "\u{1B}", "\u{7F}", "\u{9B}", "\r\n", "\u{202E}", "\u{2067}"] as [Character])
    func controlCharactersAreNeverInserted(character: Character) {
        var editor = editor("ab", cursor: 1)
        let changed = editor.apply(.character(character))
        #expect(!changed)
        #expect(editor == self.editor("ab", cursor: 1))
    }

    @Test(arguments: [
        Key.tab, .enter, .escape, .up, .down, .pageUp, .pageDown, .control("c"), .control("x"),
    ])
    func keysThatDoNotEditChangeNothing(key: Key) {
        var editor = editor("abc", cursor: 1)
        let changed = editor.apply(key)
        #expect(!changed)
        #expect(editor == self.editor("abc", cursor: 1))
    }

    // MARK: Deleting

    static let deletions: [(Key, String, Int, String, Int)] = [
        (.backspace, "abc", 0, "abc", 0), (.backspace, "abc", 2, "ac", 1), (.backspace, "abc", 3, "ab", 2),
        (.delete, "abc", 0, "bc", 0), (.delete, "abc", 1, "ac", 1), (.delete, "abc", 3, "abc", 3),
        (.control("u"), "abc def", 0, "abc def", 0), (.control("u"), "abc def", 4, "def", 0),
        (.control("u"), "abc def", 7, "", 0),
        (.control("k"), "abc def", 0, "", 0), (.control("k"), "abc def", 3, "abc", 3),
        (.control("k"), "abc def", 7, "abc def", 7),
        (.control("w"), "foo bar baz", 0, "foo bar baz", 0), (.control("w"), "foo bar baz", 11, "foo bar ", 8),
        (.control("w"), "foo bar baz", 7, "foo  baz", 4), (.control("w"), "foo bar", 5, "foo ar", 4),
        (.control("w"), "foo bar   ", 10, "foo ", 4), (.control("w"), "   ", 3, "", 0),
        (.control("w"), "日本語 ニュース", 8, "日本語 ", 4),
        (.backspace, "日本語", 2, "日語", 1), (.delete, "日本語", 1, "日語", 1),
        (.backspace, "a👍🏽b👨‍👩‍👧", 2, "ab👨‍👩‍👧", 1), (.delete, "a👍🏽b👨‍👩‍👧", 3, "a👍🏽b", 3),
    ]

    @Test(arguments: deletions)
    func deletes(key: Key, text: String, cursor: Int, expectedText: String, expectedCursor: Int) {
        var editor = editor(text, cursor: cursor)
        let changed = editor.apply(key)
        #expect(changed == (expectedText != text))
        #expect(editor.text == expectedText)
        #expect(editor.cursor == expectedCursor)
    }

    @Test func controlWTakesOneWordAtATime() {
        var editor = LineEditor(text: "one two  three ")
        for expected in ["one two  ", "one ", ""] {
            let changed = editor.apply(.control("w"))
            #expect(changed)
            #expect(editor.text == expected)
        }
        let changed = editor.apply(.control("w"))
        #expect(!changed)
    }

    // MARK: Moving

    static let moves: [(Key, Int, Int)] = [
        (.left, 2, 1), (.left, 0, 0), (.control("b"), 2, 1),
        (.right, 2, 3), (.right, 4, 4), (.control("f"), 2, 3),
        (.home, 3, 0), (.control("a"), 3, 0), (.end, 1, 4), (.control("e"), 1, 4),
    ]

    @Test(arguments: moves)
    func movesByCharacterWithoutChangingText(key: Key, from: Int, to: Int) {
        var editor = editor("日👍🏽é!", cursor: from)
        let changed = editor.apply(key)
        #expect(!changed)
        #expect(editor.text == "日👍🏽é!")
        #expect(editor.cursor == to)
    }

    // MARK: Visible part

    @Test func shortTextIsShownWhole() {
        #expect(LineEditor(text: "abc").visible(width: 10) == ("abc", 3))
        #expect(editor("abc", cursor: 1).visible(width: 10) == ("abc", 1))
        #expect(LineEditor().visible(width: 10) == ("", 0))
    }

    /// At the end of the text the cursor needs a column of its own.
    @Test func theCursorAtTheEndTakesAColumn() {
        #expect(LineEditor(text: "abcde").visible(width: 5) == ("bcde", 4))
        #expect(editor("abcde", cursor: 4).visible(width: 5) == ("abcde", 4))
    }

    @Test(arguments: [
        (19, "brown fox", 9), (0, "the quick ", 0), (5, "the quick ", 5), (12, " quick bro", 9), (16, "ck brown f", 9),
    ])
    func longTextScrollsToKeepTheCursorVisible(cursor: Int, text: String, column: Int) {
        #expect(editor("the quick brown fox", cursor: cursor).visible(width: 10) == (text, column))
    }

    @Test(arguments: [(8, 5, "ース", 4), (0, 5, "日本", 0), (3, 5, "語の", 2), (3, 6, "本語の", 4), (0, 1, "", 0)])
    func wideCharactersAreNeverCut(cursor: Int, width: Int, text: String, column: Int) {
        #expect(editor("日本語のニュース", cursor: cursor).visible(width: width) == (text, column))
    }

    @Test func noWidthShowsNothing() {
        #expect(LineEditor(text: "abc").visible(width: 0) == ("", 0))
    }

    /// Whatever the cursor and width: the shown text fits, is the text around the cursor, and
    /// shows the cursor and the character under it.
    @Test(arguments: 1...12)
    func visiblePartAlwaysHoldsTheCursor(width: Int) {
        let characters = Array("a日b😀cé本 d長い")
        for cursor in 0...characters.count {
            let (shown, column) = editor(String(characters), cursor: cursor).visible(width: width)
            let cursorColumns = cursor < characters.count ? DisplayWidth.of(characters[cursor]) : 1
            #expect(DisplayWidth.of(shown) <= width)
            guard cursorColumns <= width else { continue }
            #expect(column + cursorColumns <= width)
            let shownCharacters = Array(shown)
            var beforeCursor = 0
            while beforeCursor < shownCharacters.count,
                  DisplayWidth.of(String(shownCharacters[..<beforeCursor])) < column { beforeCursor += 1 }
            #expect(DisplayWidth.of(String(shownCharacters[..<beforeCursor])) == column)
            #expect(String(characters[..<cursor]).hasSuffix(String(shownCharacters[..<beforeCursor])))
            #expect(String(characters[cursor...]).hasPrefix(String(shownCharacters[beforeCursor...])))
            if cursor < characters.count { #expect(beforeCursor < shownCharacters.count, "cursor \(cursor)") }
        }
    }
}
