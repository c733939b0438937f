import Foundation
import HTMLParsing
import Testing
import TextSafety
@testable import FeedFormats

/// The corpus in `Tests/Fixtures/feeds` (its README says what each file is for), each file
/// checked against what a person reading the feed would see: titles as text, links, dates,
/// what the story says.
private func seen(_ html: String?) -> String? {
    html.map(HTMLPlainText.of)
}

private func titles(_ feed: Feed) -> [String] {
    feed.items.map { HTMLPlainText.of($0.title) }
}

/// 2026-11-23 09:23:46 UTC, the date most of the corpus uses.
private let morning = Date(timeIntervalSince1970: 1_795_425_826)

private func at(_ text: String) -> Date {
    try! Date(text, strategy: .iso8601)
}

@Suite struct FeedFormatCorpusTests {
    @Test func rss091WithANetscapeDoctypeAndHTMLEntities() throws {
        let feed = try FeedFixture.feed("rss091-netscape.xml")
        #expect(feed.format == .rss)
        #expect(feed.title == "Café Society Weekly")
        #expect(feed.home == "http://cafe.example.net/")
        #expect(titles(feed) == ["Crème brûlée night", "Closed for the holidays"])
        #expect(seen(feed.items[1].summary) == "Back on the 4th…")
        #expect(feed.items.map(\.published) == [nil, nil])
        #expect(feed.items.map(\.key) == ["http://cafe.example.net/news/creme.html", "http://cafe.example.net/news/closed.html"])
    }

    @Test func rss092ItemsWithoutTitlesAndAnEnclosure() throws {
        let feed = try FeedFixture.feed("rss092-userland.xml")
        #expect(feed.items.count == 3)
        #expect(feed.items[0].title == "")
        #expect(seen(feed.items[0].summary) == "It's hard to believe but the new server is up.")
        #expect(feed.items[1].enclosures == [FeedEnclosure(url: "http://media.example.com/show-42.mp3", type: "audio/mpeg", length: 12_216_320)])
        #expect(feed.items[2].categories == ["Scripting"])
        // Nothing to tell them apart by but their words: each still has a key of its own.
        #expect(Set(feed.items.map(\.key)).count == 3)
    }

    @Test func rss10ItemsBesideTheChannel() throws {
        let feed = try FeedFixture.feed("rss10-rdf.xml")
        #expect(feed.format == .rdf)
        #expect(feed.title == "Planet Example")
        #expect(feed.home == "https://planet.example.org/")
        #expect(feed.pollInterval == 1800)
        #expect(titles(feed) == ["Alice: Why compilers are slow", "Bob: Winter gardening"])
        let alice = feed.items[0]
        #expect(alice.link == "https://alice.example.org/2026/11/compilers.html")
        #expect(alice.guid == "https://alice.example.org/2026/11/compilers.html")
        #expect(alice.published == at("2026-11-20T08:15:00Z"))
        #expect(alice.author == "Alice Liddell")
        #expect(alice.categories == ["compilers"])
        #expect(seen(alice.content) == "They do a lot of work.")
        #expect(feed.items[1].published == at("2026-11-19T22:00:00Z"))
        #expect(feed.items[1].summary == "Cover the beds.")
    }

    @Test func rss090() throws {
        let feed = try FeedFixture.feed("rss090-netscape.xml")
        #expect(feed.format == .rdf)
        #expect(feed.title == "Mozilla Dot Org")
        #expect(titles(feed) == ["New Status Updates", "Bugzilla Reorganized"])
        #expect(feed.items.map(\.link) == ["http://www.mozilla.org/status/", "http://www.mozilla.org/bugs/"])
    }

    @Test func atom03() throws {
        let feed = try FeedFixture.feed("atom03.xml")
        #expect(feed.format == .atom)
        #expect(feed.home == "http://diveintomark.example.org/")
        #expect(titles(feed) == ["Atom 0.3 snapshot", "Inline XHTML"])
        let first = feed.items[0]
        #expect(first.published == at("2003-12-13T12:29:29Z"))
        #expect(first.updated == at("2003-12-13T18:30:02Z"))
        #expect(first.author == "Mark Pilgrim")
        #expect(seen(first.summary) == "A summary & more.")
        #expect(seen(first.content) == "[Update: The Atom draft is finished.]")
        #expect(first.content?.contains("<i>") == true)
        #expect(seen(feed.items[1].content) == "Hello, world.")
        #expect(feed.items[1].content?.contains("<b>world</b>") == true)
    }

    @Test func atom10WithTheFeedsAuthorAndOnlyASummary() throws {
        let feed = try FeedFixture.feed("atom10-basic.xml")
        #expect(feed.title == "Example Feed")
        #expect(feed.home == "https://example.org/")
        let entry = try #require(feed.items.first)
        #expect(entry.link == "https://example.org/2026/11/13/atom03")
        #expect(entry.author == "John Doe")
        #expect(entry.published == at("2026-11-13T18:30:02Z"))
        #expect(entry.summary == "Some text.")
        #expect(entry.content == nil)
        #expect(entry.key == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
    }
}

@Suite struct FeedGeneratorCorpusTests {
    @Test func blogger() throws {
        let feed = try FeedFixture.feed("blogger-atom.xml")
        #expect(feed.title == "Purl & Plain")
        #expect(feed.home == "https://purlplain.blogspot.com/")
        #expect(feed.generator == "http://www.blogger.com Blogger")
        #expect(titles(feed) == ["Socks for winter", ""])
        let socks = feed.items[0]
        // The alternate link, not the replies, edit or self links before it.
        #expect(socks.link == "https://purlplain.blogspot.com/2026/11/socks.html")
        #expect(socks.categories == ["knitting", "socks"])
        #expect(socks.published == at("2026-11-21T17:10:00Z"))
        #expect(seen(socks.content) == "Two needles & a lot of patience.")
        #expect(socks.content?.contains("sock-s320.jpg") == true)
        #expect(seen(feed.items[1].content) == "A post without a title.")
    }

    @Test func medium() throws {
        let feed = try FeedFixture.feed("medium-rss.xml")
        #expect(feed.title == "Stories by Priya Raman on Medium")
        #expect(!feed.isWordPress)
        #expect(titles(feed) == ["What I learned shipping a Swift CLI", "Tabs, spaces & other holy wars"])
        let first = feed.items[0]
        #expect(first.key == "https://medium.com/p/4f2a9c1e7b3d")
        // A GUID that says it is no permalink is not taken for the link.
        #expect(first.link == "https://medium.com/@priya/what-i-learned-shipping-a-swift-cli-4f2a9c1e7b3d?source=rss-abc123------2")
        #expect(first.author == "Priya Raman")
        #expect(first.categories == ["swift", "command-line"])
        #expect(first.published == at("2026-11-21T14:01:55Z"))
        #expect(seen(first.content)?.contains("Static linking is your friend.") == true)
    }

    @Test func ghost() throws {
        let feed = try FeedFixture.feed("ghost-rss.xml")
        #expect(feed.generator == "Ghost 5.74")
        #expect(feed.pollInterval == 3600)
        #expect(titles(feed) == ["Keeping the light on", "Members only: the logbook"])
        #expect(feed.items[0].key == "6559f0c2a1b2c3d4e5f60718")
        #expect(feed.items[0].link == "https://lighthouse.example.com/keeping-the-light-on/")
        #expect(seen(feed.items[0].content)?.contains("The first keeper arrived in 1852.") == true)
        #expect(feed.items[1].content == nil)
        #expect(seen(feed.items[1].summary) == "An excerpt for everyone.")
    }

    @Test func hugo() throws {
        let feed = try FeedFixture.feed("hugo-rss.xml")
        #expect(feed.generator == "Hugo -- gohugo.io")
        let tides = feed.items[0]
        #expect(tides.published == at("2026-11-18T14:00:00Z"))
        #expect(seen(tides.summary)?.hasPrefix("High water at 06:12, low at 12:30.") == true)
        #expect(tides.summary?.contains("href=\"/posts/moon/\"") == true)
        // Hugo dates its pages without a date in the year 1 (of the proleptic Gregorian calendar).
        #expect(feed.items[1].published == Date(timeIntervalSince1970: -62_135_596_800))
    }

    @Test func jekyll() throws {
        let feed = try FeedFixture.feed("jekyll-atom.xml")
        #expect(feed.generator == "https://jekyllrb.com/ Jekyll")
        #expect(titles(feed) == ["Brewing with <code> in mind", "Hello, world"])
        let brewing = feed.items[0]
        #expect(brewing.author == "Sam Okoye")
        #expect(brewing.categories == ["tea", "code"])
        #expect(brewing.content?.contains("src=\"/assets/pot.png\"") == true)
        #expect(seen(brewing.summary) == "Steep for three minutes.")
    }

    @Test func githubReleases() throws {
        let feed = try FeedFixture.feed("github-releases-atom.xml")
        #expect(feed.title == "Release notes from tool")
        #expect(feed.home == "https://github.com/example/tool/releases")
        #expect(titles(feed) == ["v2.1.0", "v2.0.0"])
        let release = feed.items[0]
        #expect(release.key == "tag:github.com,2008:Repository/123456789/v2.1.0")
        #expect(release.link == "https://github.com/example/tool/releases/tag/v2.1.0")
        // No `published`: the update is the date.
        #expect(release.published == at("2026-11-20T16:45:01Z"))
        #expect(release.author == "octo")
        #expect(seen(release.content)?.contains("What's Changed") == true)
    }

    @Test func youtube() throws {
        let feed = try FeedFixture.feed("youtube-atom.xml")
        #expect(feed.title == "Workshop Channel")
        let video = try #require(feed.items.first)
        #expect(HTMLPlainText.of(video.title) == "Sharpening a chisel & a plane iron")
        #expect(video.link == "https://www.youtube.com/watch?v=dQw4w9WgXcQ")
        #expect(video.published == at("2026-11-19T15:00:08Z"))
        #expect(video.updated == at("2026-11-20T02:11:45Z"))
        #expect(video.content == nil)
        #expect(seen(video.summary)?.hasPrefix("Waterstones, 1000 then 6000 grit.") == true)
    }

    @Test func podcastWithITunesTags() throws {
        let feed = try FeedFixture.feed("podcast-itunes.xml")
        #expect(feed.pollInterval == 86_400)
        let episode = feed.items[0]
        #expect(episode.author == "Rosa Kim")
        #expect(seen(episode.summary) == "Rosa talks to the crews.")
        #expect(episode.enclosures == [
            FeedEnclosure(url: "https://cdn.radio.example.com/episodes/012-ferry-strike.mp3", type: "audio/mpeg", length: 40_596_224),
        ])
        #expect(episode.key == "radio-example-ep-012")
        #expect(episode.published == at("2026-11-19T10:00:00Z"))
        let special = feed.items[1]
        #expect(seen(special.summary) == "With pictures, for once. Show notes.")
        #expect(special.enclosures == [FeedEnclosure(url: "https://cdn.radio.example.com/episodes/011-special.mp4", type: "video/mp4")])
    }

    @Test func enclosuresAreAbsoluteHTTPOnly() throws {
        let feed = try FeedFixture.feed("podcast-enclosures.xml", address: "https://odd.example.com/podcast/feed.xml")
        #expect(feed.items[0].enclosures == [
            FeedEnclosure(url: "https://odd.example.com/podcast/media/relative.ogg", type: "audio/ogg", length: 1000),
            FeedEnclosure(url: "https://cdn.example.com/spaced.m4a", type: "audio/mp4"),
            FeedEnclosure(url: "https://cdn.example.com/extra.webm", type: "video/webm", length: 3000),
        ])
    }

    @Test func reddit() throws {
        let feed = try FeedFixture.feed("reddit-atom.xml")
        #expect(titles(feed) == ["Is Sendable worth it? & other questions", "Weekly thread"])
        let post = feed.items[0]
        #expect(post.author == "/u/curious_dev")
        #expect(post.categories == ["r/swift"])
        #expect(post.key == "t3_1abcde")
        #expect(post.link == "https://www.reddit.com/r/swift/comments/1abcde/is_sendable_worth_it/")
        #expect(seen(post.content)?.hasPrefix("Is Sendable worth it?") == true)
    }

    @Test func mastodonPostsHaveNoTitles() throws {
        let feed = try FeedFixture.feed("mastodon-rss.xml")
        #expect(feed.generator == "Mastodon v4.2.1")
        #expect(titles(feed) == ["", ""])
        #expect(seen(feed.items[0].summary) == "Toots have no titles. #rss")
        #expect(feed.items[0].key == "https://social.example/@ada/111222333444555666")
        #expect(feed.items[0].categories == ["rss"])
    }

    @Test func substackAndFeedburner() throws {
        let substack = try FeedFixture.feed("substack-rss.xml")
        #expect(titles(substack) == ["Prices, wages & the ferry"])
        #expect(seen(substack.items[0].summary) == "Why the fare rise is smaller than it looks")
        #expect(substack.items[0].enclosures == [FeedEnclosure(url: "https://substackcdn.example.com/image/fetch/chart.png", type: "image/jpeg")])
        let burner = try FeedFixture.feed("feedburner-rss.xml")
        #expect(seen(burner.items[0].summary) == "Thanks for reading — really.")
        #expect(burner.items[0].published == at("2026-11-20T18:00:00Z"))
    }

    @Test func microBlogJSONFeed() throws {
        let feed = try FeedFixture.feed("microblog-jsonfeed.json")
        #expect(feed.format == .jsonFeed)
        #expect(feed.title == "Manton Example")
        #expect(feed.home == "https://manton.example/")
        #expect(titles(feed) == ["", "A longer post"])
        let short = feed.items[0]
        #expect(short.key == "http://manton.example/2026/11/22/120000.html")
        #expect(short.link == "https://manton.example/2026/11/22/120000.html")
        #expect(short.published == at("2026-11-22T18:00:00Z"))
        #expect(short.author == "Manton Example")
        #expect(short.categories == ["Coffee"])
        #expect(seen(short.content) == "Short posts have no titles on micro.blog. Coffee & code this morning.")
    }
}

@Suite struct FeedEncodingCorpusTests {
    @Test(arguments: [
        ("shift-jis.xml", "ニュース速報", "東京で初雪"),
        ("euc-jp.xml", "日本語のブログ", "こんにちは、世界"),
        ("big5.xml", "台北新聞", "颱風警報解除"),
        ("gb2312.xml", "北京日报", "地铁新线开通"),
        ("koi8-r.xml", "Новости", "Привет, мир"),
        ("windows-1251.xml", "Блог", "Зимние каникулы"),
        ("iso-8859-2.xml", "Wiadomości", "Żółć i łódź"),
        ("iso-8859-7.xml", "Ειδήσεις", "Καλημέρα κόσμε"),
        ("iso-8859-1-with-cp1252.xml", "Le Café", "L’été à Paris"),
        ("cp1252-declared-utf8.xml", "Smart Quotes", "It’s “quoted” — really"),
        ("utf8-with-stray-latin1.xml", "Mixed Bytes", "Zürich — ünïcödé"),
        ("no-declaration-cp1252.xml", "Sans déclaration", "Crème brûlée"),
        ("utf8-bom.xml", "Byte Order Mark", "Ünïcode with a BOM"),
        ("utf16le-bom.xml", "UTF-16 Little", "Ĥéłłø from UTF-16LE"),
        ("utf16be-bom.xml", "UTF-16 Big", "Ĥéłłø from UTF-16BE"),
        ("wrong-encoding.xml", "Café", "Zürich"),
    ])
    func eachEncodingReadsAsItsText(file: String, title: String, firstItem: String) throws {
        let feed = try FeedFixture.feed(file)
        #expect(feed.title == title)
        #expect(titles(feed).first == firstItem)
    }

    @Test func theDescriptionsComeThroughToo() throws {
        #expect(seen(try FeedFixture.feed("shift-jis.xml").items[0].summary) == "今朝、都心で初雪を観測しました。")
        #expect(seen(try FeedFixture.feed("iso-8859-1-with-cp1252.xml").items[0].summary) == "“Quotes” and €5 coffee.")
        #expect(seen(try FeedFixture.feed("utf8-with-stray-latin1.xml").items[0].summary) == "Valid UTF-8 here, then a stray byte: café.")
        #expect(seen(try FeedFixture.feed("cp1252-declared-utf8.xml").items[0].summary) == "Naïve café…")
    }

    @Test func aSequenceTheEncodingDoesNotHaveBecomesAReplacementCharacter() throws {
        let shiftJIS = Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><rss><channel><title>".utf8) + [0x82, 0xA0, 0xFF]
            + Array("ok</title></channel></rss>".utf8)
        #expect(try FeedReader.feed(in: shiftJIS).title == "\u{3042}\u{FFFD}ok")
        // Cut off in the middle of a character after its end: what came before still reads.
        let units = "<rss><channel><title>odd</title><item><title>whole</title></item></channel></rss>".utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let utf16: [UInt8] = [0xFF, 0xFE] + units + [0x41]
        #expect(titles(try FeedReader.feed(in: utf16)) == ["whole"])
    }

    @Test func theHTTPCharsetOutranksTheDeclarationButNotAByteOrderMark() throws {
        let koi8 = try FeedFixture.feed("http-charset-koi8r.xml", charset: "koi8-r")
        #expect(titles(koi8) == ["Правильная кодировка"])
        let bom = try FeedFixture.feed("bom-beats-charset.xml", charset: "iso-8859-1")
        #expect(titles(bom) == ["Déjà vu"])
        // An HTTP charset nobody knows leaves the declaration to say.
        #expect(titles(try FeedFixture.feed("koi8-r.xml", charset: "x-no-such-charset")) == ["Привет, мир"])
    }
}

@Suite struct BrokenFeedCorpusTests {
    @Test func rawControlCharactersAreDropped() throws {
        let feed = try FeedFixture.feed("control-chars-raw.xml")
        #expect(feed.title == "Control Bytes")
        #expect(titles(feed) == ["Red [31malert[0m", "Null byte and formfeed", "Clean third"])
        #expect(feed.items[0].categories == ["Works[31m"])
        #expect(feed.items[1].summary == "Backspace")
    }

    @Test func controlCharactersAsReferencesAreDroppedToo() throws {
        let feed = try FeedFixture.feed("control-chars-refs.xml")
        #expect(titles(feed) == ["Red [31malert[0m", "Nul and and and", "Huge ref"])
        #expect(feed.items[0].categories == ["Works"])
        #expect(feed.items[1].summary == "Bell but tab\tstays")
    }

    @Test func nonCharactersAreDropped() throws {
        let feed = try FeedFixture.feed("noncharacters-raw.xml")
        #expect(feed.title == "Noncharacters")
        #expect(titles(feed) == ["ABC"])
    }

    @Test(arguments: ["truncated-mid-item.xml", "truncated-mid-tag.xml", "truncated-in-cdata.xml", "truncated-after-items.xml"])
    func aTruncatedFeedKeepsItsWholeItemsInOrder(file: String) throws {
        let feed = try FeedFixture.feed(file)
        #expect(feed.title == "Cut Off")
        #expect(titles(feed) == ["First whole item", "Second whole item", "Third whole item"])
        #expect(feed.items.map(\.link) == ["https://broken.example/1", "https://broken.example/2", "https://broken.example/3"])
    }

    @Test func aTruncatedAtomFeedKeepsItsWholeEntries() throws {
        #expect(titles(try FeedFixture.feed("truncated-atom.xml")) == ["Entry one", "Entry two"])
    }

    @Test func theRecordedTruncatedFeedKeepsTheItemsBeforeTheCut() throws {
        let feed = try FeedFixture.feed("truncated.xml")
        #expect(feed.isWordPress)
        #expect(titles(feed) == ["Live: council votes on the ferry contract", "Power restored to the last Eastbank streets, utility says",
                                 "School lunches go local as Eastbank farms sign supply deal"])
    }

    @Test func aBadEndTagLosesNoItem() throws {
        let feed = try FeedFixture.feed("mismatched-tag.xml")
        #expect(titles(feed).first == "Before the slip")
        #expect(titles(feed).last == "After the slip")
        #expect(feed.items.map(\.link) == ["https://broken.example/1", "https://broken.example/2", "https://broken.example/3"])
    }

    @Test func itemsAnUnclosedElementSwallowedAreRead() throws {
        let feed = try FeedFixture.feed("unclosed-element.xml")
        #expect(feed.title == "Unclosed Image")
        #expect(titles(feed) == ["First, inside the image by mistake", "Second, inside it too"])
        #expect(feed.items.map(\.link) == ["https://unclosed.example/1", "https://unclosed.example/2"])
    }

    @Test func htmlEntitiesAreReadAsTheirCharacters() throws {
        let feed = try FeedFixture.feed("html-entities.xml")
        // A no-break space is white space: one line's text has plain spaces.
        #expect(feed.title == "Entités HTML")
        #expect(titles(feed) == ["Café — déjà vu…", "It’s “fine” & 1 < 2", "Unknown &bogus; entity and ÉLAN"])
        #expect(seen(feed.items[0].summary) == "© 2026 «quoted» €5 only")
    }

    @Test func bareAmpersandsReadAsWritten() throws {
        let feed = try FeedFixture.feed("bare-ampersands.xml")
        #expect(feed.title == "Q&A Weekly")
        #expect(titles(feed) == ["AT&T & Verizon merge? Q&A"])
        #expect(feed.items[0].link == "https://broken.example/story?id=1&page=2")
        #expect(feed.items[0].summary == "Fish & chips &#; & &#x; &")
    }

    @Test func doubleEscapedTitlesReadOnce() throws {
        let titles = titles(try FeedFixture.feed("double-escaped.xml"))
        // An RSS title is HTML: escaped once more, markup is text to show.
        #expect(titles == ["Tom & Jerry", "<b>Not bold</b> text", "Rock & roll ’s"])
    }

    @Test func markupInTitlesShowsItsText() throws {
        let titles = titles(try FeedFixture.feed("html-in-titles.xml"))
        #expect(titles == [
            "Breaking: markup in a title", "Escaped markup", "Raw element children", "Less < more & more > less",
        ])
    }

    @Test func cdataSectionsAreText() throws {
        let feed = try FeedFixture.feed("cdata-everywhere.xml")
        #expect(feed.title == "CDATA & Co")
        #expect(feed.home == "https://cdata.example/")
        let item = try #require(feed.items.first)
        #expect(item.link == "https://cdata.example/a?x=1&y=2")
        #expect(item.key == "cdata-1")
        #expect(item.published == at("2026-11-22T10:00:00Z"))
        #expect(item.author == "Ana & Bo")
        // Inside CDATA an entity is HTML's to read, as written.
        #expect(item.summary == "<p>Summary with &nbsp; an entity</p>")
        #expect(seen(item.content) == "Body with a link and a ]]> split CDATA.")
    }

    @Test func markupLeftUnescapedInADescriptionIsKept() throws {
        let item = try #require(try FeedFixture.feed("raw-html-description.xml").items.first)
        #expect(seen(item.summary) == "A link & a break.")
        #expect(item.summary?.contains("href=\"https://broken.example/x\"") == true)
    }

    @Test func anExternalEntityIsRefusedLikeAnyDeclaredOne() {
        #expect(throws: FeedError.declaresEntities) { try FeedFixture.feed("xxe-external-entity.xml") }
    }

    @Test func jsonThatIsNotAFeedOrIsCutSaysSoInOneLine() {
        #expect(throws: FeedError.notAJSONFeed) { try FeedFixture.feed("jsonfeed-not-a-feed.json") }
        #expect {
            try FeedFixture.feed("jsonfeed-truncated.json")
        } throws: { error in
            guard let error = error as? FeedError, case .malformedJSON = error else { return false }
            return !error.description.contains("\n")
        }
    }
}

@Suite struct FeedDateCorpusTests {
    @Test func rssDatesBrokenAndWhole() throws {
        let dates = try FeedFixture.feed("dates-rss.xml").items.map(\.published)
        let hour = 3600.0
        #expect(dates == [
            morning, // RFC 822
            morning, // two-digit year
            morning + 5 * hour - 46, // no seconds, EST
            morning + 7 * hour, // PDT, and the wrong day name
            morning, // the day and month in full, UT
            morning, // no zone: UTC
            morning, // RFC 3339
            morning, // a space for the T
            morning - (9 * hour + 23 * 60 + 46), // a date alone: midnight
            morning, // ctime
            morning + 12 * hour - 46, // 9:23 PM
            morning - 5.5 * hour, // +05:30
            morning, // Z
            nil, // words
            nil, // no date: the store dates it when it first sees it
        ])
    }

    @Test func atomDates() throws {
        let items = try FeedFixture.feed("dates-atom.xml").items
        #expect(items[0].published == Date(timeIntervalSince1970: 1_795_425_826))
        #expect(items[0].updated == at("2026-11-23T10:00:00Z"))
        #expect(items[1].published == at("2026-11-22T08:00:00Z"))
        #expect(items[2].published == at("2026-11-22T08:00:00Z"))
        #expect(items[3].published == at("2026-11-22T08:00:00Z"))
        #expect(items[4].published == nil)
    }
}

@Suite struct FeedKeyCorpusTests {
    @Test func aGUIDEveryItemRepeatsGivesWayToTheLinks() throws {
        let keys = try FeedFixture.feed("keys-repeated-guids.xml").items.map(\.key)
        #expect(keys == ["https://keys.example/one", "https://keys.example/two", "unique-three"])
    }

    @Test func withoutGUIDOrUniqueLinkTheKeyIsUniqueAndStable() throws {
        let first = try FeedFixture.feed("keys-no-guid-no-link.xml").items.map(\.key)
        let again = try FeedFixture.feed("keys-no-guid-no-link.xml").items.map(\.key)
        #expect(first == again)
        #expect(Set(first).count == 5)
        #expect(!first.contains("https://keys.example/same"))
        // Two items alike in every way are told apart by their order.
        #expect(first[4] == first[3] + "#2")
    }

    @Test func aKeyFromWordsChangesWithTheWords() throws {
        let feed = try FeedFixture.feed("keys-no-guid-no-link.xml")
        var changed = feed.items
        changed[2].title = "No link, no GUID, retitled"
        FeedKeys.assign(to: &changed)
        #expect(changed[2].key != feed.items[2].key)
        #expect(changed[0].key == feed.items[0].key)
    }

    @Test func aPermalinkGUIDIsTheLink() throws {
        let items = try FeedFixture.feed("guid-permalink.xml").items
        #expect(items.map(\.link) == ["https://perma.example/a", nil, nil])
        #expect(items.map(\.key) == ["https://perma.example/a", "https://perma.example/b", "urn:uuid:3f2a"])
    }
}

@Suite struct FeedLinkCorpusTests {
    @Test func rssLinksResolveAgainstTheFeedsAddress() throws {
        let feed = try FeedFixture.feed("relative-links-rss.xml", address: "https://rel.example/blog/feed.xml")
        #expect(feed.home == "https://rel.example/")
        #expect(feed.items.map(\.link) == [
            "https://rel.example/2026/11/root.html", "https://rel.example/blog/posts/path.html", "https://cdn.example.net/scheme.html",
            "https://abs.example.org/a",
        ])
    }

    /// Found by the fuzzer: a DEL in an `xml:base` went into the links made against it.
    @Test func aControlCharacterInABaseNeverReachesALink() throws {
        let feed = try FeedFixture.feed("fuzz-control-in-xml-base.xml")
        let links = feed.items.compactMap(\.link) + feed.items.flatMap { $0.enclosures.map(\.url) } + [feed.home].compactMap { $0 }
        #expect(!links.isEmpty)
        #expect(links.allSatisfy { !$0.unicodeScalars.contains(where: SafeText.isUnsafe) }, "\(links)")
    }

    @Test func withoutAnAddressRelativeLinksStayAsWritten() throws {
        #expect(try FeedFixture.feed("relative-links-rss.xml").items[1].link == "posts/path.html")
    }

    @Test func xmlBaseNestsAndOutranksTheAddress() throws {
        let feed = try FeedFixture.feed("atom-xmlbase.xml", address: "https://fetched.example/feed")
        #expect(feed.home == "https://quay.example/journal/./")
        #expect(feed.items.map(\.link) == [
            "https://quay.example/journal/2026/11/nested.html", "https://quay.example/elsewhere/root.html", "https://other.example/base/page",
        ])
        #expect(feed.items[0].enclosures.map(\.url) == ["https://quay.example/journal/2026/11/../../audio/nested.mp3"])
        let drupal = try FeedFixture.feed("drupal-xmlbase-rss.xml")
        #expect(drupal.items.map(\.link) == ["https://www.example.gov/news/road-closures", "https://www.example.gov/parks/hours"])
    }
}

@Suite struct FeedContentCorpusTests {
    @Test func atomContentOfEachType() throws {
        let feed = try FeedFixture.feed("atom-content-types.xml")
        #expect(feed.title == "Content <em>types</em>")
        #expect(titles(feed) == [
            "Text: 1 < 2 & 3 > 2", "HTML: bold & co", "XHTML: italic title", "Summary only", "Out-of-line content", "Both summary and content",
        ])
        let items = feed.items
        #expect(seen(items[0].content) == "Plain text with <b>no</b> markup. A second paragraph.")
        #expect(items[0].content?.hasPrefix("<p>Plain text with &lt;b&gt;no&lt;/b&gt; markup.</p><p>") == true)
        #expect(seen(items[1].content) == "Escaped HTML.")
        #expect(items[2].content?.contains("<strong>markup</strong>") == true)
        #expect(items[2].content?.contains("<div") == false)
        #expect(seen(items[2].content) == "Real markup & an anchor. Second.")
        #expect(items[3].content == nil)
        #expect(seen(items[3].summary) == "Just the summary.")
        #expect(items[4].content == nil)
        #expect(items[4].summary == "A summary for it.")
        #expect(seen(items[5].content) == "Long.")
        #expect(items[5].summary == "Short.")
        // The alternate link, whatever its type.
        #expect(items[5].link == "https://types.example/paper.pdf")
    }

    @Test func contentEncodedComesBeforeTheDescription() throws {
        let item = try FeedFixture.feed("wordpress-rss2.xml").items[0]
        #expect(item.content?.hasPrefix("\n<p>We are in the council chamber") == true)
        #expect(item.summary?.hasPrefix("We are in the council chamber") == true)
    }

    @Test func jsonFeed10() throws {
        let feed = try FeedFixture.feed("jsonfeed-10.json")
        #expect(titles(feed) == ["Second <item>", "Initial post"])
        let second = feed.items[0]
        #expect(second.author == "Brent Example")
        #expect(second.content == "<p>This is a second item.</p><p>With two paragraphs &amp; an ampersand &lt;b&gt;not bold&lt;/b&gt;.</p>")
        let initial = feed.items[1]
        #expect(initial.content == "<p>Hello, world!</p>")
        #expect(initial.summary == "The first one.")
        #expect(initial.published == at("2026-11-19T10:00:00Z"))
        #expect(initial.updated == at("2026-11-19T11:30:00Z"))
    }

    @Test func awkwardJSONFeedLosesOnlyWhatIsUnreadable() throws {
        let feed = try FeedFixture.feed("jsonfeed-awkward.json", address: "https://awkward.example/feed.json")
        #expect(feed.items.count == 4)
        let numbered = feed.items[0]
        #expect(numbered.key == "42")
        #expect(numbered.link == "https://awkward.example/posts/42")
        #expect(numbered.title == "")
        #expect(numbered.published == at("2026-11-18T07:00:00Z"))
        let pictured = feed.items[1]
        #expect(pictured.content == "<p><img src=\"https://awkward.example/cover.png\" alt=\"\"></p><p>Text.</p>")
        #expect(seen(pictured.summary) == "A summary & more")
        #expect(pictured.author == "One, Two")
        #expect(pictured.categories == ["one", "three"])
        #expect(pictured.enclosures == [
            FeedEnclosure(url: "https://awkward.example/a.mp3", type: "audio/mpeg", length: 1234),
            FeedEnclosure(url: "https://awkward.example/c.ogg", type: "audio/ogg"),
        ])
        let summaryOnly = feed.items[2]
        // A number where the title goes reads as its digits.
        #expect(summaryOnly.title == "7")
        #expect(summaryOnly.link == "https://elsewhere.example/story")
        #expect(summaryOnly.content == nil)
        #expect(summaryOnly.published == nil)
        #expect(titles(feed)[3] == "Escape [31mred[0m")
    }

    @Test func pollIntervals() throws {
        #expect(try FeedFixture.feed("sy-update-daily.xml").pollInterval == 43_200)
        #expect(try FeedFixture.feed("empty-channel.xml").pollInterval == 1800)
        #expect(try FeedFixture.feed("wordpress-rss2.xml").pollInterval == 3600)
        #expect(try FeedFixture.feed("atom10-basic.xml").pollInterval == nil)
    }

    @Test func oddlyPlacedItemsAreRead() throws {
        #expect(titles(try FeedFixture.feed("rss-default-namespace.xml")) == ["In a namespace of its own"])
        #expect(titles(try FeedFixture.feed("items-outside-channel.xml")) == ["Inside", "Outside"])
        #expect(try FeedFixture.feed("empty-channel.xml").items.isEmpty)
    }

    @Test func everyTitleAndNameInTheCorpusIsOneLineOfSafeText() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: FeedFixture.directory.path).filter { !$0.hasSuffix(".md") }
        for file in files {
            guard let feed = try? FeedFixture.feed(file) else { continue }
            for text in feed.items.flatMap({ [$0.title, $0.author ?? "", $0.link ?? "", $0.key] + $0.categories }) + [feed.title ?? ""] {
                #expect(!text.unicodeScalars.contains { SafeText.isUnsafe($0) || $0 == "\n" }, "\(file): \(text)")
            }
        }
    }
}
