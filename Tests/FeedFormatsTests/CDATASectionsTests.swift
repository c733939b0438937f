import Foundation
import Testing
@testable import FeedFormats

/// CDATA sections are taken out before libxml2 parses a feed and put back as text
/// (`CDATASections`): what the reader finds must be what libxml2 makes of the whole document.
@Suite struct CDATASectionsTests {
    @Test func sectionsReadAsTheirTextWhereverTheyStand() throws {
        let feed = try FeedFixture.feed("cdata-awkward.xml")
        #expect(feed.title == "Awkward CDATA")
        #expect(feed.items.map(\.title) == ["Tides & <em>times</em>", "Outside the comment", "After an instruction"])
        #expect(feed.items[0].summary == "before <b>bold</b> after")
        // Line ends as XML reads them; a section split to hold `]]>` is whole again.
        #expect(feed.items[0].content == "<p>one\ntwo\nthree</p><p>]]></p>")
        #expect(feed.items[1].summary == "")
    }

    @Test func aFeedThatUsesTheInstructionsNameIsLeftToLibxml2() throws {
        let feed = try FeedFixture.feed("cdata-own-instruction.xml")
        #expect(feed.items.map(\.title) == ["Read by libxml2 alone"])
        let bytes = FeedBytes.xml(try FeedFixture.bytes("cdata-own-instruction.xml"), charset: nil)
        #expect(CDATASections.extract(bytes, shortest: 0).0 == bytes)
    }

    @Test func shortSectionsAreLeftToLibxml2() {
        let short = "<rss><channel><item><title><![CDATA[A name]]></title></item></channel></rss>"
        #expect(CDATASections.extract(Array(short.utf8)[...]).1.texts.isEmpty)
        let long = "<rss><channel><item><title><![CDATA[\(String(repeating: "x", count: CDATASections.shortestTaken))]]></title></item></channel></rss>"
        #expect(CDATASections.extract(Array(long.utf8)[...]).1.texts.count == 1)
    }

    /// The tree libxml2 builds from the document with its sections taken out and put back,
    /// against the one it builds from the whole document: the same markup, the same error at
    /// the same line, for every feed of the corpus and for documents made to trip the search.
    /// Every section is taken, however short, as the made documents' are.
    @Test func theTreeIsTheOneLibxml2BuildsFromTheWholeDocument() throws {
        let corpus = try FileManager.default.contentsOfDirectory(atPath: FeedFixture.directory.path)
            .filter { !$0.hasSuffix(".json") }.sorted()
        #expect(corpus.count > 60)
        var documents = try corpus.map { ($0, try FeedFixture.bytes($0)) }
        let made = [
            "<rss><channel><item><title><![CDATA[cut off", // no end
            "<rss><channel><item><title>a</title></item></channel></rss><![CDATA[after the root]]>",
            "<![CDATA[before the root]]><rss><channel/></rss>",
            "<rss><channel><item><title a=\"<![CDATA[\">x</title><description>]]></description></item></channel></rss>",
            "<rss><channel><item><title a='\"'><![CDATA[<x>]]></title></item></channel></rss>",
            "<!DOCTYPE rss><rss><channel><item><title><![CDATA[t]]></title></item></channel></rss>",
            "<rss><channel><item><title><![CDATA[two\nlines]]>\n</title><oops></item></channel></rss>",
            "<rss><?pi <![CDATA[ ?><channel><title><![CDATA[x]]></title></channel></rss>",
        ]
        documents += made.enumerated().map { ("made \($0.offset)", Array($0.element.utf8)) }
        for (name, bytes) in documents {
            let text = FeedBytes.xml(bytes, charset: nil)
            let whole = Self.tree(text, sections: CDATASections())
            let (rewritten, sections) = CDATASections.extract(text, shortest: 0)
            #expect(Self.tree(rewritten, sections: sections) == whole, "\(name)")
        }
    }

    /// The markup of the document's root as parsed (after `sections` are put back), or the failure.
    static func tree(_ text: ArraySlice<UInt8>, sections: CDATASections) -> String {
        do {
            let document = try StrictXMLDocument.parseRecovering(utf8: text)
            sections.restore(in: document.document)
            return document.markup(of: document.root) + "\n" + String(describing: document.failure)
        } catch {
            return "\(error)"
        }
    }
}
