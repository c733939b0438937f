// Subscription lists as `wpnews sites import` reads them (OPML, else newsboat's urls): any
// bytes, as a file a feed reader exported or someone crafted (entities, encodings, folders
// nested deep, quotes left open). A crash, a feed whose title, address or group is not one
// line of safe text, an error that is not one, or a list that, written back by `OPMLWriter`,
// reads as other feeds, fails the run; refusing the file is fine.
// libFuzzer: -max_len=65536
// with: Fuzz/Support/OneLine.swift
// seeds: Tests/Fixtures/opml
import FeedFormats
import TextSafety

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let feeds: [ListedFeed]
    do {
        feeds = try SubscriptionList.read(Array(UnsafeBufferPointer(start: data, count: size))).feeds
    } catch {
        checkOneLine(error.description, "an error")
        return 0
    }
    for feed in feeds {
        checkOneLine(feed.feedURL, "a feed's address")
        feed.homeURL.map { checkOneLine($0, "a home page's address") }
        feed.title.map { checkOneLine($0, "a title") }
        feed.groups.forEach { checkOneLine($0, "a group") }
    }
    // The writer puts feeds in their folders: the same feeds come back, in another order.
    let written = OPMLWriter.document(title: feeds.first?.title ?? "", feeds: feeds)
    let readBack = Result { try OPMLReader.feeds(in: Array(written.utf8)) }
    guard case .success(let again) = readBack, Set(again) == Set(feeds), again.count == feeds.count else {
        fatalError("read back as \(readBack), not \(feeds): \(written.debugDescription)")
    }
    return 0
}
