import Testing
@testable import HTMLParsing

@Suite struct HTMLPlainTextTests {
    @Test(arguments: [
        ("Council&#8217;s budget &#8211; what changed", "Council’s budget – what changed"),
        ("Parks &#038; Recreation &amp; more", "Parks & Recreation & more"),
        ("<em>Emphasis</em> in a <strong>title</strong>", "Emphasis in a title"),
        ("<em>Hamlet</em>, reviewed: <a href=\"/x\">act</a>s", "Hamlet, reviewed: acts"),
        ("<a title=\"1 > 0\" href='/a>b'>link</a> text", "link text"),
        ("<p>one</p><p>two</p>", "one two"),
        ("caf&eacute; &hellip; &nbsp;end", "café … end"),
        ("hex &#x1F44D; and &#X41;", "hex 👍 and A"),
        ("unknown &bogus; stays, bare & too", "unknown &bogus; stays, bare & too"),
        ("<p>Para one.</p>\n<p>Para two.</p>", "Para one. Para two."),
        ("a <!-- comment <b> --> b", "a b"),
        ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
        ("e&#769;t&eacute;\u{301} &amp;\u{301}", "e\u{301}té\u{301} &\u{301}"),
        ("<h2>Ελλάδα</h2><p>中文 العربية</p>", "Ελλάδα 中文 العربية"),
        // Not tags: a tag's name starts with an ASCII letter, so this is text, as the article
        // reader and browsers show it (libxml2 opens its implied paragraph after the "<").
        ("<ÜBER>kept<ü>", "< ÜBER>kept<ü>"),
        ("  lead\u{00A0}\u{2003}and\n\ttrail  ", "lead and trail"),
        ("", ""),
    ])
    func decodesEntitiesAndStripsMarkup(html: String, plain: String) {
        #expect(HTMLPlainText.of(html) == plain)
    }

    /// Titles are read as articles are: what an article drops, a title drops too, and the
    /// same elements sit inside a line of text.
    @Test(arguments: [
        ("<script>alert(1)</script>Budget<style>p { color: red }</style> news", "Budget news"),
        ("<tt>wp</tt>-cli and <acronym>NWO</acronym>s", "wp-cli and NWOs"),
    ])
    func readsMarkupAsArticlesDo(html: String, plain: String) {
        #expect(HTMLPlainText.of(html) == plain)
    }

    @Test func stripsTerminalControlsAfterDecoding() {
        let hostile = "Hostile \u{1B}[2J title &#27;]8;;http://evil/&#7; &#x9b;31m \u{7F}end"
        let plain = HTMLPlainText.of(hostile)
        #expect(!plain.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(plain == "Hostile [2J title ]8;;http://evil/ 31m end")
    }

    @Test func stripsBidiOverridesButKeepsRightToLeftText() {
        #expect(HTMLPlainText.of("abc&#x202E;fed\u{2066}x\u{2069}") == "abcfedx")
        #expect(HTMLPlainText.of("مرحبا بالعالم") == "مرحبا بالعالم")
    }

    @Test func leavesEmojiAndJoinersIntact() {
        let family = "👨‍👩‍👧 🇯🇵 👍🏽"
        #expect(HTMLPlainText.of(family) == family)
    }

    @Test func unclosedTagDropsTheRest() {
        #expect(HTMLPlainText.of("Title <span class=\"x\"") == "Title")
    }

    /// Text with no `<` and no `&` skips the parser: it must come out as the parser gives it.
    @Test(arguments: ["Council votes on the ferry", "  lead\u{00A0}\u{2003}and\n\ttrail  ", "Hostile \u{1B}[2J\u{7F} title",
                      "abc\u{202E}fed", "👨‍👩‍👧 🇯🇵 e\u{301}", "1 > 0", ""])
    func textWithoutMarkupSkipsTheParserAndComesOutTheSame(text: String) {
        #expect(HTMLPlainText.of(text) == HTMLPlainText.parsed(text))
    }

    /// WordPress's excerpts are one paragraph of text and entities (`<p>Rain kept the crowd
    /// small, [&hellip;]</p>` and a line end): they skip the parser, and come out as the
    /// parser gives them.
    @Test(arguments: EntityTextTests.corpus + ["", "plain", "Rain kept the crowd small, [&hellip;]"])
    func aParagraphOfTextAndEntitiesReadsAsTheParserReadsIt(text: String) {
        for excerpt in ["<p>\(text)</p>\n", "<p>\(text)</p>", "<p>\(text)</p> \t\r\n "] {
            #expect(HTMLPlainText.of(excerpt) == HTMLPlainText.parsed(excerpt), "\(excerpt.debugDescription)")
        }
    }

    /// Excerpts that are not one plain paragraph read as the parser reads them too.
    @Test(arguments: ["<p class=\"x\">a</p>", "a <p>b</p>", "<p>a</p> b", "<P>a</P>", "<p>a", "a</p>", "<p></p", "<p>\u{A0}</p>\u{A0}",
                      "<p>one</p><p>two &amp; three</p>"])
    func otherParagraphShapesReadAsTheParserReadsThem(html: String) {
        #expect(HTMLPlainText.of(html) == HTMLPlainText.parsed(html), "\(html.debugDescription)")
    }

    /// The byte reader's list of white space is Unicode's: every scalar up to past the last
    /// one (U+3000) is checked against Swift's own property.
    @Test func whiteSpaceIsUnicodesWhiteSpace() {
        for value in UInt32(0)...0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let collapsed = HTMLPlainText.collapseWhitespace("a" + String(scalar) + "b")
            #expect(collapsed == (scalar.properties.isWhitespace ? "a b" : "a\(scalar)b"), "U+\(String(value, radix: 16))")
        }
        #expect(HTMLPlainText.collapseWhitespace(" \u{3000}one\u{2028}\u{00A0} two\n") == "one two")
    }
}
