import GoldenFiles
import FoundationEssentials
import Testing
@testable import TerminalRender
import NewsModels

/// Every HTML fixture, rendered without colour at two widths and compared with its golden
/// file, `Golden/article-NAME-WIDTH.golden`.
@Suite struct ArticleGoldenTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/html")

    /// The fixture names, without `.html`: the seeded WordPress's posts (`post-ID-...`) and
    /// hand-made ones.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return files.filter { $0.hasSuffix(".html") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// Read as bytes and decoded with replacement, as invalid UTF-8 from a server would be.
    static func html(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: fixtures.appending(path: name + ".html")), as: UTF8.self)
    }

    static func render(_ html: String, width: Int) -> (article: Article, lines: [StyledLine]) {
        let article = Article(html: html, baseURL: "http://127.0.0.1:8765/fixture/")
        return (article, ArticleLayout(width: width).lines(for: article))
    }

    @Test func thereAreEnoughFixtures() {
        #expect(Self.names.count >= 20)
    }

    @Test(arguments: names, [72, 40])
    func matchesGolden(name: String, width: Int) throws {
        let (article, lines) = Self.render(try Self.html(name), width: width)
        try Golden.check(ANSIEncoder(colors: false).encode(lines), named: "article-\(name)-\(width)")
        expectFits(lines, width: width, links: article.links)
    }

    // MARK: - Generated at test time: too big, or too deep, to commit

    /// Ten thousand nested elements of every kind, closed properly, then never closed.
    @Test func tenThousandLevelsDeep() throws {
        let kinds = [
            ("<div>", "</div>"), ("<blockquote>", "</blockquote>"), ("<ul><li>", "</li></ul>"), ("<ol><li>", "</li></ol>"),
            ("<b>", "</b>"), ("<a href=\"https://example.com/deep\">", "</a>"), ("<table><tr><td>", "</td></tr></table>"),
            ("<dl><dd>", "</dd></dl>"), ("<figure>", "</figure>"), ("<span>", "</span>"), ("<em>", "</em>"),
        ]
        var html = ""
        for level in 0..<10_000 { html += kinds[level % kinds.count].0 + "level \(level) " }
        for level in (0..<10_000).reversed() { html += kinds[level % kinds.count].1 }
        html += "<p>After the deep part.</p>" + String(repeating: "<div>never closed ", count: 10_000)
        try checkSummary(of: html, named: "deep-nesting")
    }

    /// Five megabytes of post HTML on a single line, and a one-megabyte word.
    @Test func fiveMegabytesOnOneLine() throws {
        let paragraph = "<p>The council <b>approved</b> the <a href=\"https://riverside.example/plan\">riverside plan</a> "
            + "on Tuesday, 東京の図書館 👍🏽 and café.</p>"
        var html = String(repeating: paragraph, count: 5_000_000 / paragraph.utf8.count)
        html += "<p>" + String(repeating: "x", count: 1_000_000) + "</p>"
        try checkSummary(of: html, named: "five-megabyte-line")
    }

    /// The line count and the first and last lines, with every line checked for width.
    private func checkSummary(of html: String, named name: String) throws {
        let (article, lines) = Self.render(html, width: 72)
        expectFits(lines, width: 72, links: article.links)
        let text = lines.map(\.plainText)
        let summary = ["\(text.count) lines, \(article.links.count) links, \(article.wordCount) words", "--- first lines:"]
            + text.prefix(12) + ["--- last lines:"] + text.suffix(12)
        try Golden.check(summary.joined(separator: "\n") + "\n", named: "article-\(name)-72")
    }
}

/// No line is wider than `width`, except the link list at the end: `[n] address` lines,
/// whose addresses are never broken.
func expectFits(_ lines: [StyledLine], width: Int, links: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let linkLines = lines.suffix(links.count)
    for (offset, line) in linkLines.enumerated() {
        #expect(line.plainText.hasSuffix("[\(offset + 1)] " + links[offset]), "link list line \(line.plainText)", sourceLocation: sourceLocation)
    }
    for line in lines.dropLast(links.count) where line.width > width {
        Issue.record("\(line.width) columns, wider than \(width): \(line.plainText)", sourceLocation: sourceLocation)
    }
}
