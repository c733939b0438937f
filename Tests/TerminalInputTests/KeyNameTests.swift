import Testing
@testable import TerminalInput

@Suite struct KeyNameTests {
    /// Every key but characters, each with the name the help shows for it.
    static let canonicalNames: [(Key, String)] = [
        (.enter, "enter"), (.character(" "), "space"), (.tab, "tab"), (.backTab, "shift-tab"),
        (.backspace, "backspace"), (.delete, "delete"), (.escape, "esc"),
        (.up, "up"), (.down, "down"), (.left, "left"), (.right, "right"), (.home, "home"), (.end, "end"),
        (.pageUp, "pgup"), (.pageDown, "pgdn"), (.control("n"), "ctrl-n"), (.wheelUp, "wheel-up"), (.wheelDown, "wheel-down"),
    ]

    @Test(arguments: canonicalNames)
    func aKeyIsShownByItsCanonicalName(key: Key, name: String) {
        #expect(key.name == name)
        #expect(Key(name: name) == key)
    }

    @Test(arguments: ["j", "U", "u", "?", "/", "-", "G", "1", "é", "日", "👍🏽", "e\u{301}"])
    func aCharacterIsItsOwnName(name: String) {
        #expect(Key(name: name) == .character(Character(name)))
        #expect(Key.character(Character(name)).name == name)
    }

    @Test func aCharacterKeepsItsCase() {
        #expect(Key(name: "U") != Key(name: "u"))
        #expect(Key(name: "G") == .character("G"))
    }

    @Test(arguments: [
        ("ESCAPE", Key.escape), ("Esc", .escape), ("escape", .escape), ("PageUp", .pageUp), ("pageup", .pageUp),
        ("PGUP", .pageUp), ("pagedown", .pageDown), ("PgDn", .pageDown), ("Enter", .enter), ("SPACE", .character(" ")),
        ("Shift-Tab", .backTab), ("Wheel-Down", .wheelDown), ("Ctrl-N", .control("n")), ("CTRL-z", .control("z")),
        ("ctrl-A", .control("a")),
    ])
    func longerNamesIgnoreCaseAndHaveAliases(name: String, key: Key) {
        #expect(Key(name: name) == key)
    }

    /// Every key the decoder gives for a control byte has a name that reads back as that key.
    @Test func everyControlKeyTheDecoderGivesRoundTrips() {
        for byte in UInt8(0x01)...0x1A {
            var decoder = KeyDecoder()
            for key in decoder.feed([byte]) {
                #expect(Key(name: key.name) == key, "byte \(byte)")
            }
        }
    }

    @Test(arguments: ["ctrl-h", "ctrl-i", "CTRL-J", "ctrl-M"])
    func controlLettersTheTerminalSendsAsOtherKeysAreNoNames(name: String) {
        #expect(Key(name: name) == nil)
    }

    @Test(arguments: [
        "", "jj", "f1", "ctrl-", "ctrl-ab", "ctrl-1", "ctrl-é", "ctrl--", "shift+tab", "page up", " enter", "enter ",
        "\t", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{202E}",
    ])
    func otherNamesAreNoKey(name: String) {
        #expect(Key(name: name) == nil)
    }
}
