import Testing
@testable import TerminalRender
import NewsModels

/// How inline HTML becomes styles, and how the encoder writes styles and OSC 8 hyperlinks.
@Suite struct StyleAndHyperlinkTests {
    static let esc = "\u{1B}"

    /// The spans of an article that is one paragraph.
    func spans(_ html: String) -> [Span] {
        guard case .paragraph(let spans)? = Article(html: html).blocks.first else { return [] }
        return spans
    }

    func style(of text: String, in html: String) -> Style? {
        spans(html).first { $0.text == text }?.style
    }

    @Test func inlineElementsBecomeStyles() {
        let html = "<p><strong>a</strong> <em>b</em> <u>c</u> <code>d</code> <kbd>e</kbd> <mark>f</mark> <small>g</small> <del>h</del></p>"
        #expect(style(of: "a", in: html) == Style(bold: true))
        #expect(style(of: "b", in: html) == Style(italic: true))
        #expect(style(of: "c", in: html) == Style(underline: true))
        #expect(style(of: "d", in: html) == ArticleStyle.code)
        #expect(style(of: "e", in: html) == ArticleStyle.keyboard)
        #expect(style(of: "f", in: html) == Style(inverse: true))
        #expect(style(of: "g", in: html) == Style(dim: true))
        #expect(style(of: "h", in: html) == Style(strikethrough: true))
    }

    @Test func nestedStylesAddUp() {
        #expect(style(of: "both", in: "<p><b>bold <i>both</i></b></p>") == Style(bold: true, italic: true))
    }

    @Test func struckOutTextIsMarkedInTheTextToo() {
        #expect(spans("<p>was <del>four</del> five</p>").map(\.text).joined() == "was ~~four~~ five")
    }

    @Test func linkTextCarriesItsAddressAndANumber() {
        let spans = spans("<p>See <a href=\"https://example.com/a\">the page</a>.</p>")
        #expect(spans.map(\.text) == ["See ", "the page", "[1]", "."])
        #expect(spans[1].link == "https://example.com/a")
        #expect(spans[1].style == ArticleStyle.link)
        #expect(spans[2].link == "https://example.com/a")
        #expect(spans[3].link == nil)
    }

    @Test func stylesBecomeSGRCodes() {
        let line = StyledLine([Span("a", Style(inverse: true, strikethrough: true)), Span("b", Style(dim: true, color: .yellow))])
        #expect(ANSIEncoder(colors: true).encode([line]) == "\(Self.esc)[7;9ma\(Self.esc)[0m\(Self.esc)[2;33mb\(Self.esc)[0m\n")
    }

    @Test func aLinkIsOneHyperlinkAcrossItsSpans() {
        let line = StyledLine([
            Span("see "), Span("gauge page", ArticleStyle.link, link: "https://x.example/"),
            Span("[2]", ArticleStyle.linkNumber, link: "https://x.example/"), Span(" and"),
        ])
        let open = "\(Self.esc)]8;;https://x.example/\(Self.esc)\\"
        let close = "\(Self.esc)]8;;\(Self.esc)\\"
        #expect(ANSIEncoder(colors: true).encode([line])
            == "see \(open)\(Self.esc)[4;34mgauge page\(Self.esc)[0m\(Self.esc)[2m[2]\(Self.esc)[0m\(close) and\n")
    }

    @Test func aHyperlinkClosesAtTheEndOfEveryLine() {
        let lines = [StyledLine([Span("first", link: "https://x.example/")]), StyledLine([Span("second", link: "https://x.example/")])]
        let open = "\(Self.esc)]8;;https://x.example/\(Self.esc)\\"
        let close = "\(Self.esc)]8;;\(Self.esc)\\"
        #expect(ANSIEncoder(colors: true).encode(lines) == "\(open)first\(close)\n\(open)second\(close)\n")
    }

    @Test func adjacentLinksEachGetTheirOwnHyperlink() {
        let line = StyledLine([Span("a", link: "https://a.example/"), Span("b", link: "https://b.example/")])
        #expect(ANSIEncoder(colors: true).encode([line])
            == "\(Self.esc)]8;;https://a.example/\(Self.esc)\\a\(Self.esc)]8;;\(Self.esc)\\\(Self.esc)]8;;https://b.example/\(Self.esc)\\b\(Self.esc)]8;;\(Self.esc)\\\n")
    }

    @Test func withoutColoursThereAreNoHyperlinks() {
        let line = StyledLine([Span("the page", ArticleStyle.link, link: "https://x.example/"), Span("[1]", ArticleStyle.linkNumber, link: "https://x.example/")])
        #expect(ANSIEncoder(colors: false).encode([line]) == "the page[1]\n")
    }

    @Test func anAddressCannotEndTheSequenceEarly() {
        let line = StyledLine([Span("x", link: "https://x.example/\(Self.esc)\\\(Self.esc)[2J\u{07}\n")])
        let encoded = ANSIEncoder(colors: true).encode([line])
        #expect(encoded == "\(Self.esc)]8;;https://x.example/\\[2J\(Self.esc)\\x\(Self.esc)]8;;\(Self.esc)\\\n")
    }

    /// A line end in a span would break the line it is on: text for a person reads on, one
    /// space where the line ended.
    @Test func aLineEndInTextBecomesOneSpace() {
        let line = StyledLine([Span("one\ntwo"), Span(" and\r\n\t three")])
        #expect(ANSIEncoder(colors: false).encode([line]) == "one two and three\n")
    }

    /// A tab or line end inside an address is not part of it (the URL standard removes them),
    /// so it is dropped, never a space in the middle of the address.
    @Test func aTabInsideAnAddressIsDropped() {
        let line = StyledLine([Span("x", link: "https://x.example/a\tb")])
        #expect(ANSIEncoder(colors: true).encode([line]) == "\(Self.esc)]8;;https://x.example/ab\(Self.esc)\\x\(Self.esc)]8;;\(Self.esc)\\\n")
        #expect(LinkAddress(base: nil).resolve(" https://x.example/a\tb\n/c ") == "https://x.example/ab/c")
    }

    @Test func controlCharactersNeverReachTheOutput() {
        let html = "<p title=\"\u{1B}[2J\">a\u{1B}[31mb\u{9B}c\u{202E}d <a href=\"https://x.example/\u{1B}]8;;\">e</a> <img alt=\"\u{1B}[1mf\" src=\"/g.png\"></p>"
        let article = Article(html: html)
        let text = ANSIEncoder(colors: false).encode(ArticleLayout(width: 80).lines(for: article))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(article.links.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
    }
}
