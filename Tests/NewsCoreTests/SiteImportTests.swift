import FeedFormats
import Testing
import WordPressAPI
@testable import NewsCore

@Suite struct SiteNameTests {
    @Test(arguments: [
        ("The Riverside Ledger", "the-riverside-ledger"), ("Campus & City", "campus-city"), ("  --campus--  ", "campus"),
        ("my_blog", "my_blog"), ("théme-ünit", "theme-unit"), ("Zürich Zeitung", "zurich-zeitung"), ("Straße & Æble", "strasse-aeble"),
        ("Łódź Œuvre", "lodz-oeuvre"), ("e\u{301}te\u{301}", "ete"), ("河畔市 news", "news"), ("127.0.0.1:8765", "127-0-0-1-8765"),
        (String(repeating: "ab ", count: 30), "ab-ab-ab-ab-ab-ab-ab-ab-ab-ab-ab"),
    ])
    func aNameIsMadeFromATitleInASCII(title: String, name: String) throws {
        let made = try #require(FollowedSites.name(from: title))
        #expect(made == name)
        #expect(FollowedSites.isValidName(made) && made.unicodeScalars.allSatisfy(\.isASCII))
    }

    @Test func aTitleWithNoLatinLetterLeavesTheHostToNameTheSite() {
        for title in ["🎉 !!!", "", "河畔市", "Αθήνα"] { #expect(FollowedSites.name(from: title) == nil, "\(title)") }
        #expect(FollowedSites.name(title: "河畔市", address: "https://kahan.example.jp/feed") == "kahan-example-jp")
        #expect(FollowedSites.name(title: nil, address: "http://127.0.0.1:8785/feed.rss") == "127-0-0-1-8785")
        #expect(FollowedSites.name(title: "🎉", address: "🎉") == "site")
    }

    @Test func aTakenNameGetsTheFirstFreeNumberAndGroupsAndAllAreTaken() throws {
        var sites = FollowedSites()
        #expect(sites.unusedName(like: "campus") == "campus")
        #expect(sites.unusedName(like: "all") == "all-2")
        try sites.add(name: "campus", url: "https://a.example.org/", apiRoot: APIRoot(discovered: "https://a.example.org/wp-json/"))
        try sites.add(name: "campus-2", url: "https://b.example.org/", apiRoot: APIRoot(discovered: "https://b.example.org/wp-json/"))
        #expect(sites.unusedName(like: "campus") == "campus-3")
        try sites.setGroups(["tech"], of: "campus")
        #expect(sites.unusedName(like: "tech") == "tech-2")
    }
}

@Suite struct SiteGroupTests {
    private func twoSites() throws -> FollowedSites {
        var sites = FollowedSites()
        try sites.add(name: "campus", url: "https://a.example.org/", apiRoot: APIRoot(discovered: "https://a.example.org/wp-json/"))
        try sites.add(name: "harbour", url: "https://harbour.example/", apiRoot: .webFeed("https://harbour.example/feed.xml"))
        return sites
    }

    @Test func groupsAreSetSortedOnceAndClearedByNone() throws {
        var sites = try twoSites()
        try sites.setGroups(["uni", "local", "uni"], of: "campus")
        #expect(sites.sites["campus"]?.groups == ["local", "uni"])
        #expect(sites.groupNames == ["local", "uni"])
        try sites.setGroups([], of: "campus")
        #expect(sites.sites["campus"]?.groups == nil)
        #expect(sites.toml.contains("groups") == false)
    }

    @Test func aGroupIsNeverNamedLikeASiteNorAll() throws {
        var sites = try twoSites()
        #expect(throws: SettingsError.groupIsSite("harbour")) { try sites.setGroups(["harbour"], of: "campus") }
        #expect(throws: SettingsError.badGroup("all")) { try sites.setGroups(["all"], of: "campus") }
        #expect(throws: SettingsError.badGroup("-x")) { try sites.setGroups(["-x"], of: "campus") }
        #expect(throws: SettingsError.unknownSite("nope", known: ["campus", "harbour"])) { try sites.setGroups(["a"], of: "nope") }
        try sites.setGroups(["local"], of: "campus")
        #expect(throws: SettingsError.nameIsGroup("local")) { try sites.checkNew(name: "local", url: "https://c.example.org/") }
        #expect(throws: SettingsError.nameIsGroup("local")) { try sites.add(name: "local", url: "https://c.example/", apiRoot: .webFeed("https://c.example/f")) }
    }

    @Test func sitesNamesASiteFirstThenAGroup() throws {
        var sites = try twoSites()
        try sites.add(name: "quay", url: "https://quay.example/", apiRoot: .webFeed("https://quay.example/atom"))
        try sites.setGroups(["local"], of: "harbour")
        try sites.setGroups(["local"], of: "quay")
        let names = { (option: String) in try SiteSelection.resolveMany(option, sites: sites).map { $0.via } }
        #expect(try names("local") == [.followed("harbour"), .followed("quay")])
        #expect(try names("quay,local,campus") == [.followed("quay"), .followed("harbour"), .followed("campus")])
        #expect(throws: SettingsError.unknownSiteOrGroup("nope", sites: ["campus", "harbour", "quay"], groups: ["local"])) { try names("nope") }
    }

    @Test func aWebFeedIsFollowedOnceByItsFeedAndWrittenWithItsKind() throws {
        var sites = try twoSites()
        #expect(throws: SettingsError.urlTaken("https://harbour.example/feed.xml", name: "harbour")) {
            try sites.add(name: "again", url: "https://elsewhere.example/", apiRoot: .webFeed("https://harbour.example/feed.xml"))
        }
        // Another feed of the same home is another site.
        try sites.add(name: "harbour-comments", url: "https://harbour.example/", apiRoot: .webFeed("https://harbour.example/comments.xml"))
        #expect(sites.sites["harbour"]?.reading == "web-feed")
        #expect(sites.toml.contains("[sites.\"harbour\"]\nurl = \"https://harbour.example/\"\nkind = \"web-feed\"\nfeed = \"https://harbour.example/feed.xml\"\n"), "\(sites.toml)")
    }
}

@Suite struct SiteImportTests {
    private let ledger = APIRoot(discovered: "http://127.0.0.1:8765/wp-json/")

    @Test func wordPressSitesAndWebFeedsAreFollowedAndTheRestCounted() throws {
        var sites = FollowedSites()
        let feeds = [
            ListedFeed(feedURL: "http://127.0.0.1:8765/feed/", title: "The Riverside Ledger", groups: ["News"]),
            ListedFeed(feedURL: "http://plain.example.org/rss.xml", homeURL: "http://plain.example.org/", title: "Plain"),
            ListedFeed(feedURL: "http://127.0.0.1:9/feed/"),
            ListedFeed(feedURL: "https://blog.example.org/?feed=rss2"),
            ListedFeed(feedURL: "https://quay.example.org/atom.xml", groups: ["News", "Tech"]),
            ListedFeed(feedURL: "https://page.example.org/"),
            ListedFeed(feedURL: "file:///etc/passwd"),
        ]
        let found: [SiteImport.Lookup] = [
            .wordPress(ledger), .webFeed(title: "Ignored: the list's title wins", home: "http://other.example.org/"),
            .unreachable(reason: "could not connect"), .wordPress(APIRoot(discovered: "https://blog.example.org/?rest_route=/")),
            .webFeed(title: "Quay Street Journal", home: "https://quay.example.org/"), .notAFeed(reason: "a page"), .notWeb,
        ]
        let outcomes = try SiteImport.follow(feeds, found: found, in: &sites)
        #expect(outcomes == [
            .followedAsWordPress(name: "the-riverside-ledger"), .followedAsFeed(name: "plain"), .unreachable(reason: "could not connect"),
            .followedAsWordPress(name: "blog-example-org"), .followedAsFeed(name: "quay-street-journal"), .notAFeed(reason: "a page"), .notWeb,
        ])
        #expect(sites.sites["the-riverside-ledger"] == FollowedSites.Site(url: "http://127.0.0.1:8765/", apiRoot: ledger.description, groups: ["news"]))
        #expect(sites.sites["plain"] == FollowedSites.Site(url: "http://plain.example.org/", apiRoot: nil, feed: "http://plain.example.org/rss.xml", kind: .webFeed))
        #expect(sites.sites["quay-street-journal"] == FollowedSites.Site(
            url: "https://quay.example.org/", apiRoot: nil, feed: "https://quay.example.org/atom.xml", kind: .webFeed, groups: ["news", "tech"]
        ))
        #expect(sites.sites["blog-example-org"]?.apiRoot == "https://blog.example.org/?rest_route=/")
        #expect(sites.defaultName == "the-riverside-ledger")
    }

    @Test func aSiteFollowedAlreadyJoinsTheListsGroupsAndTwoTitlesAlikeGetTwoNames() throws {
        var sites = FollowedSites()
        try sites.add(name: "ledger", url: "127.0.0.1:8765", apiRoot: ledger)
        let other = APIRoot(discovered: "https://other.example.org/wp-json/")
        let third = APIRoot(discovered: "https://third.example.org/wp-json/")
        let feeds = [
            ListedFeed(feedURL: "http://127.0.0.1:8765/feed/", title: "Ledger", groups: ["Local"]),
            ListedFeed(feedURL: "https://other.example.org/feed/", title: "News"),
            ListedFeed(feedURL: "https://other.example.org/comments/feed/", title: "News comments", groups: ["Talk"]),
            ListedFeed(feedURL: "https://third.example.org/feed/", title: "News"),
        ]
        let outcomes = try SiteImport.follow(feeds, found: [.wordPress(ledger), .wordPress(other), .wordPress(other), .wordPress(third)], in: &sites)
        #expect(outcomes == [
            .alreadyFollowed(name: "ledger", joined: ["local"]), .followedAsWordPress(name: "news"), .alreadyFollowed(name: "news", joined: ["talk"]),
            .followedAsWordPress(name: "news-2"),
        ])
        #expect(sites.names == ["ledger", "news", "news-2"])
        #expect(sites.sites["news"]?.groups == ["talk"])
        #expect(sites.defaultName == "ledger")
    }

    @Test func aFolderNamedLikeASiteAndASiteTitledLikeAFolderGetNumbers() throws {
        var sites = FollowedSites()
        try sites.add(name: "tech", url: "https://tech.example/", apiRoot: .webFeed("https://tech.example/feed"))
        let feeds = [
            ListedFeed(feedURL: "https://a.example/feed", title: "Tech", groups: ["Tech"]),
            ListedFeed(feedURL: "https://b.example/feed", title: "Quay", groups: ["Quay", "Théme Ünit"]),
        ]
        let outcomes = try SiteImport.follow(feeds, found: [.webFeed(title: nil, home: nil), .webFeed(title: nil, home: nil)], in: &sites)
        // The folder "Tech" cannot be the group `tech`, a site's name; the feed "Quay" cannot
        // be the site `quay`, a group's name.
        #expect(outcomes == [.followedAsFeed(name: "tech-3"), .followedAsFeed(name: "quay-2")])
        #expect(sites.sites["tech-3"]?.groups == ["tech-2"])
        #expect(sites.sites["quay-2"]?.groups == ["quay", "theme-unit"])
        #expect(Set(sites.groupNames).isDisjoint(with: sites.names))
    }

    @Test func theFollowedSitesBecomeFeedsByNameInTheirGroups() throws {
        var sites = FollowedSites()
        try sites.add(name: "ledger", url: "127.0.0.1:8765", apiRoot: ledger)
        try sites.add(name: "blog", url: "https://blog.example.org/a-post/", apiRoot: APIRoot(discovered: "https://blog.example.org/?rest_route=/"))
        try sites.add(name: "quay", url: "https://quay.example.org/", apiRoot: .webFeed("https://quay.example.org/atom.xml"))
        try sites.setGroups(["local", "news"], of: "quay")
        let legacy = FollowedSites(sites: ["old": FollowedSites.Site(url: "news.example.org", apiRoot: nil)])
        #expect(sites.feeds == [
            ListedFeed(feedURL: "https://blog.example.org/?feed=rss2", homeURL: "https://blog.example.org/", title: "blog"),
            ListedFeed(feedURL: "http://127.0.0.1:8765/feed/", homeURL: "http://127.0.0.1:8765/", title: "ledger"),
            ListedFeed(feedURL: "https://quay.example.org/atom.xml", homeURL: "https://quay.example.org/", title: "quay", groups: ["local", "news"]),
        ])
        #expect(legacy.feeds == [ListedFeed(feedURL: "https://news.example.org/feed/", homeURL: "https://news.example.org/", title: "old")])
    }

    @Test func onlyAddressesOfTheWebAreAsked() {
        for address in ["http://a.example/", "HTTPS://a.example/"] { #expect(SiteImport.isWeb(address), "\(address)") }
        for address in ["file:///etc/passwd", "ftp://a.example/", "a.example/feed", "javascript:alert(1)", "exec:ls"] {
            #expect(!SiteImport.isWeb(address), "\(address)")
        }
    }
}
