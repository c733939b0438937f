import Testing
@testable import TerminalInput

@Suite struct KeyDecoderTests {
    /// The keys one `feed` of `input` gives a fresh decoder.
    private func keys(_ input: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(input.utf8))
    }

    private func characters(_ text: String) -> [Key] {
        text.map(Key.character)
    }

    // MARK: Text

    @Test func asciiIsCharacters() {
        #expect(keys("hello, world!") == characters("hello, world!"))
    }

    @Test func cjkAndEmojiAreCharacters() {
        #expect(keys("日本語 😀") == characters("日本語 😀"))
    }

    @Test(arguments: ["👍🏽", "👨‍👩‍👧", "🇯🇵", "e\u{301}", "❤️"])
    func aGraphemeOfSeveralScalarsIsOneCharacter(text: String) {
        #expect(keys(text) == [.character(Character(text))])
    }

    /// A read can end anywhere in a character: nothing comes out until the rest arrives.
    @Test(arguments: ["é", "日", "😀"])
    func utf8SplitAtEveryByte(text: String) {
        let bytes = Array(text.utf8)
        for split in 1..<bytes.count {
            var decoder = KeyDecoder()
            #expect(decoder.feed(bytes[..<split]) == [], "split at \(split)")
            #expect(decoder.feed(bytes[split...]) == characters(text), "split at \(split)")
        }
    }

    @Test func textFedOneByteAtATime() {
        var decoder = KeyDecoder()
        let keys = Array("a日😀b".utf8).flatMap { decoder.feed([$0]) }
        #expect(keys == characters("a日😀b"))
    }

    /// Each maximal invalid subpart is one U+FFFD, the same as the standard library's decoding.
    @Test(arguments: [
        [0xFF], [0x80], [0xC0, 0xAF], [0xE6, 0x41], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF0, 0x9F, 0x98, 0x41], [0x61, 0xFE, 0x62], [0xE6, 0x97, 0xE6, 0x97, 0xA5],
    ] as [[UInt8]])
    func invalidUTF8BecomesReplacementCharacters(bytes: [UInt8]) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes) == characters(String(decoding: bytes, as: UTF8.self)))
        #expect(decoder.flush() == [])
    }

    @Test func anUnfinishedCharacterIsReplacedOnFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xE6, 0x97]) == [])
        #expect(decoder.flush() == [.character("\u{FFFD}")])
        #expect(decoder.feed(Array("a".utf8)) == [.character("a")])
    }

    // MARK: Control keys

    @Test func enterBackspaceAndTab() {
        #expect(keys("\r") == [.enter])
        #expect(keys("\n") == [.enter])
        #expect(keys("\u{7F}") == [.backspace])
        #expect(keys("\u{8}") == [.backspace])
        #expect(keys("\t") == [.tab])
    }

    @Test func controlLettersNotSharedWithNamedKeys() {
        for byte in UInt8(0x01)...0x1A where ![0x08, 0x09, 0x0A, 0x0D].contains(byte) {
            let letter = Character(Unicode.Scalar(byte + 0x60))
            var decoder = KeyDecoder()
            #expect(decoder.feed([byte]) == [.control(letter)], "byte \(byte)")
        }
        #expect(keys("\u{3}\u{15}\u{17}\u{E}\u{10}") == [.control("c"), .control("u"), .control("w"), .control("n"), .control("p")])
    }

    @Test func controlBytesWithoutAKeyAreDropped() {
        #expect(keys("a\u{0}\u{1C}\u{1D}\u{1E}\u{1F}b") == characters("ab"))
    }

    @Test func keysAndTextKeepTheirOrder() {
        #expect(keys("ab\u{1B}[Dc\r") == [.character("a"), .character("b"), .left, .character("c"), .enter])
    }

    // MARK: Escape sequences

    static let sequences: [(String, Key)] = [
        ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}[1;5C", .right), ("\u{1B}[1;2A", .up), ("\u{1B}[1;3D", .left), ("\u{1B}[3;5~", .delete),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}OH", .home), ("\u{1B}OF", .end), ("\u{1B}O5C", .right),
        ("\u{1B}[Z", .backTab),
        // The wheel, SGR: 64 up, 65 down, alone or with Shift (4), Alt (8) or Ctrl (16), pressed or released.
        ("\u{1B}[<64;10;5M", .wheelUp), ("\u{1B}[<65;1;1M", .wheelDown), ("\u{1B}[<64;200;50m", .wheelUp),
        ("\u{1B}[<69;3;4M", .wheelDown), ("\u{1B}[<72;3;4M", .wheelUp), ("\u{1B}[<81;3;4M", .wheelDown),
        ("\u{1B}[<92;3;4M", .wheelUp),
        // The wheel, X10: the button plus 32 as a byte ("`" 96, "a" 97), then the column and row.
        ("\u{1B}[M`!!", .wheelUp), ("\u{1B}[Ma+&", .wheelDown), ("\u{1B}[Mp!!", .wheelUp),
    ]

    @Test(arguments: sequences)
    func escapeSequence(sequence: String, key: Key) {
        #expect(keys(sequence) == [key])
        #expect(keys(sequence + "x") == [key, .character("x")])
    }

    @Test(arguments: sequences)
    func escapeSequenceSplitAtEveryByte(sequence: String, key: Key) {
        let bytes = Array(sequence.utf8)
        for split in 1..<bytes.count {
            var decoder = KeyDecoder()
            #expect(decoder.feed(bytes[..<split]) == [], "split at \(split)")
            #expect(decoder.feed(bytes[split...]) == [key], "split at \(split)")
        }
    }

    @Test(arguments: [
        "\u{1B}[2~", "\u{1B}[15~", "\u{1B}[27;5;13~", "\u{1B}[97u", "\u{1B}[?1;2c", "\u{1B}[ q", "\u{1B}OP",
        "\u{1B}[99999999999999999999999~",
    ])
    func unknownSequencesAreSwallowed(sequence: String) {
        #expect(keys(sequence) == [])
        #expect(keys(sequence + "x") == [.character("x")])
    }

    // MARK: Mouse reports

    /// The wheel tilted sideways (66, 67) or moved with the motion bit (96), buttons 8 to 11
    /// (128 on), a cell 0 (terminals count from 1), malformed numbers: no key, no click.
    static let mouseReportsThatAreNoKey = [
        "\u{1B}[<66;1;1M", "\u{1B}[<67;1;1M", "\u{1B}[<96;1;1M", "\u{1B}[<128;1;1M", "\u{1B}[<0;0;5M", "\u{1B}[<0;5;0M",
        "\u{1B}[<;1;1M", "\u{1B}[<+64;1;1M", "\u{1B}[<99999999999999999999999;1;1M", "\u{1B}[<0;1M", "\u{1B}[<0;1;1;1M",
        "\u{1B}[<0;;1M", "\u{1B}[Mb!!", "\u{1B}[M  !",
    ]

    @Test(arguments: mouseReportsThatAreNoKey)
    func mouseReportsThatAreNeitherWheelNorClickAreSwallowed(report: String) {
        #expect(keys(report) == [])
        #expect(keys(report + "x") == [.character("x")])
    }

    /// Clicks, releases and moves, each with the cell counted from 0.
    static let clicks: [(String, MouseReport)] = [
        ("\u{1B}[<0;10;5M", MouseReport(button: .left, action: .press, column: 9, row: 4)),
        // SGR says a release by its final byte, and keeps the button.
        ("\u{1B}[<0;10;5m", MouseReport(button: .left, action: .release, column: 9, row: 4)),
        ("\u{1B}[<1;1;1M", MouseReport(button: .middle, action: .press, column: 0, row: 0)),
        ("\u{1B}[<2;1;1M", MouseReport(button: .right, action: .press, column: 0, row: 0)),
        // Shift 4, Alt 8, Ctrl 16.
        ("\u{1B}[<4;3;4M", MouseReport(button: .left, action: .press, column: 2, row: 3, modifiers: .shift)),
        ("\u{1B}[<24;3;4M", MouseReport(button: .left, action: .press, column: 2, row: 3, modifiers: [.alt, .control])),
        ("\u{1B}[<30;3;4m", MouseReport(button: .right, action: .release, column: 2, row: 3, modifiers: [.shift, .alt, .control])),
        // A drag, and a move with no button held.
        ("\u{1B}[<32;10;5M", MouseReport(button: .left, action: .motion, column: 9, row: 4)),
        ("\u{1B}[<35;10;5M", MouseReport(button: nil, action: .motion, column: 9, row: 4)),
        // Past 223, where X10's bytes end, and past 255.
        ("\u{1B}[<0;224;300M", MouseReport(button: .left, action: .press, column: 223, row: 299)),
        ("\u{1B}[<0;1000;2M", MouseReport(button: .left, action: .press, column: 999, row: 1)),
        // X10: the button, column and row plus 32 as bytes; 3 is a release of some button.
        ("\u{1B}[M !!", MouseReport(button: .left, action: .press, column: 0, row: 0)),
        ("\u{1B}[M\"*+", MouseReport(button: .right, action: .press, column: 9, row: 10)),
        ("\u{1B}[M#!!", MouseReport(button: nil, action: .release, column: 0, row: 0)),
        ("\u{1B}[M0!!", MouseReport(button: .left, action: .press, column: 0, row: 0, modifiers: .control)),
        ("\u{1B}[MC!!", MouseReport(button: nil, action: .motion, column: 0, row: 0)),
    ]

    @Test(arguments: clicks)
    func mouseReportIsAClick(report: String, click: MouseReport) {
        #expect(keys(report) == [.mouse(click)])
        #expect(keys(report + "x") == [.mouse(click), .character("x")])
    }

    @Test(arguments: clicks)
    func mouseReportSplitAtEveryByte(report: String, click: MouseReport) {
        let bytes = Array(report.utf8) + Array("x".utf8)
        for split in 1..<bytes.count - 1 {
            var decoder = KeyDecoder()
            let keys = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...])
            #expect(keys == [.mouse(click), .character("x")], "split at \(split)")
        }
    }

    /// An X10 report's column and row are raw bytes, past 95 no longer ASCII: they are part of
    /// the report, not the start of a character.
    @Test func x10CoordinatesAreBytesNotText() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, 0x5B, 0x4D, 97, 0xE6]) == [])
        #expect(decoder.feed([0xFF, 0x61]) == [.wheelDown, .character("a")])
        #expect(keys("\u{1B}[M !\u{7F}b") == [.mouse(MouseReport(button: .left, action: .press, column: 0, row: 94)), .character("b")])
    }

    /// A report that stops short is dropped when input goes quiet, as any unfinished sequence.
    @Test func anUnfinishedMouseReportIsDroppedOnFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[M`!".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("\u{1B}[<64;1".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("\u{1B}[<0;12;".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("a".utf8)) == [.character("a")])
    }

    /// A sequence broken off by a control byte drops what came before it, not the byte.
    @Test func aBrokenSequenceKeepsTheByteThatBrokeIt() {
        #expect(keys("\u{1B}[1\u{3}") == [.control("c")])
        #expect(keys("\u{1B}O\r") == [.enter])
        #expect(keys("\u{1B}[\u{1B}[A") == [.up])
    }

    // MARK: Escape and Alt

    @Test func aLoneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("\u{1B}[A".utf8)) == [.up])
    }

    @Test func flushWithNothingWaitingGivesNothing() {
        var decoder = KeyDecoder()
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("ab".utf8)) == characters("ab"))
        #expect(decoder.flush() == [])
    }

    @Test func escapeTwiceIsTwoEscapes() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}\u{1B}".utf8)) == [.escape])
        #expect(decoder.flush() == [.escape])
    }

    @Test func escapeThenAnArrowBeforeFlush() {
        #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
    }

    /// Alt-x arrives as ESC x; a search field has no Alt chords, so it is swallowed, whether
    /// it comes in one read or two.
    @Test func altChordsAreSwallowed() {
        #expect(keys("\u{1B}x") == [])
        #expect(keys("\u{1B}xy") == [.character("y")])
        #expect(keys("\u{1B}é!") == [.character("!")])
        #expect(keys("\u{1B}\r") == [])
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("x".utf8)) == [])
        #expect(decoder.feed(Array("y".utf8)) == [.character("y")])
    }

    @Test func anUnfinishedSequenceIsDroppedOnFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("a".utf8)) == [.character("a")])
    }

    // MARK: Bracketed paste

    @Test func pastedTextIsCharacters() {
        #expect(keys("\u{1B}[200~日本 news\u{1B}[201~") == characters("日本 news"))
    }

    @Test func pastedLineBreaksAndTabsBecomeSpaces() {
        #expect(keys("\u{1B}[200~one\rtwo\nthree\r\nfour\tfive\u{1B}[201~") == characters("one two three four five"))
    }

    @Test func pastedControlBytesAndSequencesAreDropped() {
        #expect(keys("\u{1B}[200~a\u{3}b\u{7F}c\u{1B}[31md\u{1B}[Ae\u{1B}\u{1B}[Cf\u{1B}[201~") == characters("abcdef"))
    }

    @Test func mouseReportsInAPasteAreDropped() {
        #expect(keys("\u{1B}[200~a\u{1B}[<64;1;1Mb\u{1B}[M`!!c\u{1B}[<0;1;1Md\u{1B}[201~") == characters("abcd"))
    }

    @Test func keysWorkAgainAfterAPaste() {
        #expect(keys("\u{1B}[200~a\r\u{1B}[201~\r\u{1B}[A") == [.character("a"), .character(" "), .enter, .up])
    }

    @Test func pasteSplitAtEveryByte() {
        let bytes = Array("\u{1B}[200~日\r\n😀\u{1B}[201~\r".utf8)
        for split in 1..<bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...])
            #expect(keys == characters("日 😀") + [.enter], "split at \(split)")
        }
    }

    /// A pause inside a paste is not the end of it: its line breaks must not turn into Enter.
    @Test func flushDoesNotEndAPaste() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~ab\r".utf8)) == characters("ab"))
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("\nc\u{1B}".utf8)) == characters(" c"))
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("[201~\r".utf8)) == [.enter])
    }

    // MARK: Replies to the app's queries

    @Test func repliesAreReadNotTyped() {
        var decoder = KeyDecoder()
        let typed = decoder.feed(Array("a\u{1B}_Gi=31;OK\u{1B}\\b\u{1B}[6;20;10tc\u{1B}[?62;4;22cd".utf8))
        #expect(typed == characters("abcd"))
        #expect(decoder.takeReplies() == [.kittyGraphics(ok: true), .cellSize(width: 10, height: 20), .deviceAttributes([62, 4, 22])])
        #expect(decoder.takeReplies().isEmpty, "each reply is taken once")
    }

    @Test func kittyErrorsAndOtherCommandStringsAreSwallowed() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}_other text\u{7}x".utf8)) == characters("x"))
        #expect(decoder.takeReplies() == [.kittyGraphics(ok: false)])
    }

    @Test func aReplySplitAtEveryByteIsStillOneReply() {
        let bytes = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?1;2cq".utf8)
        for split in 1..<bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...])
            #expect(keys == characters("q"), "split at \(split)")
            #expect(decoder.takeReplies() == [.kittyGraphics(ok: true), .deviceAttributes([1, 2])], "split at \(split)")
        }
    }

    /// A window-size report (`CSI 8 ; rows ; columns t`) is not the cell size.
    @Test func onlyTheCellSizeReportIsACellSize() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[8;24;80t\u{1B}[6;0;10t".utf8)).isEmpty)
        #expect(decoder.takeReplies().isEmpty)
    }
}
