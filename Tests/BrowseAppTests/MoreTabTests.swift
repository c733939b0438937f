import BrowseApp
import Foundation
import NewsCore
import Testing

/// The More tab's rows, made from what the site and this machine answered.
struct MoreTabTests {
    static func page(_ id: Int, _ title: String, parent: Int? = nil) -> Page {
        Page(id: id, slug: "p\(id)", title: title, link: "https://example.org/p\(id)/", parent: parent,
             menuOrder: 0, modified: Date(timeIntervalSince1970: 1_700_000_000), html: nil)
    }

    @Test func pagesAreATreeInTheOrderTheyCame() {
        let pages = [Self.page(1, "About"), Self.page(2, "Contact"), Self.page(3, "Staff", parent: 1), Self.page(4, "Editors", parent: 3)]
        let rows = MoreTab.rows(pages: .loaded(pages), followed: FollowedSites(), saved: [], hidden: [])
        let shown = rows.prefix { $0.label != "Sites" }.map { "\($0.depth) \($0.label)" }
        #expect(shown == ["0 Pages", "1 About", "2 Staff", "3 Editors", "1 Contact"], "as wpnews pages shows them: each under its parent")
    }

    @Test func withoutTheSiteTheSitesAndHiddenStoriesStillShow() {
        let followed = FollowedSites(sites: ["ledger": .init(url: "https://ledger.example", apiRoot: nil)], defaultName: "ledger")
        let rows = MoreTab.rows(pages: .missing("could not connect to ledger.example"), followed: followed, saved: [], hidden: [])
        #expect(rows.map(\.label) == ["Pages", "(missing: could not connect to ledger.example)", "Sites", "ledger (default) · 0 unread", "Follow a site…",
                                       "Saved stories", "(none: s saves a story)", "Hidden stories", "(none)"])
    }

    @Test func savedStoriesOfEverySiteShowNewestFirstAfterTheirSitesColumn() {
        func saved(_ id: Int, _ site: String, _ title: String, savedAt: Double) -> SavedStory {
            let story = Story(id: id, slug: "s\(id)", title: title, link: "https://\(site).example/s\(id)/", date: Date(timeIntervalSince1970: 0),
                              modified: Date(timeIntervalSince1970: 0), author: nil, categories: [], tags: [], excerpt: "", sticky: false,
                              featuredImage: nil, state: ReadingState(isSaved: true))
            return SavedStory(siteRoot: "https://\(site).example/wp-json/", siteName: site, story: story, html: "<p>kept</p>",
                              savedAt: Date(timeIntervalSince1970: savedAt))
        }
        // As the state store gives them: the most recently saved first.
        let kept = [saved(7, "ledger", "Budget passes", savedAt: 20), saved(3, "cu", "Snow day", savedAt: 10)]
        let rows = MoreTab.rows(pages: .loading, followed: FollowedSites(), saved: kept, hidden: [])
        let section = rows.drop { $0.label != "Saved stories" }.dropFirst().prefix { $0.label != "Hidden stories" }
        #expect(section.map(\.label) == ["ledger  Budget passes", "cu      Snow day"])
        #expect(section.map(\.target) == [.saved(siteRoot: "https://ledger.example/wp-json/", storyID: 7, title: "Budget passes"),
                                           .saved(siteRoot: "https://cu.example/wp-json/", storyID: 3, title: "Snow day")])
    }

    @Test func eachFollowedSiteSaysHowManyOfItsCachedStoriesAreUnread() {
        let followed = FollowedSites(sites: ["ledger": .init(url: "https://ledger.example", apiRoot: "https://ledger.example/wp-json/"),
                                             "cu": .init(url: "https://cu.example", apiRoot: nil)], defaultName: "ledger")
        let rows = MoreTab.rows(pages: .loading, followed: followed, unread: ["ledger": 12], saved: [], hidden: [])
        let sites = rows.drop { $0.label != "Sites" }.dropFirst().prefix { $0.target != .heading }
        #expect(sites.map(\.label) == ["cu · 0 unread", "ledger (default) · 12 unread", "Follow a site…"])
    }

    /// With no site followed yet, the way to follow one is the section's only row.
    @Test func followingASiteIsTheLastRowOfTheSites() {
        let rows = MoreTab.rows(pages: .loaded([]), followed: FollowedSites(), saved: [], hidden: [])
        let sites = rows.drop { $0.label != "Sites" }.dropFirst().prefix { $0.target != .heading }
        #expect(sites.map(\.label) == ["Follow a site…"] && sites.map(\.target) == [.followSite])
    }
}
