// The article renderer: any bytes, read as a server's HTML would be (invalid UTF-8 replaced),
// laid out at several widths. A line wider than its width, a line whose text could drive the
// terminal, or a crash fails the run.
// libFuzzer: -max_len=16384
// seeds: Tests/Fixtures/html
import DisplayWidth
import NewsModels
import TerminalRender
import TextSafety

/// Widths from a narrow terminal up to a wide one; the narrow ones are where the corner cases
/// are (nested list markers and quote bars, table rules). Below 10 columns some lines cannot
/// fit (a separator, `·   ·   ·`, is nine columns wide); `--width` starts at 20.
private let widths = [10, 13, 24, 40, 80]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let article = Article(html: html, baseURL: "https://news.example.org/2026/11/22/a-story/")
    // One more width from the input, so every width up to 200 gets its turn over a run.
    for width in widths + [10 + size % 191] {
        check(ArticleLayout(width: width).lines(for: article), width: width, links: article.links)
    }
    _ = ANSIEncoder(colors: true).encode(ArticleLayout(width: 80).lines(for: article))
    return 0
}

/// What `ArticleLayout` promises: no line wider than the width but the link list's, whose
/// lines end `[n] address` and are never broken; and no text that could drive the terminal.
private func check(_ lines: [StyledLine], width: Int, links: [String]) {
    for (offset, line) in lines.suffix(links.count).enumerated() where !line.plainText.hasSuffix("[\(offset + 1)] " + links[offset]) {
        fail("link list line \(offset + 1) is not '[\(offset + 1)] \(links[offset])': \(line.plainText.debugDescription)", width)
    }
    for line in lines.dropLast(links.count) where line.width > width {
        fail("\(line.width) columns, wider than \(width): \(line.plainText.debugDescription)", width)
    }
    for line in lines {
        for span in line.spans {
            if let scalar = span.text.unicodeScalars.first(where: SafeText.isUnsafe) {
                fail("U+\(String(scalar.value, radix: 16, uppercase: true)) in a line's text: \(line.plainText.debugDescription)", width)
            }
            // The ASCII and single-scalar fast paths of `DisplayWidth` agree with the grapheme by grapheme count.
            let byCharacter = span.text.reduce(0) { $0 + DisplayWidth.of($1) }
            if DisplayWidth.of(span.text) != byCharacter {
                fail("DisplayWidth.of gives \(DisplayWidth.of(span.text)), its characters \(byCharacter): \(span.text.debugDescription)", width)
            }
        }
    }
}

private func fail(_ message: String, _ width: Int) -> Never {
    fatalError("at width \(width): \(message)")
}
