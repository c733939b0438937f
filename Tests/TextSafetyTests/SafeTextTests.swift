import Testing
import TextSafety

@Suite struct SafeTextTests {
    /// The byte scan is what makes clean text cheap; it must find exactly what the scalar rule
    /// does, for every scalar there is.
    @Test func theByteScanAgreesWithTheScalarRuleForEveryScalar() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            let changed = text.utf8.withContiguousStorageIfAvailable(SafeText.needsSanitizing) ?? true
            let expected = scalar != "\n" && SafeText.isUnsafe(scalar)
            if changed != expected { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
    }

    /// Long text is scanned eight bytes at a time: a scalar anywhere in it, at every place
    /// in a word and across two, is found as in a short text.
    @Test func theWordAtATimeScanFindsAScalarAtEveryOffset() {
        var disagreements: [String] = []
        let scalars = (UInt32(0)...0x2FF).compactMap(Unicode.Scalar.init) + (UInt32(0x2000)...0x20FF).compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            let expected = scalar != "\n" && SafeText.isUnsafe(scalar)
            for offset in 0..<17 {
                let text = String(repeating: "x", count: offset) + String(Character(scalar)) + String(repeating: "y", count: 24)
                let changed = text.utf8.withContiguousStorageIfAvailable(SafeText.needsSanitizing) ?? true
                if changed != expected { disagreements.append("\(String(scalar.value, radix: 16)) at \(offset)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    @Test func unsafeScalarsGoTabsBecomeSpacesLineEndsStay() {
        #expect(SafeText.sanitize("a\u{1B}[31mred\u{07}") == "a[31mred")
        #expect(SafeText.sanitize("a\u{9B}31m\u{85}b") == "a31mb")
        #expect(SafeText.sanitize("abc\u{202E}fed\u{2066}x\u{2069}") == "abcfedx")
        #expect(SafeText.sanitize("a\tb\nc\r\u{7F}") == "a b\nc")
    }

    @Test func cleanTextIsReturnedAsItIs() {
        for text in ["", "plain ASCII", "Søren Øvergaard", "مرحبا بالعالم", "👨‍👩‍👧 日本語", "\u{2028}\u{200F}"] {
            #expect(SafeText.sanitize(text) == text)
        }
    }
}
