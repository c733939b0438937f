import Testing
@testable import TerminalRender
import DisplayWidth
import NewsModels

/// Random HTML from a seeded generator, laid out at widths from 20 to 200: rendering always
/// ends, and no line is wider than the width (the link list's addresses aside).
@Suite struct ArticlePropertyTests {
    @Test(arguments: 0..<40)
    func randomHTMLFitsEveryWidth(seed: Int) {
        var generator = RandomHTML(seed: UInt64(seed))
        for _ in 0..<5 {
            let html = generator.document()
            let article = Article(html: html, baseURL: "https://news.example/story/")
            for _ in 0..<4 {
                let width = generator.int(in: 20...200)
                expectFits(ArticleLayout(width: width).lines(for: article), width: width, links: article.links)
            }
        }
    }

    /// Random preformatted lines, in code and in verse, at widths from 20 to 120: no row is
    /// wider than the width, and nothing is lost. A row that goes on with a line is marked
    /// `↪` in the gutter and hangs at the line's indentation when that is at most half the
    /// row; without those, a line's rows put together give back the line, tabs expanded.
    @Test(arguments: 0..<40)
    func preformattedLinesAreWrappedNeverLost(seed: Int) {
        var generator = RandomHTML(seed: UInt64(seed) + 1_000)
        let source = (0..<generator.int(in: 1...8)).map { _ in generator.preformattedLine() }
        let escaped = source.joined(separator: "\n").replacing("&", with: "&amp;").replacing("<", with: "&lt;")
        let expected = source.map(Self.expandingTabs)
        for opening in ["<pre>", "<pre class=\"wp-block-verse\">"] {
            let width = generator.int(in: 20...120)
            let rows = ArticleLayout(width: width).lines(for: Article(html: opening + escaped + "</pre>"))
            for row in rows where row.width > width {
                Issue.record("\(row.width) columns, wider than \(width): \(row.plainText)")
            }
            let lines = Self.rowsByLine(rows.map(\.plainText))
            #expect(lines.count == expected.count, "\(opening) at \(width)")
            for (rows, line) in zip(lines, expected) {
                expectRows(rows, giveBack: line, rowWidth: width - 2)
            }
        }
    }

    /// Each line's rows, their gutter taken off: its first row, then the rows marked `↪`.
    private static func rowsByLine(_ rows: [String]) -> [[Substring]] {
        var lines: [[Substring]] = []
        for row in rows {
            if row.hasPrefix("↪ "), !lines.isEmpty {
                lines[lines.count - 1].append(row.dropFirst(2))
            } else {
                lines.append([row.dropFirst(2)])
            }
        }
        return lines
    }

    private func expectRows(_ rows: [Substring], giveBack line: String, rowWidth: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let indent = line.prefix { $0 == " " }.count
        let hang = 2 * indent <= rowWidth ? indent : 0
        let pieces = [rows[0]] + rows.dropFirst().map { row in
            #expect(row.prefix(hang).allSatisfy { $0 == " " } && row.count >= hang, "hangs at \(hang): \(row)", sourceLocation: sourceLocation)
            return row.dropFirst(hang)
        }
        #expect(pieces.joined() == line, sourceLocation: sourceLocation)
        // Split where the columns run out: the next piece's first character did not fit.
        for (index, piece) in pieces.enumerated().dropLast() {
            let room = index == 0 ? rowWidth : rowWidth - hang
            let next = pieces[index + 1].first.map(DisplayWidth.of) ?? 0
            #expect(DisplayWidth.of(piece) + next > room, "row \(index) of \(line) ends early", sourceLocation: sourceLocation)
        }
    }

    /// Tab stops every eight columns from the start of the line.
    private static func expandingTabs(_ line: String) -> String {
        var expanded = ""
        var column = 0
        for character in line {
            let spaces = character == "\t" ? 8 - column % 8 : 0
            expanded += character == "\t" ? String(repeating: " ", count: spaces) : String(character)
            column += character == "\t" ? spaces : DisplayWidth.of(character)
        }
        return expanded
    }

    /// Below 20 columns a wide character may not fit at all, but nothing may crash.
    @Test func everyFixtureSurvivesTinyWidths() throws {
        for name in ArticleGoldenTests.names {
            let article = Article(html: try ArticleGoldenTests.html(name))
            for width in -1...19 {
                #expect(!ArticleLayout(width: width).lines(for: article).isEmpty, "\(name) at \(width)")
            }
        }
    }
}

/// Nested elements from the supported set, with random attributes and text that mixes
/// ASCII, CJK, emoji, combining marks, long words, entities and control characters.
struct RandomHTML {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    /// SplitMix64: small, fast and the same on every machine.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(in: 0...choices.count - 1)]
    }

    static let containers = [
        "p", "div", "section", "blockquote", "ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tr", "td",
        "th", "caption", "figure", "figcaption", "pre", "code", "h1", "h2", "h3", "h4", "h5", "h6", "a", "b", "strong",
        "i", "em", "u", "s", "del", "ins", "kbd", "mark", "sup", "sub", "abbr", "q", "cite", "small", "span", "details",
        "summary", "video", "audio", "script", "style", "svg", "form", "button", "font", "custom-element",
    ]
    static let empties = ["br", "hr", "img", "iframe", "embed", "source", "wbr", "input"]
    static let attributes = [
        "href=\"https://example.com/a-rather-long-path/that/never/ends/\(String(repeating: "x", count: 90))\"",
        "href=\"/relative\"", "href=\"#frag\"", "href=\"javascript:x()\"", "src=\"https://www.youtube.com/embed/abc\"",
        "src=\"/image.png\"", "alt=\"an image with a long description of what it shows\"", "title=\"a title\"",
        "colspan=\"3\"", "colspan=\"1000\"", "rowspan=\"4\"", "start=\"7\"", "reversed", "type=\"I\"", "value=\"-3\"",
        "class=\"wp-block-pullquote\"", "class=\"wp-block-verse\"", "class=\"wp-block-embed__wrapper\"",
        "class=\"is-style-dots emoji\"", "cite=\"https://source.example/\"", "hidden", "alt=\"\u{1B}[2J\"",
    ]
    static let words = [
        "the", "council", "approved", "a", "budget", "tetrachlorodibenzoparadioxinhexafluoropropylene",
        "MILLCREEK-SEDIMENT-Q3-COMPOSITE", "東京都の新しい図書館が開館しました", "「川のある町同士」", "👨‍👩‍👧‍👦", "👍🏽",
        "🇯🇵", "e\u{301}", "Z\u{351}\u{352}a\u{355}", "café", "Ελληνικά", "مرحبا", "한국어", "ｆｕｌｌ", "&amp;", "&#8217;",
        "&lt;tag&gt;", "\u{200B}", "\u{00AD}", "\u{1B}[31m", "\u{9B}", "\u{202E}", "\t", "\n", "  ", "x\u{FE0F}",
    ]

    mutating func document() -> String {
        var html = ""
        for _ in 0..<int(in: 1...6) { element(depth: 0, into: &html) }
        return html
    }

    private mutating func element(depth: Int, into html: inout String) {
        if depth > 7 || int(in: 0...3) == 0 {
            text(into: &html)
            return
        }
        if int(in: 0...5) == 0 {
            html += "<\(pick(Self.empties)) \(pick(Self.attributes))>"
            return
        }
        let tag = pick(Self.containers)
        html += "<\(tag)"
        for _ in 0..<int(in: 0...2) { html += " " + pick(Self.attributes) }
        html += ">"
        for _ in 0..<int(in: 0...4) { element(depth: depth + 1, into: &html) }
        // Sometimes left open, as real markup sometimes is.
        if int(in: 0...7) != 0 { html += "</\(tag)>" }
    }

    /// Words that keep their form in a `pre` (no control characters, nothing at the end
    /// that a line drops), after some indentation, with spaces and tabs between them.
    mutating func preformattedLine() -> String {
        var line = pick(["", "", "\t", "\t\t", "    ", "  \t", String(repeating: " ", count: int(in: 1...70))])
        for index in 0..<int(in: 1...30) {
            if index > 0 { line += pick([" ", " ", "  ", "\t", ""]) }
            line += pick(Self.preformattedWords)
        }
        return line
    }

    static let preformattedWords = [
        "let", "x", "=", "{", "}", "&&", "<tag>", "return", "東京都の新しい図書館が開館しました", "👨‍👩‍👧‍👦", "👍🏽", "🇯🇵",
        "e\u{301}", "Z\u{351}\u{352}a\u{355}", "café", "Ελληνικά", "مرحبا", "한국어", "ｆｕｌｌ", "\u{200B}", "x\u{FE0F}",
        "tetrachlorodibenzoparadioxinhexafluoropropylene", String(repeating: "0123456789", count: 12),
    ]

    private mutating func text(into html: inout String) {
        for _ in 0..<int(in: 1...12) { html += pick(Self.words) + pick([" ", " ", " ", "", "\n"]) }
    }
}
