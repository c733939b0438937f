import BrowseApp
import Foundation
import NewsCore
import Testing

/// The tab bar gives up room in one order: the freshness first, then the site's label, the
/// list's totals (Featured's 20 stories loaded here, of a total not known), the tab names
/// last (the open tab keeps its name).
struct TabBarTests {
    static let names = " 1 Featured  2 Latest  3 Categories  4 Tags  5 Search  6 More "

    static func tabBar(width: Int) throws -> String {
        var (state, _) = try UpdateTests.started()
        _ = state.update(.resized(width: width, height: 24))
        return try #require(AppView(state).lines.first?.plainText)
    }

    @Test func everythingFitsInAWideWindow() throws {
        #expect(try Self.tabBar(width: 100) == Self.names + " 20 · Ledger · live")
    }

    @Test func theFreshnessGoesFirst() throws {
        #expect(try Self.tabBar(width: Self.names.count + 12) == Self.names + " 20 · Ledger")
    }

    @Test func theSiteLabelGoesBeforeTheTabNames() throws {
        #expect(try Self.tabBar(width: 80) == Self.names + " 20 · Ledger", "80 columns hold every name, the freshness cut")
        #expect(try Self.tabBar(width: Self.names.count + 3) == Self.names + " 20")
        #expect(try Self.tabBar(width: Self.names.count + 2) == Self.names)
    }

    @Test func withoutRoomForTheNamesTheOpenTabKeepsItsName() throws {
        #expect(try Self.tabBar(width: 46) == " 1 Featured  2  3  4  5  6  20 · Ledger · live")
    }
}
