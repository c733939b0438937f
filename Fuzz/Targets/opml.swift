// OPML subscription lists as `wpnews sites import` reads them: any bytes, as a file a feed
// reader exported or someone crafted (entities, encodings, folders nested deep). A crash, a
// feed whose title or address is not one line of safe text, an error that is not one, or a
// list that, written back by `OPMLWriter`, reads as anything else, fails the run; refusing
// the file is fine.
// libFuzzer: -max_len=65536
// with: Fuzz/Support/OneLine.swift
// seeds: Tests/Fixtures/opml
import FeedFormats
import TextSafety

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let feeds: [OPMLFeed]
    do {
        feeds = try OPMLReader.feeds(in: Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        checkOneLine(error.description, "an error")
        return 0
    }
    for feed in feeds {
        checkOneLine(feed.feedURL, "a feed's address")
        feed.homeURL.map { checkOneLine($0, "a home page's address") }
        feed.title.map { checkOneLine($0, "a title") }
    }
    let written = OPMLWriter.document(title: feeds.first?.title ?? "", feeds: feeds)
    let readBack = Result { try OPMLReader.feeds(in: Array(written.utf8)) }
    guard case .success(feeds) = readBack else {
        fatalError("read back as \(readBack), not \(feeds): \(written.debugDescription)")
    }
    return 0
}
