import Testing
import HTMLParsing

/// An article made safe for a browser by the allow-list: what is kept, and that nothing
/// active gets through, however it is written.
@Suite struct AllowedHTMLTests {
    static func clean(_ html: String) -> String {
        AllowedHTML.clean(html) { reference in
            reference.contains(":") ? reference : "https://news.example.org/story/" + reference
        }
    }

    @Test func textStructureLinksAndPicturesAreKept() {
        let html = """
            <h2 class="wp-block-heading">Ferry</h2><p style="color:red">Fares <strong>rise</strong> &amp; <em>fall</em>.</p>
            <ul><li>one</li></ul><figure><img src="map.png" alt="The map" width="300" loading="lazy"><figcaption>Map</figcaption></figure>
            <p><a href="https://ok.example/a?b=1&amp;c=2" target="_blank" rel="x">ok</a> <a href="notes/">relative</a></p>
            """
        #expect(Self.clean(html) == """
            <h2>Ferry</h2><p>Fares <strong>rise</strong> &amp; <em>fall</em>.</p>
            <ul><li>one</li></ul><figure><img src="https://news.example.org/story/map.png" alt="The map"><figcaption>Map</figcaption></figure>
            <p><a href="https://ok.example/a?b=1&amp;c=2">ok</a> <a href="https://news.example.org/story/notes/">relative</a></p>
            """)
    }

    @Test(arguments: [
        "<script>alert(1)</script>", "<SCRIPT SRC=//evil.example/x.js></SCRIPT>", "<style>body{display:none}</style>",
        "<iframe src=\"https://evil.example/\"></iframe>", "<object data=\"x.swf\"></object>", "<embed src=\"x.swf\">",
        "<svg onload=\"alert(1)\"><script>alert(1)</script></svg>", "<form action=\"https://evil.example/\"><input name=p></form>",
        "<p onclick=\"alert(1)\" onmouseover='alert(2)'>x</p>", "<img src=\"x.png\" onerror=\"alert(1)\">",
        "<a href=\"javascript:alert(1)\">x</a>", "<a href=\" JaVaScRiPt:alert(1)\">x</a>", "<a href=\"data:text/html,<script>alert(1)</script>\">x</a>",
        "<img src=\"javascript:alert(1)\">", "<a href=\"vbscript:x\">x</a>", "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example/\">",
        "<base href=\"https://evil.example/\">", "<link rel=stylesheet href=\"https://evil.example/x.css\">", "<video src=x onplay=alert(1)></video>",
        "<p style=\"background:url(javascript:alert(1))\">x</p>", "&lt;script&gt;alert(1)&lt;/script&gt;", "<scr<script>ipt>alert(1)</script>",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>", "<math><mtext><script>alert(1)</script></mtext></math>",
    ])
    func nothingActiveGetsThrough(hostile: String) {
        let cleaned = Self.clean("<p>before</p>" + hostile + "<p>after</p>").lowercased()
        for active in ["<script", "<style", "<iframe", "<object", "<embed", "<svg", "<form", "<input", "<meta", "<base", "<link", "<video",
                       "javascript:", "vbscript:", "data:", " on", "style="] {
            #expect(!cleaned.contains(active), "\(hostile) gave \(cleaned)")
        }
        #expect(cleaned.hasPrefix("<p>before</p>") && cleaned.hasSuffix("<p>after</p>"), "the text around it stays: \(cleaned)")
    }

    @Test func textIsEscapedAndLosesControlCharacters() {
        #expect(AllowedHTML.escape("a < b & \"c\" > 'd'\u{1B}[31m\u{202E}") == "a &lt; b &amp; &quot;c&quot; &gt; &#39;d&#39;[31m")
        #expect(Self.clean("<p>\u{1B}]0;title\u{07}x &lt;b&gt;</p>") == "<p>]0;titlex &lt;b&gt;</p>")
    }
}
