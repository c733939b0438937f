// Any feed wpnews follows (`FeedReader`: RSS, RDF, Atom, JSON Feed): any bytes, as a server may
// send them (entities, encodings, control characters, HTML served as a feed, truncated
// answers), read with and without an HTTP charset and an address. A crash, an item whose
// title, link, GUID, author or category is not one line of safe text, a post id that is not
// positive, two items with one key, an enclosure that is not absolute http(s), or an error
// that is not one line, fails the run; refusing the bytes is fine.
// libFuzzer: -max_len=65536
// with: Fuzz/Support/OneLine.swift
// seeds: Tests/Fixtures/feeds
import FeedFormats
import TextSafety

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The input's length picks the charset and address, so each seed is read more than one way.
    let charsets: [String?] = [nil, "utf-8", "iso-8859-1", "shift_jis", "utf-16"]
    let feed: Feed
    do {
        feed = try FeedReader.feed(in: bytes, charset: charsets[size % charsets.count], address: size % 2 == 0 ? "https://feed.example/a/feed" : nil)
    } catch {
        checkOneLine(error.description, "an error")
        return 0
    }
    feed.title.map { checkOneLine($0, "the feed's title") }
    feed.generator.map { checkOneLine($0, "the generator") }
    if Set(feed.items.map(\.key)).count != feed.items.count { fatalError("two items share a key") }
    for item in feed.items {
        // An item may have no title (WordPress allows it): empty is fine, anything else one line.
        if !item.title.isEmpty { checkOneLine(item.title, "a title") }
        item.link.map { checkOneLine($0, "a link") }
        item.guid.map { checkOneLine($0, "a GUID") }
        item.author.map { checkOneLine($0, "an author") }
        item.categories.forEach { checkOneLine($0, "a category") }
        if let id = item.postID, id <= 0 { fatalError("post id \(id) from \(item.guid ?? "no GUID")") }
        for enclosure in item.enclosures {
            checkOneLine(enclosure.url, "an enclosure")
            let scheme = enclosure.url.prefix { $0 != ":" }.lowercased()
            if scheme != "http" && scheme != "https" { fatalError("an enclosure that is not http(s): \(enclosure.url)") }
        }
    }
    return 0
}
