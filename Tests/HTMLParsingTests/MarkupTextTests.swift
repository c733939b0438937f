import Foundation
import Testing
@testable import HTMLParsing

/// Everyday markup is read without libxml2's parser (`MarkupText`); what it gives must be what
/// the parser gives, and anything it is not sure of must go to the parser.
@Suite struct MarkupTextTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../Fixtures")

    /// The article corpus (`Fixtures/html`) and the HTML the feed corpus carries in CDATA.
    static let corpus: [String] = {
        var documents: [String] = []
        let html = fixtures.appending(path: "html")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: html.path)) ?? [] where name.hasSuffix(".html") {
            if let text = try? String(contentsOf: html.appending(path: name), encoding: .utf8) { documents.append(text) }
        }
        let feeds = fixtures.appending(path: "feeds")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: feeds.path)) ?? [] where name.hasSuffix(".xml") {
            guard let text = try? String(contentsOf: feeds.appending(path: name), encoding: .utf8) else { continue }
            for section in text.matches(of: /<!\[CDATA\[(.*?)\]\]>/.dotMatchesNewlines()) { documents.append(String(section.1)) }
        }
        return documents
    }()

    /// Read here: the text the parser gives.
    static let everyday = [
        #"<p class="lead">A <strong>heron</strong> on the <a href="https://quay.example/birds/" title="Birds">qu<b>ay</b></a>.</p>"#,
        "<p>The caf&eacute; serves cr&egrave;me br&ucirc;l&eacute;e &amp; more&nbsp;&hellip;</p>",
        "<P>Upper <EM>case</EM> tags</P><BR>end",
        "<ul><li>one</li><li>two</li></ul><ol><li>three</li></ol>",
        #"<figure><img src="a.jpg" alt="A > B" width=1200 height=800><figcaption>Caption</figcaption></figure>after"#,
        "<p>a<br>b<br/>c<br />d<hr>e</p>",
        "<blockquote><p>“Quoted” — Someone</p></blockquote>",
        "<p>before<script>var x = '<p>not text</p>';</script>after<style>p { color: red }</style>end</p>",
        "<p>one<!-- a comment -->two<!---->three</p>",
        "<table><tr><td>cell</td><td>cell</td></tr></table>",
        "<p>Tom & Jerry</p>", "<p>x</p>\n\n<p>y</p>\t", "<p>  spaced   out  </p>", "text first <b>then</b> tags",
        "<span>inline</span><span>joined</span>", "<div/>self<p/>closed", "<p data-x='1' hidden>attrs</p>",
        "<p>日本語の<strong>テキスト</strong></p>", "<p>emoji 👨‍👩‍👧 e\u{301}</p>", "<pre>\n  code\n</pre>",
        "<p>unclosed at the end", "<h2>Heading</h2><p>Para</p>", "<sup>1</sup><sub>2</sub>",
    ]

    /// Left to the parser.
    static let refused = [
        "<!DOCTYPE html><p>x</p>", "<html><body><p>x</p></body></html>", "<p>a < b</p>", "<p>x</li>",
        "<ul><li>one<li>two</ul>", "<title>T</title><p>x</p>", "<form>f</form>", "<p>a\u{1B}[2Jb</p>",
        "<p>a\u{202E}b</p>", "<p>a\rb</p>", "<p>&bogus;</p>", "<my-element>x</my-element>", "<p>x<!-- unclosed",
        "<script>never closed", "<p a=\"1\"b=\"2\">x</p>", "<p>x\u{7F}</p>", "<xmp><b>raw</b></xmp>", "<p>&#150;</p>",
    ]

    @Test(arguments: everyday)
    func readsEverydayMarkupAsTheParserDoes(html: String) {
        #expect(MarkupText.text(html) != nil)
        #expect(HTMLPlainText.of(html) == HTMLPlainText.parsed(html))
    }

    @Test(arguments: refused)
    func leavesTheRestToTheParser(html: String) {
        #expect(MarkupText.text(html) == nil)
        #expect(HTMLPlainText.of(html) == HTMLPlainText.parsed(html))
    }

    /// Shapes the parser reads its own way, each found in review: a bidi control written as a
    /// reference (which the parser's path strips), a comment closed by `--!>`, a leading script
    /// or style (libxml2 opens a head for it, and what follows may land there and be dropped),
    /// and elements libxml2 knows to end a paragraph that `HTMLTag` does not name.
    @Test(arguments: [
        "<em>Invoice</em> &#x202E;fdp.exe", "<p>a &#x2066;b</p>", "x<!-- a --!> b -->y",
        "<style>.a{}</style><figure><figcaption>Caption words</figcaption></figure><p>Body</p>",
        "\n<script>var a</script><td>cell</td>after", "<style>p{}</style><section>Kept?</section>",
        "x<col>y", "x<colgroup>y<p>z</p>",
        // Once text or an element has begun the body, a style is the body's, read here.
        "Lead words<style>p{}</style><section>kept</section>", "<p>x</p><script>s</script><figure>kept</figure>",
    ])
    func readsAsTheParserWhereItsOwnRulesDiffer(html: String) {
        #expect(HTMLPlainText.of(html) == HTMLPlainText.parsed(html), "\(html.debugDescription)")
        #expect(MarkupText.text(html) == nil || html.contains("kept"), "\(html.debugDescription)")
    }

    /// Every document of the corpus comes out as the parser gives it, and most of it is read
    /// without the parser, or the fast path would cost nothing but its test.
    @Test func agreesWithTheParserOnTheCorpus() {
        #expect(Self.corpus.count > 100)
        var read = 0
        for html in Self.corpus {
            if let text = MarkupText.text(html) {
                read += 1
                #expect(text == HTMLPlainText.parsed(html), "\(html.prefix(200))")
            }
        }
        #expect(read * 2 > Self.corpus.count, "\(read) of \(Self.corpus.count) read without the parser")
    }
}
