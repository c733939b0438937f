import Testing
@testable import DisplayWidth

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("hello", 5),
        ("é", 1),
        ("e\u{301}", 1),
        ("日本語", 6),
        ("👍🏽", 2),
        ("👨‍👩‍👧", 2),
        ("🇯🇵", 2),
        ("❤️", 2),
        ("Ελληνικά", 8),
        ("مرحبا", 5),
        ("a\u{200B}b", 2),
    ])
    func columns(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func splitNeverCutsAWideCharacterInHalf() {
        let (head, tail) = DisplayWidth.split("日本語", fitting: 3)
        #expect(head == "日")
        #expect(tail == "本語")
    }

    @Test func standaloneWidthsAgreeWithUtf8proc() {
        for value in UInt32(0x20)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), let width = DisplayWidth.standalone(value) else { continue }
            #expect(width == DisplayWidth.of(Character(scalar)), "U+\(String(value, radix: 16))")
        }
    }

    @Test(arguments: [
        ("fits", 4, "fits"),
        ("too long", 5, "too …"),
        ("日本語", 5, "日本…"),
        ("日本語", 4, "日…"),
        ("ab", 1, "…"),
        ("ab", 0, ""),
        ("ab", -3, ""),
        ("", 0, ""),
    ])
    func truncatedTextEndsInAnEllipsisAndNeverOverflows(text: String, columns: Int, cut: String) {
        let result = DisplayWidth.truncated(text, fitting: columns)
        #expect(result == cut)
        #expect(DisplayWidth.of(result) <= max(columns, 0))
    }
}
