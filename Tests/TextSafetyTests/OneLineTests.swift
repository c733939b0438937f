import Testing
import TextSafety

/// `SafeText.oneLine`: the one way text is put on one line, for a person or as an address.
@Suite struct OneLineTests {
    @Test func eachRunOfLineEndsAndTabsIsOneSpace() {
        #expect(SafeText.oneLine("Storm\nrecovery") == "Storm recovery")
        #expect(SafeText.oneLine("Storm \r\n\t\n recovery") == "Storm recovery")
        #expect(SafeText.oneLine("a\u{0B}b\u{0C}c\u{85}d\u{2028}e\u{2029}f") == "a b c d e f")
    }

    @Test func spacesAloneStayAsWritten() {
        #expect(SafeText.oneLine("  two  spaces  ") == "  two  spaces  ")
        #expect(SafeText.oneLine(" · ") == " · ")
    }

    @Test func aLineEndAtEitherEndGoes() {
        #expect(SafeText.oneLine("\n\tTitle \n") == "Title")
        #expect(SafeText.oneLine("\n") == "")
    }

    @Test func unsafeScalarsGoAsSanitizeSays() {
        #expect(SafeText.oneLine("a\u{1B}[2Jb\u{9B}c\u{202E}d\u{7F}") == "a[2Jbcd")
        #expect(SafeText.oneLine("a\n\u{1B}\nb") == "a b")
    }

    @Test func anAddressLosesItsLineEndsAndTabs() {
        #expect(SafeText.oneLine("https://x.example/a\n\tb\r\n/c", lineEnds: .removed) == "https://x.example/ab/c")
        #expect(SafeText.oneLine(" https://x.example/a b ", lineEnds: .removed) == " https://x.example/a b ")
        #expect(SafeText.oneLine("https://x.example/\u{1B}]8;;", lineEnds: .removed) == "https://x.example/]8;;")
    }

    @Test func cleanTextIsReturnedAsItIs() {
        let text = "Council notes, week 5 — 河畔市 👍🏽"
        #expect(SafeText.oneLine(text) == text && SafeText.oneLine(text, lineEnds: .removed) == text)
    }

    /// Its result is one line already: a second pass changes nothing, combining marks after a
    /// line end included (they join the space that took the line end's place).
    @Test(arguments: ["a\n\u{301}b", "\t\u{301}", "x \n y\u{2028}", "plain"])
    func aSecondPassChangesNothing(text: String) {
        let once = SafeText.oneLine(text)
        #expect(SafeText.oneLine(once).unicodeScalars.elementsEqual(once.unicodeScalars))
        #expect(!once.unicodeScalars.contains { $0 == "\n" || $0 == "\t" })
    }
}
