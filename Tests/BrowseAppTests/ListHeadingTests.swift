import BrowseApp
import Foundation
import NewsCore
import Testing

/// The tab bar says which list is on screen and how much of it is loaded: `Design · 20 of
/// 141` for a category's, `20 of 141` for Featured and Latest (their tab names them).
struct ListHeadingTests {
    static let design = NewsCore.Category(id: 7, name: "Design", slug: "design", parent: nil, count: 141)

    /// The Categories tab with Design's list opened over it, its first page loaded.
    static func designList(width: Int = 120, total: Int? = 141, totalPages: Int? = 8) throws -> AppState {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: width, height: 24, density: .compact)
        guard case .loadTerms(let terms, .categories, _)? = state.start(on: .categories).first else { throw UpdateTests.Unexpected("the categories") }
        _ = state.update(.termsLoaded(terms, TermRow.categories([design])))
        guard case .loadList(let id, .category(design, descendants: []), page: 1, _)? = state.update(.key(.enter)).first else {
            throw UpdateTests.Unexpected("Enter opens Design's list")
        }
        _ = state.update(.listLoaded(id, StoryList(stories: (1...20).map(UpdateTests.story), page: 1, perPage: 20, total: total, totalPages: totalPages),
                                     refreshed: false))
        return state
    }

    static func tabBar(_ state: AppState) -> String {
        AppView(state).lines.first?.plainText ?? ""
    }

    @Test func aCategorysListSaysItsNameAndTotals() throws {
        #expect(Self.tabBar(try Self.designList()) == TabBarTests.names + " Design · 20 of 141 · Ledger · live")
    }

    @Test func featuredShowsItsTotalsOnly() throws {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 120, height: 24)
        guard case .loadList(let id, .featured, _, _)? = state.start().first else { throw UpdateTests.Unexpected("Featured") }
        #expect(Self.tabBar(state) == TabBarTests.names + " Ledger", "nothing loaded yet: no totals")
        _ = state.update(.listLoaded(id, StoryList(stories: (1...20).map(UpdateTests.story), page: 1, perPage: 20, total: 141, totalPages: 8),
                                     refreshed: false))
        #expect(Self.tabBar(state) == TabBarTests.names + " 20 of 141 · Ledger · live")
    }

    @Test func theTotalsGrowAsPagesCome() throws {
        var state = try Self.designList()
        let id = try #require(state.screen?.id)
        _ = state.update(.listLoaded(id, StoryList(stories: (21...40).map(UpdateTests.story), page: 2, perPage: 20, total: 141, totalPages: 8),
                                     refreshed: false))
        #expect(Self.tabBar(state).contains(" Design · 40 of 141 "))
    }

    @Test func withoutATotalOnlyTheCountLoadedShows() throws {
        #expect(Self.tabBar(try Self.designList(total: nil)).contains(" Design · 20 · Ledger"))
    }

    /// A feed has no pages after its first: what the cache holds of the list is its total.
    @Test func aListReadThroughAFeedCountsWhatTheCacheHolds() throws {
        #expect(Self.tabBar(try Self.designList(total: nil, totalPages: nil)).contains(" Design · 20 of 20 · Ledger"))
    }

    /// A narrow window gives up the freshness, the site, the totals, then the list's name,
    /// and only then the tab names.
    @Test func theListsNameOutlastsTheSiteAndTheTotals() throws {
        let names = TabBarTests.names
        #expect(Self.tabBar(try Self.designList(width: names.count + 28)) == names + " Design · 20 of 141 · Ledger")
        #expect(Self.tabBar(try Self.designList(width: names.count + 20)) == names + " Design · 20 of 141")
        #expect(Self.tabBar(try Self.designList(width: names.count + 10)) == names + " Design")
        #expect(Self.tabBar(try Self.designList(width: 60)) == " 1  2  3 Categories  4  5  6  Design · 20 of 141 · Ledger")
    }

    @Test func theReaderOverTheListShowsNoTotals() throws {
        var state = try Self.designList()
        _ = state.update(.key(.enter))
        #expect(Self.tabBar(state) == TabBarTests.names + " Ledger")
    }
}
