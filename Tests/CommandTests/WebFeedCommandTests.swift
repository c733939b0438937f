import CommandRuns
import Foundation
import Testing

/// Sites that are not WordPress, followed through their feeds: the web-feed test bed
/// (`scripts/feeds.sh`, its sites in Tests/Fixtures/web) and feeds the tests write into its
/// live directory.
@Suite struct WebFeedCommandTests {
    static var bed: String {
        get throws {
            try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_WEB_FEEDS"], "run under scripts/with-wordpress.sh (the web-feed bed)")
        }
    }

    /// A fresh directory of the live feeds, and its address.
    static func liveDirectory() throws -> (path: String, url: String) {
        let live = try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_WEB_FEEDS_LIVE"], "run under scripts/with-wordpress.sh")
        let name = "command-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: live + "/" + name, withIntermediateDirectories: true)
        return (live + "/" + name, try bed + "/live/" + name)
    }

    static func rss(_ items: [(guid: String, title: String, text: String, date: String?)]) -> String {
        let entries = items.map { item in
            "<item><title>\(item.title)</title><link>https://quay.example/\(item.guid)/</link><guid isPermaLink=\"false\">\(item.guid)</guid>"
                + (item.date.map { "<pubDate>\($0)</pubDate>" } ?? "") + "<category>Quay</category><description>\(item.text)</description></item>"
        }
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Live quay</title><link>https://quay.example/</link>"
            + entries.joined() + "</channel></rss>"
    }

    /// The bed's log lines (`METHOD PATH STATUS BODY-BYTES`) for the live feed at `url`.
    static func logged(_ url: String) throws -> [String] {
        let log = try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_WEB_FEEDS_LOG"], "run under scripts/with-wordpress.sh")
        let path = try url.dropFirst(Self.bed.count)
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init).filter { $0.split(separator: " ").dropFirst().first.map(String.init) == String(path) }
    }

    func json(_ arguments: [String], home: String) async throws -> [[String: Any]] {
        let run = try await CommandRun.run(arguments + ["--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
    }

    @Test func aHomePageNamingFeedsIsFollowedThroughItsFirstFeedThatIsNotComments() async throws {
        let (home, bed) = (try TestSites.freshHome(), try Self.bed)
        let added = try await CommandRun.run(["sites", "add", "harbour", bed + "/"], environment: ["HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        // The comments feed comes first on the page; it is listed, never chosen.
        #expect(added.stderr.contains("other feeds too (pick one with --feed URL): \(bed)/comments.rss, \(bed)/atom/feed.atom"),
                "\(added.stderr)")
        let sites = try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8)
        #expect(sites.contains("kind = \"web-feed\"\nfeed = \"\(bed)/feed.rss\""), "\(sites)")
        #expect(!sites.contains("api_root"), "a web feed has no API: \(sites)")
        let list = try await CommandRun.run(["sites", "list"], environment: ["HOME": home])
        #expect(list.stdout.contains("harbour  web-feed  "), "\(list.stdout)")
        let listed = try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home])
        #expect(listed.stdout.contains("\"reading\" : \"web-feed\""), "\(listed.stdout)")
    }

    @Test func feedPicksAnotherOfThePagesFeeds() async throws {
        let (home, bed) = (try TestSites.freshHome(), try Self.bed)
        let added = try await CommandRun.run(["sites", "add", "quay", bed + "/", "--feed", bed + "/atom/feed.atom"],
                                             environment: ["HOME": home])
        #expect(added.status == 0, "\(added.stderr)")
        let sites = try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8)
        #expect(sites.contains("feed = \"\(bed)/atom/feed.atom\""), "\(sites)")
        let titles = try await json(["latest"], home: home).compactMap { $0["title"] as? String }
        #expect(titles.contains("Market moves to Saturday"), "\(titles)")
    }

    @Test func aPageThatNamesNoFeedIsRefusedInOneLine() async throws {
        let live = try Self.liveDirectory()
        try "<html><head><title>Nothing</title></head><body>No feed here</body></html>".write(toFile: live.path + "/index.html", atomically: true, encoding: .utf8)
        let home = try TestSites.freshHome()
        let run = try await CommandRun.run(["sites", "add", "nothing", live.url + "/index.html"], environment: ["HOME": home])
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("does not look like a WordPress site or a feed"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home + "/.config/wpnews/sites.toml"), "nothing saved")
    }

    @Test func everyStoryCommandWorksAndWhatAFeedLacksIsRefused() async throws {
        let home = try TestSites.freshHome()
        let feed = try Self.bed + "/feed.rss"
        #expect(try await CommandRun.run(["sites", "add", "harbour", feed], environment: ["HOME": home]).status == 0)
        let stories = try await json(["latest"], home: home)
        let ids = stories.compactMap { $0["id"] as? Int }
        #expect(ids.count == 5 && ids.allSatisfy { (1_000_000...9_999_999).contains($0) }, "seven-digit ids: \(ids)")
        let podcast = try #require(stories.first { $0["title"] as? String == "Harbour podcast, episode 12" }?["id"] as? Int)
        let read = try await CommandRun.run(["read", "\(podcast)"], environment: ["HOME": home])
        #expect(read.status == 0 && read.stdout.contains("We talk to the lock keeper"), "\(read.stderr)")

        let search = try await CommandRun.run(["search", "ferry"], environment: ["HOME": home])
        #expect(search.status == 0 && search.stdout.contains("Night ferry returns"), "\(search.stderr)")
        #expect(search.stderr.contains("a web feed has no search of its own: searching the 5 stories kept of it"), "\(search.stderr)")
        let category = try await json(["category", "Ferries"], home: home).compactMap { $0["title"] as? String }
        #expect(category == ["Night ferry returns & runs till May"])
        let categories = try await CommandRun.run(["categories"], environment: ["HOME": home])
        #expect(categories.status == 0 && categories.stdout.contains("Timetables"), "\(categories.stdout)\(categories.stderr)")
        let featured = try await CommandRun.run(["featured"], environment: ["HOME": home])
        #expect(featured.status == 0 && featured.stderr.contains("marks no story featured"), "\(featured.stderr)")

        for command in [["tags"], ["pages"], ["author", "harbour-office"]] {
            let refused = try await CommandRun.run(command, environment: ["HOME": home])
            #expect(refused.status == 1, "\(command)")
            #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("is a web feed, not a WordPress site"),
                    "\(command): \(refused.stderr)")
        }
    }

    /// A web feed is searched in the cache's index, which holds the words a reader sees: a
    /// word the markup splits or an entity spells is found, the markup's own words are not.
    @Test func searchFindsTheWordsAReaderSeesNotTheMarkup() async throws {
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "harbour", try Self.bed + "/feed.rss"], environment: ["HOME": home]).status == 0)
        for words in ["sourdough", "creme brulee"] {
            let found = try await json(["search", words], home: home).compactMap { $0["title"] as? String }
            #expect(found == ["Café on the pier opens"], "\(words)")
        }
        // The tide tables' content has <strong>, the café's a class, every item's link an href.
        for word in ["strong", "class", "opening", "href"] {
            #expect(try await json(["search", word], home: home).isEmpty, "markup: \(word)")
        }
    }

    /// A list stores the items' articles without indexing their words; a search in a later
    /// run still finds a word that only an article holds ("sourdough", split by a tag).
    @Test func aSearchAfterAColdListFindsAWordOnlyInAnArticle() async throws {
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "harbour", try Self.bed + "/feed.rss"], environment: ["HOME": home]).status == 0)
        #expect(try await json(["latest"], home: home).count == 5)
        let found = try await json(["search", "sourdough"], home: home).compactMap { $0["title"] as? String }
        #expect(found == ["Café on the pier opens"])
    }

    /// Every item ever seen stays, under the same id, after the feed drops it and after
    /// `cache clear`; an item whose text changes is updated, and the user's marks stay on it.
    @Test func itemsAccumulateKeepTheirIdsAndMarksAndChangesAreUpdates() async throws {
        let live = try Self.liveDirectory()
        let file = live.path + "/feed.xml"
        try Self.rss([("a", "Alpha", "first", "Mon, 23 Nov 2026 09:00:00 GMT"), ("b", "Bravo", "second", nil)])
            .write(toFile: file, atomically: true, encoding: .utf8)
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "live", live.url + "/feed.xml"], environment: ["HOME": home]).status == 0)
        // Shown as text, the stories are seen, so a change shows as UPDATED.
        #expect(try await CommandRun.run(["latest"], environment: ["HOME": home]).status == 0)
        let first = try await json(["latest"], home: home)
        let idOf = Dictionary(uniqueKeysWithValues: first.map { ($0["title"] as! String, $0["id"] as! Int) })
        let bravoDate = try #require(first.first { $0["title"] as? String == "Bravo" }?["date"] as? String)
        #expect(try await CommandRun.run(["read", "\(idOf["Alpha"]!)"], environment: ["HOME": home]).status == 0)

        // The feed drops Bravo, changes Alpha's text and adds Charlie.
        try Self.rss([("c", "Charlie", "third", "Tue, 24 Nov 2026 09:00:00 GMT"), ("a", "Alpha", "first, corrected", "Mon, 23 Nov 2026 09:00:00 GMT")])
            .write(toFile: file, atomically: true, encoding: .utf8)
        let all = try await json(["latest", "--all", "--refresh"], home: home)
        #expect(all.compactMap { $0["title"] as? String }.sorted() == ["Alpha", "Bravo", "Charlie"], "\(all)")
        let alpha = try #require(all.first { $0["title"] as? String == "Alpha" })
        #expect(alpha["id"] as? Int == idOf["Alpha"] && alpha["updated"] as? Bool == true && alpha["read"] as? Bool == true, "\(alpha)")

        let cleared = try await CommandRun.run(["cache", "clear"], environment: ["HOME": home])
        #expect(cleared.stderr.contains("1 story no longer in its web feed is gone for good"), "\(cleared.stderr)")
        try Self.rss([("a", "Alpha", "first, corrected", "Mon, 23 Nov 2026 09:00:00 GMT"), ("b", "Bravo", "second", nil)])
            .write(toFile: file, atomically: true, encoding: .utf8)
        let again = try await json(["latest"], home: home)
        let bravo = try #require(again.first { $0["title"] as? String == "Bravo" })
        #expect(bravo["id"] as? Int == idOf["Bravo"] && bravo["date"] as? String == bravoDate, "the id and first sight stay: \(bravo)")
        #expect(again.first { $0["title"] as? String == "Alpha" }?["read"] as? Bool == true)
    }

    /// Some generators give a new item the GUID of an older one. The older item keeps the key
    /// it has on record, so its short id and read mark stay, and the newcomer gets one of its own.
    @Test func anItemKeepsItsIdAndMarkWhenANewItemRepeatsItsGUID() async throws {
        let live = try Self.liveDirectory()
        let file = live.path + "/feed.xml"
        let item = { (guid: String, title: String, date: String) in
            "<item><title>\(title)</title><link>https://quay.example/\(title.lowercased())/</link><guid isPermaLink=\"false\">\(guid)</guid>"
                + "<pubDate>\(date)</pubDate><description>\(title)</description></item>"
        }
        let feed = { (items: [String]) in
            "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Live quay</title><link>https://quay.example/</link>"
                + items.joined() + "</channel></rss>"
        }
        let (alpha, bravo) = (item("a", "Alpha", "Mon, 23 Nov 2026 09:00:00 GMT"), item("b", "Bravo", "Sun, 22 Nov 2026 09:00:00 GMT"))
        try feed([alpha, bravo]).write(toFile: file, atomically: true, encoding: .utf8)
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "live", live.url + "/feed.xml"], environment: ["HOME": home]).status == 0)
        let first = try await json(["latest"], home: home)
        let idOf = Dictionary(first.map { ($0["title"] as? String ?? "", $0["id"] as? Int ?? 0) }, uniquingKeysWith: { first, _ in first })
        #expect(try await CommandRun.run(["read", "\(idOf["Alpha"] ?? 0)"], environment: ["HOME": home]).status == 0)

        try feed([item("a", "Charlie", "Tue, 24 Nov 2026 09:00:00 GMT"), alpha, bravo]).write(toFile: file, atomically: true, encoding: .utf8)
        let again = try await json(["latest", "--refresh"], home: home)
        let now = again.map { ($0["title"] as? String ?? "", $0["id"] as? Int ?? 0) }
        #expect(now.map(\.0) == ["Charlie", "Alpha", "Bravo"], "Alpha is one story still: \(now)")
        #expect(now.dropFirst().map(\.1) == [idOf["Alpha"] ?? -1, idOf["Bravo"] ?? -1], "\(idOf) then \(now)")
        #expect(Set(now.map(\.1)).count == 3, "Charlie has an id of its own: \(now)")
        #expect(again.first { $0["title"] as? String == "Alpha" }?["read"] as? Bool == true, "\(again)")
        #expect(again.first { $0["title"] as? String == "Charlie" }?["read"] as? Bool == false, "\(again)")
    }

    /// A followed web feed is known by its address: a permanent move takes its stories, their
    /// ids, the user's marks and the last list to the new address, said once.
    @Test(arguments: [301, 308]) func aWebFeedThatMovedForGoodKeepsItsStoriesIdsAndMarksAtItsNewAddress(status: Int) async throws {
        let live = try Self.liveDirectory()
        let feed = Self.rss([("a", "Alpha", "first", "Mon, 23 Nov 2026 09:00:00 GMT"), ("b", "Bravo", "second", "Sun, 22 Nov 2026 09:00:00 GMT")])
        try feed.write(toFile: live.path + "/old.xml", atomically: true, encoding: .utf8)
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "live", live.url + "/old.xml"], environment: ["HOME": home]).status == 0)
        let before = try await json(["latest"], home: home).compactMap { $0["id"] as? Int }
        #expect(try await CommandRun.run(["latest"], environment: ["HOME": home]).status == 0)
        #expect(try await CommandRun.run(["read", "-n", "1"], environment: ["HOME": home]).status == 0)

        try feed.write(toFile: live.path + "/new.xml", atomically: true, encoding: .utf8)
        try "Status: \(status)\nLocation: \(live.url)/new.xml\n".write(toFile: live.path + "/old.xml.headers", atomically: true, encoding: .utf8)
        let moved = try await CommandRun.run(["latest", "--refresh", "--json"], environment: ["HOME": home])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stderr == "wpnews: live's feed has moved for good to \(live.url)/new.xml: wpnews reads it there from now on (\(home)/.config/wpnews/sites.toml)\n",
                "\(moved.stderr)")
        let sites = try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8)
        #expect(sites.contains("feed = \"\(live.url)/new.xml\"") && !sites.contains("feed = \"\(live.url)/old.xml\""), "\(sites)")
        let after = try JSONSerialization.jsonObject(with: Data(moved.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(after.compactMap { $0["id"] as? Int } == before, "the same ids: \(after)")
        #expect(after.map { $0["read"] as? Bool } == [true, false], "the read mark stays: \(after)")

        // The list printed before the move still names its stories, now at the new address.
        let read = try await CommandRun.run(["read", "-n", "2", "--refresh", "--verbose"], environment: ["HOME": home])
        #expect(read.status == 0 && read.stdout.contains("Bravo"), "\(read.stderr)")
        #expect(!read.stderr.contains("old.xml") && !read.stderr.contains("moved"), "asked at the new address only: \(read.stderr)")
    }

    /// A `read` whose feed answers through the redirect that it has not changed, and whose
    /// story the cache does not have, asks again for the whole feed at the new address, not
    /// through the redirect a second time.
    @Test func aReadThatFindsTheFeedMovedGoesThroughTheRedirectOnce() async throws {
        let live = try Self.liveDirectory()
        let feed = Self.rss([("a", "Alpha", "first", "Mon, 23 Nov 2026 09:00:00 GMT")])
        try feed.write(toFile: live.path + "/old.xml", atomically: true, encoding: .utf8)
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "live", live.url + "/old.xml"], environment: ["HOME": home]).status == 0)
        #expect(try await CommandRun.run(["latest"], environment: ["HOME": home]).status == 0)

        // The same feed at the new address: asked with the old copy's validators, it is unchanged (304).
        try feed.write(toFile: live.path + "/new.xml", atomically: true, encoding: .utf8)
        try "Status: 301\nLocation: \(live.url)/new.xml\n".write(toFile: live.path + "/old.xml.headers", atomically: true, encoding: .utf8)
        let before = try Self.logged(live.url + "/old.xml").count
        let read = try await CommandRun.run(["read", "1234567"], environment: ["HOME": home])
        #expect(read.status == 1 && read.stderr.contains("1234567"), "the feed has no such story: \(read.stderr)")
        let (old, new) = (try Self.logged(live.url + "/old.xml").dropFirst(before), try Self.logged(live.url + "/new.xml"))
        #expect(old.map { $0.split(separator: " ")[2] } == ["301"], "\(old)")
        #expect(new.map { $0.split(separator: " ")[2] } == ["304", "200"], "unchanged, then the whole feed: \(new)")
    }

    /// A web feed given by its address, not followed: the answer that showed it is a feed is
    /// the list's too, so the feed is downloaded once (WordPress's discovery asks for it with
    /// HEAD first, for a `Link` header naming an API).
    @Test func anUnfollowedWebFeedIsDownloadedOnceInAColdRun() async throws {
        let live = try Self.liveDirectory()
        try Self.rss([("a", "Alpha", "first", "Mon, 23 Nov 2026 09:00:00 GMT"), ("b", "Bravo", "second", "Sun, 22 Nov 2026 09:00:00 GMT")])
            .write(toFile: live.path + "/feed.xml", atomically: true, encoding: .utf8)
        let home = try TestSites.freshHome()
        let titles = try await json(["latest", "--site", live.url + "/feed.xml"], home: home).compactMap { $0["title"] as? String }
        #expect(titles == ["Alpha", "Bravo"])
        let lines = try Self.logged(live.url + "/feed.xml")
        #expect(lines.filter { $0.hasPrefix("GET ") }.count == 1, "\(lines)")
        #expect(lines.filter { !$0.hasPrefix("GET ") }.map { $0.split(separator: " ").first ?? "" } == ["HEAD"], "\(lines)")
    }

    /// A temporary move (302, 307) is followed and changes nothing.
    @Test func aWebFeedThatMovedForNowKeepsItsAddress() async throws {
        let live = try Self.liveDirectory()
        let feed = Self.rss([("a", "Alpha", "first", "Mon, 23 Nov 2026 09:00:00 GMT")])
        try feed.write(toFile: live.path + "/old.xml", atomically: true, encoding: .utf8)
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "live", live.url + "/old.xml"], environment: ["HOME": home]).status == 0)
        let before = try await json(["latest"], home: home).compactMap { $0["id"] as? Int }
        try feed.write(toFile: live.path + "/new.xml", atomically: true, encoding: .utf8)
        try "Status: 302\nLocation: \(live.url)/new.xml\n".write(toFile: live.path + "/old.xml.headers", atomically: true, encoding: .utf8)
        let again = try await CommandRun.run(["latest", "--refresh", "--json"], environment: ["HOME": home])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        #expect(try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8).contains("feed = \"\(live.url)/old.xml\""))
        #expect((try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int } == before)
    }
}
