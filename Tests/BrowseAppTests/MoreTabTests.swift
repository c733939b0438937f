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
        let rows = MoreTab.rows(pages: .loaded(pages), followed: FollowedSites(), hidden: [])
        let shown = rows.prefix { $0.label != "Sites" }.map { "\($0.depth) \($0.label)" }
        #expect(shown == ["0 Pages", "1 About", "2 Staff", "3 Editors", "1 Contact"], "as wpnews pages shows them: each under its parent")
    }

    @Test func withoutTheSiteTheSitesAndHiddenStoriesStillShow() {
        let followed = FollowedSites(sites: ["ledger": .init(url: "https://ledger.example", apiRoot: nil)], defaultName: "ledger")
        let rows = MoreTab.rows(pages: .missing("could not connect to ledger.example"), followed: followed, hidden: [])
        #expect(rows.map(\.label) == ["Pages", "(missing: could not connect to ledger.example)", "Sites", "ledger (default)",
                                       "Hidden stories", "(none)"])
    }
}
