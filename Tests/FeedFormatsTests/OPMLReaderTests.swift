import Foundation
import Testing
import TestHTTPServer
import TextSafety
@testable import FeedFormats

/// The lists in `Tests/Fixtures/opml`, which the `opml` fuzzer also starts from.
enum OPMLFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/opml")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appending(path: name)))
    }

    static func feeds(_ name: String) throws -> [ListedFeed] {
        try OPMLReader.feeds(in: bytes(name))
    }
}

@Suite struct OPMLReaderTests {
    @Test func newsboatsExportGivesItsFeedsAndTreatsEmptyAttributesAsMissing() throws {
        #expect(try OPMLFixture.feeds("newsboat.opml") == [
            ListedFeed(feedURL: "http://127.0.0.1:8765/feed/", homeURL: "http://127.0.0.1:8765/", title: "The Riverside Ledger"),
            ListedFeed(feedURL: "http://127.0.0.1:9/feed/"),
        ])
    }

    @Test func foldersAreGroupsAndAFeedInTwoFoldersCountsOnceInBoth() throws {
        #expect(try OPMLFixture.feeds("feedly-folders.opml") == [
            ListedFeed(feedURL: "https://campus.example.org/feed/", homeURL: "https://campus.example.org", title: "Campus & City", groups: ["Local news", "Tech"]),
            ListedFeed(feedURL: "https://herons.example.org/feed/?x=1&y=2", homeURL: "https://herons.example.org/", title: "Herons", groups: ["Local news", "Sport"]),
            ListedFeed(feedURL: "https://text.example.org/rss", title: "Only text, no title", groups: ["Tech"]),
            // `xmlURL`, white space around the address, a title on two lines.
            ListedFeed(feedURL: "https://upper.example.org/feed/", title: "Spaces and lines"),
        ])
    }

    @Test func awkwardFoldersNestedNamelessNamedLikeAFeedAndFeedsWithoutAnAddress() throws {
        #expect(try OPMLFixture.feeds("folders-awkward.opml") == [
            ListedFeed(feedURL: "http://ledger.example.org/feed/", homeURL: "http://ledger.example.org/", title: "The Riverside Ledger",
                       groups: ["Campus", "Local", "News", "Tech"]),
            ListedFeed(feedURL: "https://theme.example.org/feed/", title: "théme-ünit", groups: ["News"]),
            ListedFeed(feedURL: "https://quay.example.org/atom.xml", title: "Quay Street Journal", groups: ["Quay Street Journal"]),
            // Entities are the XML's: what was escaped twice keeps one escape, as written.
            ListedFeed(feedURL: "https://bold.example.org/rss?a=1&b=2", title: "<b>Bold</b> &amp; co"),
            ListedFeed(feedURL: "https://kahan.example.jp/feed", title: "河畔市 news", groups: ["河畔 ニュース"]),
            // Any scheme is read: the import decides what it follows.
            ListedFeed(feedURL: "file:///etc/passwd", title: "Not the web"),
        ])
    }

    @Test func aHugeListIsReadWhole() throws {
        let feeds = try OPMLFixture.feeds("huge.opml")
        #expect(feeds.count == 2400)
        #expect(feeds.last == ListedFeed(feedURL: "https://feed2399.example.org/rss.xml", homeURL: "https://feed2399.example.org/", title: "Feed 2399", groups: ["Folder 39"]))
        #expect(Set(feeds.flatMap(\.groups)).count == 40)
    }

    @Test func inoreadersExportWithAFeedOutsideAnyFolder() throws {
        #expect(try OPMLFixture.feeds("inoreader.opml").map(\.feedURL) == ["https://blog.example.org/feed/", "https://solo.example.org/?feed=rss2"])
    }

    /// Found by the fuzzer: a combining mark after a tab joined the space between words into
    /// a white-space character at the title's end.
    @Test func aMarkAfterWhiteSpaceLeavesNoWhiteSpaceAtTheEnds() throws {
        #expect(XMLText.oneLine("0 \t\u{20E2}") == "0")
        let inside = try #require(XMLText.oneLine("0 \t\u{20E2}utf8b"))
        #expect(XMLText.oneLine(inside) == inside, "read back, the same line: \(inside.debugDescription)")
        for name in ["mark-after-white-space.opml", "mark-after-tab-inside.opml"] {
            for feed in try OPMLFixture.feeds(name) {
                let title = try #require(feed.title)
                #expect(title.last?.isWhitespace == false && title.first?.isWhitespace == false, "\(title.debugDescription)")
                #expect(XMLText.oneLine(title) == title, "\(title.debugDescription)")
            }
        }
    }

    @Test func titlesLoseControlAndBidiCharacters() throws {
        let feeds = try OPMLFixture.feeds("hostile-titles.opml")
        #expect(feeds == [
            ListedFeed(feedURL: "https://evil.example.org/feed/", title: "Red31m alerttxt.exe"),
            ListedFeed(feedURL: "https://empty.example.org/feed/"),
        ])
    }

    @Test(arguments: ["latin1.opml", "utf16.opml"])
    func aDeclaredEncodingIsRead(file: String) throws {
        let feeds = try OPMLFixture.feeds(file)
        #expect(feeds.count == 1)
        #expect(feeds.first?.title == (file == "latin1.opml" ? "Café Zürich" : "河畔市 news"))
    }

    @Test func anExternalDTDIsNotFetchedAndTheListStillReads() throws {
        #expect(try OPMLFixture.feeds("external-dtd.opml").map(\.feedURL) == ["https://dtd.example.org/feed/"])
    }

    @Test func nothingIsFetchedForADTDOrAnEntity() throws {
        let server = try TestHTTPServer { _ in .text("<!ENTITY x \"fetched\">") }
        defer { server.stop() }
        let lists = [
            "<!DOCTYPE opml SYSTEM \"\(server.url("/opml.dtd"))\"><opml><body/></opml>",
            "<!DOCTYPE opml [<!ENTITY x SYSTEM \"\(server.url("/x"))\">]><opml><body><outline xmlUrl=\"&x;\"/></body></opml>",
            "<!DOCTYPE opml [<!ENTITY % x SYSTEM \"\(server.url("/x.dtd"))\"> %x;]><opml><body/></opml>",
        ]
        for list in lists { _ = try? OPMLReader.feeds(in: Array(list.utf8)) }
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: ["billion-laughs.opml", "external-entity.opml", "parameter-entity.opml"])
    func entityDeclarationsAreRefusedBeforeAnyIsExpanded(file: String) throws {
        #expect(throws: SubscriptionListError.declaresEntities) { try OPMLFixture.feeds(file) }
    }

    @Test(arguments: [
        ("truncated.opml", "Premature end"), ("not-utf8.opml", "UTF-8"), ("unknown-encoding.opml", "KLINGON-8"), ("html-page.opml", "line"),
    ])
    func malformedXMLIsOneLineWithLibxml2sReason(file: String, mentioning: String) throws {
        let error = try #require(throws: SubscriptionListError.self) { try OPMLFixture.feeds(file) }
        guard case .malformed = error else { Issue.record("\(file): \(error)"); return }
        #expect(error.description.contains(mentioning), "\(file): \(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func xmlThatIsNotOPMLNamesItsRoot() throws {
        #expect(throws: SubscriptionListError.notOPML(rootElement: "html")) { try OPMLFixture.feeds("xhtml-page.opml") }
    }

    @Test func emptyAndBlankInputsAreMalformed() {
        for input in ["", "   \n", "\u{FEFF}"] {
            #expect(throws: SubscriptionListError.self, "\(input.debugDescription)") { try OPMLReader.feeds(in: Array(input.utf8)) }
        }
    }

    @Test func aListWithoutFeedsIsEmpty() throws {
        #expect(try OPMLReader.feeds(in: Array("<opml version=\"2.0\"><head/><body/></opml>".utf8)).isEmpty)
        #expect(try OPMLReader.feeds(in: Array("<opml version=\"2.0\"/>".utf8)).isEmpty)
    }

    @Test func outlinesInTheHeadAreNotFeeds() throws {
        let list = "<opml><head><outline xmlUrl=\"https://head.example.org/\"/></head><body><outline xmlUrl=\"https://body.example.org/\"/></body></opml>"
        #expect(try OPMLReader.feeds(in: Array(list.utf8)).map(\.feedURL) == ["https://body.example.org/"])
    }

    @Test func tooLargeAFileIsRefusedUnread() {
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: SubscriptionList.maximumBytes + 1)
        #expect(throws: SubscriptionListError.tooLarge(limit: SubscriptionList.maximumBytes)) { try OPMLReader.feeds(in: huge) }
    }

    @Test func deepFoldersEndInOneLineNotACrash() throws {
        let depth = 100_000
        let list = "<opml><body>" + String(repeating: "<outline text=\"f\">", count: depth) + String(repeating: "</outline>", count: depth) + "</body></opml>"
        let error = try #require(throws: SubscriptionListError.self) { try OPMLReader.feeds(in: Array(list.utf8)) }
        #expect(error.description.contains("depth"), "\(error)")
        // Within libxml2's limit, a feed at the bottom of 200 folders is found.
        let deep = "<opml><body>" + String(repeating: "<outline>", count: 200) + "<outline xmlUrl=\"https://deep.example.org/\"/>"
            + String(repeating: "</outline>", count: 200) + "</body></opml>"
        #expect(try OPMLReader.feeds(in: Array(deep.utf8)).map(\.feedURL) == ["https://deep.example.org/"])
    }
}

@Suite struct OPMLWriterTests {
    @Test func writesOPML2WithEscapedAttributes() throws {
        let document = OPMLWriter.document(title: "wpnews sites", feeds: [
            ListedFeed(feedURL: "https://a.example.org/?feed=rss2&x=\"1\"", homeURL: "https://a.example.org/", title: "a<b>&c"),
        ])
        #expect(document.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"), "\(document)")
        #expect(document.contains("<outline type=\"rss\" text=\"a&lt;b&gt;&amp;c\" title=\"a&lt;b&gt;&amp;c\" xmlUrl=\"https://a.example.org/?feed=rss2&amp;x=&quot;1&quot;\" htmlUrl=\"https://a.example.org/\"/>"), "\(document)")
    }

    @Test func whatItWritesReadsBackTheSame() throws {
        let feeds = [
            ListedFeed(feedURL: "https://a.example.org/feed/", homeURL: "https://a.example.org/", title: "campus"),
            ListedFeed(feedURL: "https://b.example.org/?feed=rss2&lang=en", homeURL: nil, title: "Ünïcödé & <friends> 河畔"),
            ListedFeed(feedURL: "https://c.example.org/feed/"),
        ]
        #expect(try OPMLReader.feeds(in: Array(OPMLWriter.document(title: "t", feeds: feeds).utf8)) == feeds)
    }

    @Test func controlCharactersNeverReachTheDocument() throws {
        let document = OPMLWriter.document(title: "t\u{1B}[2J", feeds: [ListedFeed(feedURL: "https://x.example.org/\u{7}", title: "a\u{0}b\u{9B}c")])
        #expect(!document.unicodeScalars.contains { SafeText.isUnsafe($0) && $0 != "\n" }, "\(document.debugDescription)")
        #expect(try OPMLReader.feeds(in: Array(document.utf8)) == [ListedFeed(feedURL: "https://x.example.org/", title: "abc")])
    }

    @Test func groupsAreFoldersAndAFeedInTwoIsWrittenInBoth() throws {
        let feeds = [
            ListedFeed(feedURL: "https://a.example.org/feed/", title: "a", groups: ["local", "tech"]),
            ListedFeed(feedURL: "https://b.example.org/feed/", title: "b"),
            ListedFeed(feedURL: "https://c.example.org/feed/", title: "c", groups: ["tech"]),
        ]
        let document = OPMLWriter.document(title: "t", feeds: feeds)
        let outlines = document.split(separator: "\n").map { $0.drop(while: { $0 == " " }) }.filter { $0.hasPrefix("<outline") || $0 == "</outline>" }
        #expect(outlines.map { $0.contains("xmlUrl") ? String($0.split(separator: "\"")[3]) : String($0) } == [
            "b", "<outline text=\"local\" title=\"local\">", "a", "</outline>", "<outline text=\"tech\" title=\"tech\">", "a", "c", "</outline>",
        ], "\(document)")
        #expect(Set(try OPMLReader.feeds(in: Array(document.utf8))) == Set(feeds))
    }

    @Test func anEmptyListIsStillOPML() throws {
        #expect(try OPMLReader.feeds(in: Array(OPMLWriter.document(title: "none", feeds: []).utf8)).isEmpty)
    }
}
