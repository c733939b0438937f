import NewsModels
import Testing
@testable import TerminalRender

/// What the parser makes of HTML: blocks, links, words.
@Suite struct ArticleTests {
    func text(_ html: String, width: Int = 80, baseURL: String? = nil) -> String {
        ANSIEncoder(colors: false).encode(ArticleLayout(width: width).lines(for: Article(html: html, baseURL: baseURL)))
    }

    @Test func blocksAreParsedOnceAndLaidOutAtAnyWidth() {
        let article = Article(html: "<h2>Title</h2><p>The quick brown fox jumps over the lazy dog.</p>")
        #expect(article.blocks == [
            .heading(level: 2, [Span("Title")]),
            .paragraph([Span("The quick brown fox jumps over the lazy dog.")]),
        ])
        #expect(ArticleLayout(width: 80).lines(for: article).count == 4)
        #expect(ArticleLayout(width: 20).lines(for: article).count == 6)
    }

    @Test func whiteSpaceCollapsesAcrossElements() {
        #expect(text("<p>\n  one\t\ttwo <b> three </b>  four\n</p>") == "one two three four\n")
    }

    @Test func linksAreNumberedOnceEachInOrder() {
        let article = Article(html: """
            <p><a href="https://a.example/">A</a> <a href="https://b.example/">B</a> <a href="https://a.example/">A again</a>
            <a href="#top">anchor</a> <a href="javascript:void(0)">script</a> <img src="https://c.example/c.png" alt="C"></p>
            """)
        #expect(article.links == ["https://a.example/", "https://b.example/", "https://c.example/c.png"])
        #expect(text("<p><a href=\"https://a.example/\">A</a> and <a href=\"https://a.example/\">again</a></p>")
            == "A[1] and again[1]\n\nLinks\n─────\n[1] https://a.example/\n")
    }

    @Test func relativeAddressesResolveAgainstTheArticle() {
        let base = "https://news.example/2024/03/story/?amp=1"
        let article = Article(html: "<a href=\"/about/\">a</a><a href=\"next/\">b</a><a href=\"//cdn.example/x\">c</a><a href=\"?page=2\">d</a>", baseURL: base)
        #expect(article.links == [
            "https://news.example/about/", "https://news.example/2024/03/story/next/",
            "https://cdn.example/x", "https://news.example/2024/03/story/?page=2",
        ])
    }

    @Test func embeddedPlayersLinkToTheirPages() {
        let article = Article(html: """
            <iframe src="https://www.youtube.com/embed/Rv5dLedger1?feature=oembed" title="A film"></iframe>
            <iframe src="https://www.youtube-nocookie.com/embed/abc123"></iframe>
            <iframe src="https://player.vimeo.com/video/76979871?h=82"></iframe>
            <video><source src="/clip.webm"><source src="/clip.mp4">fallback</video>
            """, baseURL: "https://news.example/")
        #expect(article.links == [
            "https://www.youtube.com/watch?v=Rv5dLedger1", "https://www.youtube.com/watch?v=abc123",
            "https://vimeo.com/76979871", "https://news.example/clip.webm",
        ])
        #expect(text("<iframe src=\"https://www.youtube.com/embed/x1\" title=\"A film\"></iframe>")
            .hasPrefix("[video: A film][1]\n"))
    }

    @Test func nonContentIsDropped() {
        let html = "<p>kept</p><script>s</script><style>s</style><noscript>n</noscript><template>t</template>"
            + "<svg><text>v</text></svg><form><label>l</label><input value=\"i\"><button>b</button></form><p hidden>h</p>"
        #expect(text(html) == "kept\n")
    }

    @Test func listsNumberAsHTMLSays() {
        #expect(text("<ol start=\"9\"><li>a</li><li>b</li></ol>") == " 9. a\n10. b\n")
        #expect(text("<ol reversed><li>a</li><li>b</li><li value=\"7\">c</li></ol>") == "3. a\n2. b\n7. c\n")
        #expect(text("<ol type=\"i\" start=\"3\"><li>a</li><li>b</li></ol>") == "iii. a\n iv. b\n")
        #expect(text("<ol type=\"A\"><li>a</li><li>b</li></ol>") == "A. a\nB. b\n")
    }

    @Test func quotationsNameTheirSource() {
        #expect(text("<blockquote><p>Said.</p><cite>Someone</cite></blockquote>") == "│ Said.\n│ — Someone\n")
        #expect(text("<blockquote cite=\"https://source.example/speech\"><p>Said.</p></blockquote>")
            == "│ Said.\n│ — source.example[1]\n\nLinks\n─────\n[1] https://source.example/speech\n")
    }

    @Test func codeTooWideIsWrappedWithAMarkNeverClipped() {
        let lines = text("<pre>short\n" + String(repeating: "x", count: 30) + "</pre>", width: 20)
        #expect(lines == "  short\n  xxxxxxxxxxxxxxxxxx\n↪ xxxxxxxxxxxx\n")
    }

    @Test func wrappedRowsHangAtTheLineIndentationWhenThereIsRoom() {
        #expect(text("<pre>    indented and then a long line</pre>", width: 20)
            == "      indented and t\n↪     hen a long lin\n↪     e\n")
        // Ten columns of indentation are more than half of the 18 a row has: no hang.
        #expect(text("<pre>          indented too deeply</pre>", width: 20)
            == "            indented\n↪  too deeply\n")
    }

    @Test func wideCharactersAreNeverSplitAcrossRows() {
        #expect(text("<pre>a" + String(repeating: "東", count: 10) + "</pre>", width: 20)
            == "  a東東東東東東東東\n↪ 東東\n")
        #expect(text("<pre>" + String(repeating: "👨‍👩‍👧‍👦", count: 10) + "</pre>", width: 20)
            == "  " + String(repeating: "👨‍👩‍👧‍👦", count: 9) + "\n↪ 👨‍👩‍👧‍👦\n")
    }

    @Test func tabsStopEveryEightColumnsFromTheLineStart() {
        #expect(text("<pre>\tone\nab\tc\n東\tx\n\t\ty</pre>") == "          one\n  ab      c\n  東      x\n                  y\n")
    }

    @Test func verseKeepsItsIndentationAsPreformattedText() {
        let verse = "<pre class=\"wp-block-verse\">The river rose,\n    and the <em>bells</em> rang<br>        for nobody</pre>"
        #expect(text(verse) == "  The river rose,\n      and the bells rang\n          for nobody\n")
        #expect(text(verse, width: 20) == "  The river rose,\n      and the bells \n↪     rang\n          for nobody\n")
    }

    @Test func abbreviationsAreExplainedOnce() {
        #expect(text("<p><abbr title=\"National Weather Office\">NWO</abbr> and <abbr title=\"National Weather Office\">NWO</abbr></p>")
            == "NWO (National Weather Office) and NWO\n")
    }

    @Test func superscriptsAndSubscripts() {
        // A footnote reference `[4]` is a superscript 4: in brackets it reads as a link number.
        #expect(text("<p>m<sup>3</sup>/s, H<sub>2</sub>O, x<sup>n+1</sup>, Note<sup>Q</sup>, ref<sup>[4]</sup>, x<sub>max value</sub></p>")
            == "m³/s, H₂O, xⁿ⁺¹, Note^Q, ref⁴, x_(max value)\n")
        #expect(text("<p>ref<sup>[a]</sup></p>") == "ref[a]\n")
    }

    @Test func wordsAndReadingTime() {
        #expect(Article(html: "").wordCount == 0)
        #expect(Article(html: "").readingMinutes == 0)
        #expect(Article(html: "<p>one two  three</p><p>four</p>").wordCount == 4)
        #expect(Article(html: "<p>東京都</p>").wordCount == 4)
        #expect(Article(html: "<p>" + String(repeating: "word ", count: 460) + "</p>").readingMinutes == 2)
    }

    @Test func invalidUTF8IsReplacedNotFatal() {
        let html = String(decoding: [0x3C, 0x70, 0x3E, 0x61, 0xFF, 0xFE, 0x62, 0xE2, 0x80] as [UInt8], as: UTF8.self)
        #expect(text(html) == "a\u{FFFD}\u{FFFD}b\u{FFFD}\n")
    }
}

/// `srcset`: the sizes a picture comes in, for fetching the smallest big enough.
@Suite struct ImageSourcesTests {
    static let html = """
        <img src="/up/a.png" srcset="/up/a.png 480w, /up/a-300x169.png 300w, /up/a@2x.png 2x" alt="a">
        <img src="/up/b.png" alt="b">
        """

    @Test func theSmallestWideEnoughIsChosen() throws {
        let sources = Article(html: Self.html, baseURL: "https://news.example.org/post/").imageSources
        let a = try #require(sources["https://news.example.org/up/a.png"])
        #expect(a.candidates.map(\.width) == [300, 480], "the density candidate says nothing of size")
        #expect(a.address(forWidth: 240) == "https://news.example.org/up/a-300x169.png")
        #expect(a.address(forWidth: 320) == "https://news.example.org/up/a.png")
        #expect(a.address(forWidth: 2_000) == "https://news.example.org/up/a.png", "else the widest")
        #expect(sources["https://news.example.org/up/b.png"] == nil)
    }

    /// The featured picture is not in the text: its sizes are those the site named for it.
    /// One that is in the text keeps its `srcset`.
    @Test func theFeaturedPictureComesInTheSizesTheSiteNamed() throws {
        let article = Article(html: Self.html, baseURL: "https://news.example.org/post/")
        let named = [ImageRendition(address: "https://news.example.org/up/f.png", width: 1200),
                     ImageRendition(address: "https://news.example.org/up/f-300x200.png", width: 300),
                     ImageRendition(address: "https://news.example.org/up/f-0.png", width: 0)]
        let sources = article.imageSources(featured: "https://news.example.org/up/f.png", renditions: named)
        let featured = try #require(sources["https://news.example.org/up/f.png"])
        #expect(featured.candidates.map(\.width) == [300, 1200], "narrowest first, none without a width")
        #expect(featured.address(forWidth: 240) == "https://news.example.org/up/f-300x200.png")
        #expect(sources["https://news.example.org/up/a.png"] == article.imageSources["https://news.example.org/up/a.png"])

        let inline = article.imageSources(featured: "https://news.example.org/up/a.png", renditions: named)
        #expect(inline == article.imageSources)
        #expect(article.imageSources(featured: nil, renditions: named) == article.imageSources)
    }
}
