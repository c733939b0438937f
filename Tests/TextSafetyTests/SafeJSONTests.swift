import Testing
import TextSafety

/// JSON written for a terminal: what a terminal would act on becomes an escape a parser reads back.
@Suite struct SafeJSONTests {
    @Test func cleanJSONIsLeftAsItIs() {
        let json = "{\n  \"title\" : \"Café ☕ 東京\"\n}"
        #expect(SafeJSON.escapingUnsafe(json) == json)
    }

    @Test func controlAndBidiCharactersBecomeEscapes() {
        let json = "[\"a\u{1B}[31mb\u{85}c\u{7F}d\u{202E}e\u{2066}f\"]"
        #expect(SafeJSON.escapingUnsafe(json) == #"["a\u001B[31mb\u0085c\u007Fd\u202Ee\u2066f"]"#)
    }

    @Test func theDocumentsOwnLineBreaksStay() {
        #expect(SafeJSON.escapingUnsafe("[\n  \"\u{9B}\"\n]") == "[\n  \"\\u009B\"\n]")
    }
}
