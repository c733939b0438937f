import CLibXML2
import Testing
@testable import HTMLParsing

/// Text with entities and no tags skips libxml2's parser; what it gives must be what the
/// parser gives, for every entity libxml2 knows and for the malformed ones it reads its own way.
@Suite struct EntityTextTests {
    /// Every name in libxml2's table, found by asking it for each character it could name.
    /// Called directly, not through the shim, which wraps only what wpnews calls: the test
    /// build links libxml2 (pkg-config), as the release build does not.
    static let libxml2EntityNames: [String] = (1...0x2666).compactMap { value in
        htmlEntityValueLookup(UInt32(value)).flatMap { $0.pointee.name.map { String(cString: $0) } }
    }

    static let malformed = [
        "&", "& ", "&&", "&;", "&#;", "&#x;", "&#xZZ;", "&# 1;", "&#12", "&#x41", "&amp", "&amp ",
        "&ampfoo;", "&AMP;", "&Amp;", "&amp;amp;", "&1a;", "&a.b;", "&a-b;", "&a_b;", "&é;", "&apos;",
        "&bogus;", "&nbsp", "&nbsp;;", "&#0;", "&#1;", "&#9;", "&#10;", "&#13;", "&#27;", "&#31;",
        "&#32;", "&#127;", "&#128;", "&#150;", "&#159;", "&#160;", "&#xD800;", "&#xDFFF;",
        "&#xFFFD;", "&#xFFFE;", "&#xFFFF;", "&#x10FFFF;", "&#x110000;", "&#99999999999;",
        "&#00000065;", "&#x0000000041;", "&#X1F44D;", "&#x1f44d;", "&\t", "&\n", "]]>&amp;", "\u{FFFE}&amp;",
        "\u{FFFF}&amp;", "\u{1}&amp;", "\u{0}&amp;", "\u{85}&amp;", "&\u{A0}", "&#8217;s", "a&amp;b&lt;c&gt;d&quot;e",
        "&lt;b&gt;not a tag&lt;/b&gt;", "&#x26;lt;", "&amp;#39;",
    ]

    static var corpus: [String] {
        let named = libxml2EntityNames.map { "&\($0);" }
        let pieces = named + malformed
        return pieces + pieces.map { "Word\($0)word \($0) end" } + pieces.map { "  \($0)\t\($0)  " }
    }

    @Test func libxml2KnowsHTML4sEntities() {
        #expect(Self.libxml2EntityNames.count > 250)
        #expect(Self.libxml2EntityNames.contains("eacute"))
    }

    @Test(arguments: corpus)
    func agreesWithTheParser(text: String) {
        #expect(HTMLPlainText.of(text) == HTMLPlainText.parsed(text))
    }

    /// The common references are decoded without the parser, or the fast path would cost
    /// nothing but its test.
    @Test(arguments: [
        ("Council&#8217;s budget &#8211; what changed", "Council’s budget – what changed"),
        ("Parks &#038; Recreation &amp; more", "Parks & Recreation & more"),
        ("caf&eacute; &hellip; &nbsp;end &#x1F44D;", "café … \u{A0}end 👍"),
        ("Tom & Jerry", "Tom & Jerry"),
    ])
    func decodesCommonReferencesItself(text: String, decoded: String) {
        #expect(EntityText.decoded(text) == decoded)
    }

    @Test(arguments: ["<b>tag</b> &amp;", "&bogus;", "&amp", "&#150;", "x\u{1}y"])
    func leavesTheRestToTheParser(text: String) {
        #expect(EntityText.decoded(text) == nil)
    }
}
