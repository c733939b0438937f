// RSS 2.0 and Atom 1.0 as wpnews reads a WordPress site's feed when its REST API is closed
// (`FeedReader`): any bytes, as a server may send them (entities, encodings, HTML served as a
// feed, truncated answers). A crash, an item whose title, link, GUID, author or category is
// not one line of safe text, a post id that is not positive, or an error that is not one
// line, fails the run; refusing the bytes is fine.
// libFuzzer: -max_len=65536
// with: Fuzz/Support/OneLine.swift
// seeds: Tests/Fixtures/feeds
import FeedFormats
import TextSafety

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let feed: Feed
    do {
        feed = try FeedReader.feed(in: Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        checkOneLine(error.description, "an error")
        return 0
    }
    feed.title.map { checkOneLine($0, "the feed's title") }
    feed.generator.map { checkOneLine($0, "the generator") }
    for item in feed.items {
        // An item may have no title (WordPress allows it): empty is fine, anything else one line.
        if !item.title.isEmpty { checkOneLine(item.title, "a title") }
        item.link.map { checkOneLine($0, "a link") }
        item.guid.map { checkOneLine($0, "a GUID") }
        item.author.map { checkOneLine($0, "an author") }
        item.categories.forEach { checkOneLine($0, "a category") }
        if let id = item.postID, id <= 0 { fatalError("post id \(id) from \(item.guid ?? "no GUID")") }
    }
    return 0
}
