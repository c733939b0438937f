// The article extractor: any bytes as a web page, with and without a selector taken from the
// input's first line. A crash, an article holding a script, style, frame or form element, an
// event handler or an address left relative fails the run.
// libFuzzer: -max_len=65536
// seeds: Tests/Fixtures/web/pages
import HTMLParsing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let page = Array(UnsafeBufferPointer(start: data, count: size))
    let firstLine = page.prefix { $0 != 0x0A }
    let selector = firstLine.count < 64 ? String(decoding: firstLine, as: UTF8.self) : nil
    for selector in [nil, selector] {
        guard let found = ArticleExtractor.extract(page: page, charset: nil, pageURL: "https://news.example.org/2026/11/a-story/",
                                                   selector: selector, postID: size % 50) else { continue }
        check(found)
    }
    return 0
}

private func check(_ found: ExtractedArticle) {
    let html = found.html.lowercased()
    for tag in ["<script", "<style", "<iframe", "<form", "<object", "<embed"] {
        for range in html.ranges(of: tag) {
            // `<scripts>` is another element; the tag itself ends its name.
            let after = html[range.upperBound...].first
            if after == nil || after == ">" || after == " " { fail("\(tag) kept: \(found.html.prefix(300))") }
        }
    }
    if html.contains(" onload=") || html.contains(" onerror=") || html.contains(" onclick=") { fail("event handler kept") }
    for value in addresses(in: found.html) {
        // Absolute, or a reference that is a fragment, an empty one, or has a scheme of its own.
        if !value.isEmpty, !value.hasPrefix("#"), !value.contains(":") { fail("relative address \(value)") }
    }
    if let next = found.nextPageURL, !next.hasPrefix("https://"), !next.contains(":") { fail("relative next page \(next)") }
}

/// The values of `href` and `src` attributes in the writer's HTML: only where an attribute can
/// start, inside a tag and outside any quoted value, since another attribute's value may hold
/// the text ` href="` (an `id` written `commen<a href=` on a broken page).
private func addresses(in html: String) -> [Substring] {
    var found: [Substring] = []
    var (inTag, inQuotes) = (false, false)
    var index = html.startIndex
    while index < html.endIndex {
        let character = html[index]
        if inQuotes {
            if character == "\"" { inQuotes = false }
        } else if inTag {
            if character == ">" { inTag = false }
            if character == "\"" { inQuotes = true }
            for attribute in [" href=\"", " src=\""] where html[index...].hasPrefix(attribute) {
                let start = html.index(index, offsetBy: attribute.count)
                found.append(html[start...].prefix { $0 != "\"" })
            }
        } else if character == "<" {
            inTag = true
        }
        index = html.index(after: index)
    }
    return found
}

private func fail(_ message: String) -> Never {
    fatalError(message)
}
