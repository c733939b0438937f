import Foundation
@testable import NewsCore
import Testing
import TOMLKit
import WordPressAPI

/// The files wpnews writes in TOML read back as they were written, whatever the names and
/// values hold.
@Suite struct TOMLWriterTests {
    /// Text a writer must quote: quotes, backslashes, control characters, line ends, DEL,
    /// non-ASCII, a dot and a space (which a bare key cannot hold), nothing at all.
    static let awkward = ["say \"hi\"", "C:\\news\\", "bell\u{07}tab\tend", "two\nlines\r\n", "del\u{7F}", "新闻 café 👍🏽", "a.b c", ""]

    @Test func namesAndValuesReadBackAsTheyWereWritten() throws {
        var writer = TOMLWriter()
        writer.comment("made by a test")
        for (index, text) in Self.awkward.enumerated() {
            writer.table("sites", .name(text))
            writer.set("url", text)
            writer.set("flag", index.isMultiple(of: 2))
        }
        let table = try TOMLTable(string: writer.text)
        let sites = try #require(table["sites"]?.table)
        #expect(Set(sites.keys) == Set(Self.awkward))
        for (index, text) in Self.awkward.enumerated() {
            #expect(sites[text]?.table?["url"]?.string == text, "\(text.debugDescription)")
            #expect(sites[text]?.table?["flag"]?.bool == index.isMultiple(of: 2))
        }
    }

    /// The one edit of config.toml reads keys the way TOML (and so the writer) writes them.
    @Test func aKeyReadsBackAsItWasWritten() throws {
        for name in Self.awkward {
            let line = "sites.\(TOMLWriter.Key.name(name).text)] # mine"
            let read = try #require(TOMLWriter.Key.path(atStartOf: Substring(line)), "\(line)")
            #expect(read.keys == ["sites", name] && read.rest == "] # mine", "\(line)")
        }
        let read = TOMLWriter.Key.path(atStartOf: " 'a \\ b' . c-d_1\t. \"\\u00e9\\U0001F44D\" = 2")
        #expect(read?.keys == ["a \\ b", "c-d_1", "é👍"] && read?.rest == "= 2")
        for broken in ["= 2", "\"open", "'open", "a.", "\"bad \\q\"", "é = 1"] {
            #expect(TOMLWriter.Key.path(atStartOf: Substring(broken)) == nil, "\(broken)")
        }
    }

    @Test func aTableStartsAfterABlankLineAndTheTextEndsWithALineEnd() {
        var writer = TOMLWriter()
        writer.comment("one")
        writer.set("default", "x")
        writer.tableInArray("login")
        writer.set("user", "u")
        #expect(writer.text == "# one\ndefault = \"x\"\n\n[[login]]\nuser = \"u\"\n")
    }

    /// sites.toml is laid out as it always was, so a file wpnews wrote before reads the same.
    @Test func sitesTomlKeepsItsLayout() throws {
        var sites = FollowedSites()
        try sites.add(name: "campus", url: "https://news.example.org", apiRoot: APIRoot(discovered: "https://news.example.org/wp-json/"),
                      user: "ed", privatePosts: true)
        try sites.add(name: "club", url: "https://club.example.org", apiRoot: APIRoot(discovered: "https://club.example.org/wp-json/"))
        #expect(sites.toml == """
            # The sites wpnews follows. wpnews writes this file: change it with
            # `wpnews sites add|remove|default`; your settings go in config.toml.

            default = "campus"

            [sites."campus"]
            url = "https://news.example.org"
            api_root = "https://news.example.org/wp-json/"
            user = "ed"
            private_posts = true

            [sites."club"]
            url = "https://club.example.org"
            api_root = "https://club.example.org/wp-json/"

            """)
    }

    /// A site that is not WordPress and a site's groups are keys of their own; the entries
    /// written before them read as they did.
    @Test func webFeedsAndGroupsReadBackAndSayHowTheyAreRead() throws {
        let text = """
            # The sites wpnews follows. wpnews writes this file: change it with
            # `wpnews sites add|remove|default`; your settings go in config.toml.

            default = "campus"

            [sites."campus"]
            url = "https://news.example.org"
            api_root = "https://news.example.org/wp-json/"
            groups = ["local", "über news"]

            [sites."harbour"]
            url = "https://harbour.example/"
            kind = "web-feed"
            feed = "https://harbour.example/feed.xml"

            [sites."ledger"]
            url = "https://ledger.example/"
            api_root = "https://ledger.example/wp-json/"
            feed = "https://ledger.example/feed/"

            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-toml-\(UUID().uuidString)/sites.toml").path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var notices: [String] = []
        let sites = try FollowedSites.load(path: path, config: path + ".absent", settings: Settings()) { notices.append($0) }
        #expect(notices.isEmpty, "no key is unknown: \(notices)")
        #expect(sites.sites["campus"]?.reading == "rest")
        #expect(sites.sites["campus"]?.groups == ["local", "über news"])
        #expect(sites.sites["harbour"]?.reading == "web-feed")
        #expect(sites.sites["harbour"]?.root == .webFeed("https://harbour.example/feed.xml"), "no API to read: the feed")
        #expect(sites.sites["ledger"]?.reading == "feed")
        #expect(sites.toml == text)
    }

    @Test func followedSitesWithAwkwardNamesAndValuesSurviveTheirFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-toml-\(UUID().uuidString)/sites.toml").path
        var sites = FollowedSites()
        try sites.add(name: "新闻", url: "https://example.org/\"quoted\"\\path", apiRoot: APIRoot(discovered: "https://example.org/wp-json/"),
                      user: "o'brien \"the\" \\ editor\u{01}")
        try sites.add(name: "café-2", url: "https://café.example/", apiRoot: APIRoot(discovered: "https://xn--caf-dma.example/wp-json/"))
        try sites.save(path: path)
        let loaded = try FollowedSites.load(path: path, config: path + ".absent", settings: Settings()) { _ in }
        #expect(loaded == sites)
    }

    @Test func passwordsWithAwkwardTextSurviveTheCredentialsFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-toml-\(UUID().uuidString)/credentials").path
        let file = CredentialsFile(path: path)
        let keys = Self.awkward.enumerated().map { LoginKey(apiRoot: "https://example.org/\($0.offset)/", user: $0.element) }
        for (key, password) in zip(keys, Self.awkward.reversed()) { try file.save(password, for: key) }
        for (key, password) in zip(keys, Self.awkward.reversed()) { #expect(try file.password(for: key) == password) }
    }
}
