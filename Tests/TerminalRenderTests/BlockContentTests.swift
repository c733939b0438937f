import Testing
@testable import TerminalRender
import NewsModels

/// Blocks of the block editor whose text readers lost or misread: buttons, search forms,
/// math, footnotes and decorative pictures.
@Suite struct BlockContentTests {
    func text(_ html: String, width: Int = 80) -> String {
        ANSIEncoder(colors: false).encode(ArticleLayout(width: width).lines(for: Article(html: html, baseURL: "https://news.example/story/")))
    }

    /// An accordion's title is a button inside its heading.
    @Test func aButtonKeepsItsText() {
        let html = "<h3><button type=\"button\" aria-expanded=\"false\"><span>When does the first boat leave?</span></button></h3><div><p>At 6:15.</p></div>"
        #expect(text(html) == "When does the first boat leave?\n\nAt 6:15.\n")
    }

    @Test func aSearchFormShowsItsLabelAndButton() {
        let html = """
            <form role="search" method="get" action="/" class="wp-block-search"><label class="wp-block-search__label" for="s1">Search the Ledger</label>\
            <div class="wp-block-search__inside-wrapper"><input id="s1" type="search" name="s" value="ignored"/><button type="submit">Find</button></div></form>
            """
        #expect(text(html) == "[Search the Ledger: ____] [Find]\n")
        // No label: the button says what the field is for.
        #expect(text("<form role=\"search\"><input type=\"search\" name=\"s\"><button>Search</button></form>") == "[Search: ____]\n")
        // Any other form is still left out, its button with it.
        #expect(text("<p>kept</p><form action=\"/subscribe\"><label>Email</label><input type=\"email\"><button>Subscribe</button></form>") == "kept\n")
    }

    @Test func mathWithTeXShowsTheTeXAlone() {
        let html = """
            <p>Roots: <math><semantics><mrow><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></mrow>\
            <annotation encoding="application/x-tex">x = \\frac{-b}{2a}</annotation></semantics></math>.</p>
            """
        #expect(text(html) == "Roots: x = \\frac{-b}{2a}.\n")
    }

    @Test func mathWithoutTeXIsLinearText() {
        #expect(text("<p><math><msup><mi>e</mi><mrow><mi>i</mi><mi>π</mi></mrow></msup><mo>+</mo><mn>1</mn><mo>=</mo><mn>0</mn></math></p>")
            == "e^(iπ)+1=0\n")
        #expect(text("<p><math><msub><mi>a</mi><mi>n</mi></msub><mo>=</mo><mfrac><mn>1</mn><msup><mi>n</mi><mn>2</mn></msup></mfrac></math></p>")
            == "a_n=1/(n^2)\n")
        #expect(text("<p><math><msqrt><msup><mi>b</mi><mn>2</mn></msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></math></p>")
            == "√(b^2−4ac)\n")
        #expect(text("<p><math><msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup></math></p>") == "x_i^2\n")
    }

    /// A document's own footnote references are superscript digits; wpnews's link numbers
    /// stay in brackets, and in-page anchors get none.
    @Test func footnoteReferencesAreSuperscripts() {
        let html = """
            <p>Opened in 1911.<sup data-fn="9f1c" class="fn"><a href="#9f1c" id="9f1c-link">1</a></sup> \
            The <a href="https://riverside.example/timetable">timetable</a> changed.<sup><a href="#_ftn2" name="_ftnref2">[2]</a></sup> \
            See <a href="#history">the history</a> and <a href="https://news.example/story/#top">the top</a>.</p>\
            <p><a href="#_ftnref2" name="_ftn2">[2]</a> After the flood.</p>
            """
        #expect(text(html) == """
            Opened in 1911.¹ The timetable[1] changed.² See the history and the top.

            ² After the flood.

            Links
            ─────
            [1] https://riverside.example/timetable

            """)
    }

    @Test func aDecorativePictureIsLeftOut() {
        // WordPress writes alt="" for a photo nobody described: in a figure it is content.
        #expect(text("<figure class=\"wp-block-image\"><img src=\"https://news.example/photo.jpg\" alt=\"\"/></figure>").hasPrefix("[image][1]\n"))
        let html = """
            <div class="wp-block-cover"><img class="wp-block-cover__image-background" alt="" src="https://news.example/night.jpg"/>\
            <div class="wp-block-cover__inner-container"><p>By night</p></div></div>\
            <figure><img src="https://news.example/ferry.png" alt="The ferry"/></figure><p><img src="https://news.example/nameless.png"></p>\
            <p><img src="https://news.example/divider.png" alt="">Below a divider.</p>
            """
        #expect(text(html) == """
            By night

            [image: The ferry][1]

            [image][2]

            Below a divider.

            Links
            ─────
            [1] https://news.example/ferry.png
            [2] https://news.example/nameless.png

            """)
    }
}

extension BlockContentTests {
    /// A formula is written out recursively: ten thousand levels of MathML must not overflow the stack.
    @Test func deeplyNestedMathIsText() {
        let html = "<p><math>" + String(repeating: "<mrow><msup><mi>x</mi>", count: 10_000) + "<mn>2</mn>"
            + String(repeating: "</msup></mrow>", count: 10_000) + "</math> after</p>"
        #expect(text(html, width: 1_000).hasSuffix(" after\n"))
    }
}
