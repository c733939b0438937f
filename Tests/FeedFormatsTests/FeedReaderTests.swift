import Foundation
import Testing
import TextSafety
@testable import FeedFormats

/// The feeds in `Tests/Fixtures/feeds` (the seeded site's, recorded with curl, and hostile
/// ones), which the `feed` fuzzer also starts from.
enum FeedFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/feeds")

    static func feed(_ name: String, charset: String? = nil, address: String? = nil) throws -> Feed {
        try FeedReader.feed(in: bytes(name), charset: charset, address: address)
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appending(path: name)))
    }
}

@Suite struct FeedReaderTests {
    @Test func wordpressRSSGivesItsItemsWithContentAuthorAndCategories() throws {
        let feed = try FeedFixture.feed("wordpress-rss2.xml")
        #expect(feed.title == "The Riverside Ledger")
        #expect(feed.isWordPress)
        #expect(feed.items.count == 10)
        let first = try #require(feed.items.first)
        #expect(first.title == "Live: council votes on the ferry contract")
        #expect(first.link == "http://127.0.0.1:8765/live-council-votes-on-ferry-contract/")
        #expect(first.author == "Jane Okafor")
        #expect(first.categories == ["City Hall", "City Council", "Ferry", "LIVE", "Tamsin River"])
        #expect(first.published == Date(timeIntervalSince1970: 1_795_425_826))
        #expect(first.content?.contains("<p>We are in the council chamber") == true)
        #expect(first.summary?.hasPrefix("We are in the council chamber") == true)
        // The seed wrote its posts with their permalinks as GUIDs, as an import does.
        #expect(first.postID == nil)
        // A post without a title has an empty one, and an empty excerpt.
        #expect(feed.items[7].title == "")
        #expect(feed.items[7].summary == "")
    }

    @Test func wordpressAtomGivesTheSameStories() throws {
        let atom = try FeedFixture.feed("wordpress-atom.xml")
        let rss = try FeedFixture.feed("wordpress-rss2.xml")
        #expect(atom.isWordPress)
        // Atom's titles are HTML (`type="html"`): entities stay for the HTML reader.
        #expect(atom.items[6].title == "Mayor&#8217;s office says &#8220;no comment&#8221; on the ferry contract")
        #expect(atom.items.map(\.title).filter { !$0.contains("&#") } == rss.items.map(\.title).filter { !$0.contains("’") })
        #expect(atom.items.map(\.link) == rss.items.map(\.link))
        #expect(atom.items.map(\.published) == rss.items.map(\.published))
        #expect(atom.items.map(\.author) == rss.items.map(\.author))
        #expect(atom.items.first?.content?.contains("council chamber") == true)
    }

    @Test func theGUIDsQuestionMarkPFormGivesThePostID() throws {
        let feed = try FeedFixture.feed("editor-guids.xml")
        #expect(feed.items.map(\.postID) == [123, nil])
        #expect(PostID.in("https://site.example/?lang=en&p=77#top") == 77)
        #expect(PostID.in("https://site.example/?page_id=4") == nil)
        #expect(PostID.in("https://site.example/p=5/") == nil)
    }

    @Test func titlesLoseBidiControlsAndAnItemMayHaveOnlyAnExcerpt() throws {
        let items = try FeedFixture.feed("editor-guids.xml").items
        #expect(items[0].title == "Bridge opens again")
        #expect(!items[0].title.unicodeScalars.contains(where: SafeText.isUnsafe))
        #expect(items[1].content == nil)
        #expect(items[1].summary == "Only an excerpt.")
        #expect(items[1].author == nil)
    }

    @Test func bothDateFormsAreRead() {
        #expect(FeedDate.read("Tue, 03 Nov 2026 18:05:00 GMT") == Date(timeIntervalSince1970: 1_793_729_100))
        #expect(FeedDate.read("3 Nov 26 19:05 +0100") == Date(timeIntervalSince1970: 1_793_729_100))
        #expect(FeedDate.read("2026-11-03T18:05:00Z") == Date(timeIntervalSince1970: 1_793_729_100))
        #expect(FeedDate.read("2026-11-03T13:05:00.250-05:00") == Date(timeIntervalSince1970: 1_793_729_100))
        #expect(FeedDate.read("yesterday") == nil)
        #expect(FeedDate.read("2026-13-03T18:05:00Z") == nil)
    }

    /// The form nearly every RSS feed writes is read from its bytes; the lenient reader gets
    /// all else, and both read a date alike.
    @Test func rfc822DatesInTheirUsualFormReadAsTheLenientReaderReadsThem() {
        let evening = Date(timeIntervalSince1970: 1_793_729_100)
        #expect(FeedDate.read("Tue, 03 Nov 2026 18:05:00 +0000") == evening)
        #expect(FeedDate.read("Tue, 3 Nov 2026 19:05:00 +0100") == evening)
        #expect(FeedDate.read("tue, 03 NOV 2026 13:05:00 -0500") == evening)
        #expect(FeedDate.read(" Tue, 03 Nov 2026 18:05:00 GMT\n") == evening)
        // Not the usual form: a named zone, a wrong day name, a month's name where the day's goes.
        #expect(FeedDate.read("Tue, 03 Nov 2026 13:05:00 EST") == evening)
        #expect(FeedDate.read("Xyz, 03 Nov 2026 18:05:00 GMT") == evening)
        #expect(FeedDate.read("Jan, 03 Nov 2026 18:05:00 GMT") == Date(timeIntervalSince1970: 1_767_463_500))
    }

    @Test func oneLineTakesTidyASCIIAsItIsAndTidiesTheRest() {
        #expect(XMLText.oneLine("Council votes on the ferry") == "Council votes on the ferry")
        #expect(XMLText.oneLine(" Council  votes ") == "Council votes")
        #expect(XMLText.oneLine("Council\tvotes\n") == "Council votes")
        #expect(XMLText.oneLine("Caf\u{E9}  au lait") == "Caf\u{E9} au lait")
        #expect(XMLText.oneLine("") == nil)
        #expect(XMLText.oneLine(" ") == nil)
    }

    /// Text that is one line already, but not ASCII, comes back as it is; text with any other
    /// white space, or a space that a combining mark joins, is tidied as before.
    @Test func oneLineTakesTidyTextAsItIs() {
        #expect(XMLText.oneLine("Z\u{FC}rich\u{2019}s caf\u{E9} \u{201C}quay\u{201D}") == "Z\u{FC}rich\u{2019}s caf\u{E9} \u{201C}quay\u{201D}")
        #expect(XMLText.oneLine("caf\u{E9}\u{A0}au lait") == "caf\u{E9} au lait")
        #expect(XMLText.oneLine("\u{201C}Caf\u{E9}\u{201D} \u{2014} au lait") == "\u{201C}Caf\u{E9}\u{201D} \u{2014} au lait")
        #expect(XMLText.oneLine("caf\u{E9} \u{301}au lait") == "caf\u{E9} au lait")
        #expect(XMLText.oneLine("\u{E9}t\u{E9} ") == "\u{E9}t\u{E9}")
        #expect(XMLText.oneLine("\u{E9}t\u{E9}\u{1B}[31m") == "\u{E9}t\u{E9}[31m")
    }

    @Test func aFeedThatDeclaresEntitiesIsRefusedBeforeAnyIsExpanded() {
        #expect(throws: FeedError.declaresEntities) { try FeedFixture.feed("billion-laughs.xml") }
    }

    /// An HTML page, and a feed cut before its first item: nothing whole to show.
    @Test(arguments: ["html-page.xml", "truncated-before-items.xml"])
    func malformedFeedsAreOneLine(file: String) {
        #expect {
            try FeedFixture.feed(file)
        } throws: { error in
            guard let error = error as? FeedError, case .malformed = error else { return false }
            return !error.description.contains("\n")
        }
    }

    @Test func xmlThatIsNotAFeedSaysWhatItIs() {
        #expect(throws: FeedError.notAFeed(rootElement: "opml")) {
            try FeedReader.feed(in: Array("<opml version=\"2.0\"><body/></opml>".utf8))
        }
    }

    @Test func aFeedFromElsewhereIsNotWordPress() throws {
        let feed = try FeedReader.feed(in: Array("<rss version=\"2.0\"><channel><generator>Hugo</generator></channel></rss>".utf8))
        #expect(!feed.isWordPress)
        #expect(try !FeedReader.feed(in: Array("<rss><channel/></rss>".utf8)).isWordPress)
    }
}
