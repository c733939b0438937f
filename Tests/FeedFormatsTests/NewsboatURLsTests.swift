import Testing
@testable import FeedFormats

@Suite struct NewsboatURLsTests {
    @Test func everyKindOfLineAndQuoting() throws {
        let list = try SubscriptionList.read(OPMLFixture.bytes("newsboat-urls"))
        #expect(list.format == .newsboatURLs)
        #expect(list.feeds == [
            // Listed again at the end with another tag: once, in all its groups.
            ListedFeed(feedURL: "http://ledger.example.org/feed/", title: "The Riverside Ledger", groups: ["local", "news", "tech"]),
            ListedFeed(feedURL: "https://theme.example.org/feed/", title: "théme-ünit", groups: ["Local news"]),
            // Led by spaces, words a tab apart, escaped quotes; `!hidden` only hides it in newsboat.
            ListedFeed(feedURL: "https://quay.example.org/atom.xml", title: "Quay \"Street\" Journal", groups: ["tech"]),
            ListedFeed(feedURL: "https://bold.example.org/rss?a=1&b=2"),
            // Whatever the scheme, a line names a feed: the import decides what it follows.
            ListedFeed(feedURL: "ftp://files.example.org/feed.xml"),
            ListedFeed(feedURL: "file:///home/me/feed.xml"),
            ListedFeed(feedURL: "example.org/no-scheme/feed"),
            // A quote left open runs to the end of the line.
            ListedFeed(feedURL: "https://open.example.org/feed", title: "An open quote"),
        ])
        #expect(list.skipped == [SkippedLine(kind: .query, line: 7), SkippedLine(kind: .exec, line: 8), SkippedLine(kind: .filter, line: 9)])
    }

    @Test func latin1AndWindowsLineEndsAreRead() throws {
        #expect(try SubscriptionList.read(OPMLFixture.bytes("newsboat-urls-latin1-crlf")).feeds == [
            ListedFeed(feedURL: "http://windows.example.org/feed"),
            ListedFeed(feedURL: "https://latin.example.org/feed", title: "Café"),
        ])
    }

    @Test(arguments: [
        ("a b\\ c \"d e\" \"f\\\"g\" #h i", ["a", "b\\", "c", "d e", "f\"g"]),
        ("  \"\\\\back\\tslash\"", ["\\back\tslash"]),
        // Only a word that starts with '#' starts a comment.
        ("url#x not a comment", ["url#x", "not", "a", "comment"]),
        ("\"\"", [""]),
    ])
    func wordsAreSplitAsNewsboatSplitsThem(line: String, words: [String]) {
        #expect(NewsboatURLs.words(of: Substring(line)) == words)
    }

    @Test func controlBytesAreNotAList() {
        #expect(throws: SubscriptionListError.notText(line: 2)) { try SubscriptionList.read(Array("http://a.example.org/\n\u{1B}[2J\n".utf8)) }
        #expect(throws: SubscriptionListError.notText(line: 2)) { try SubscriptionList.read([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }
    }

    @Test func titlesAndTagsLoseControlAndBidiCharacters() throws {
        let list = try SubscriptionList.read(Array("https://a.example.org/ \"~Red\u{202E}txt\" \"ta\u{9B}g\"\n".utf8))
        #expect(list.feeds == [ListedFeed(feedURL: "https://a.example.org/", title: "Redtxt", groups: ["tag"])])
    }

    @Test func anEmptyFileIsAnEmptyList() throws {
        for text in ["", "\n\n", "# only a comment\n"] {
            #expect(try SubscriptionList.read(Array(text.utf8)) == SubscriptionList(format: .newsboatURLs, feeds: []))
        }
    }

    @Test func xmlIsReadAsOPMLWhateverLeadsIt() throws {
        for lead in ["", "\u{FEFF}", " \n\t"] {
            let list = try SubscriptionList.read(Array((lead + "<opml><body><outline xmlUrl=\"https://a.example.org/\"/></body></opml>").utf8))
            #expect(list == SubscriptionList(format: .opml, feeds: [ListedFeed(feedURL: "https://a.example.org/")]))
        }
        #expect(try SubscriptionList.read(OPMLFixture.bytes("utf16.opml")).format == .opml)
    }
}
