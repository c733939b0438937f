import BrowseApp
import Foundation
import NewsCore
import TerminalInput
import Testing

/// More → "Follow a site…": the address and the name typed on the status line, then the
/// effect that follows it; the runtime runs what `sites add` runs.
struct FollowSiteTests {
    /// More open, its cursor on "Follow a site…".
    static func onFollowRow() throws -> (AppState, ScreenID) {
        var state = AppState(siteName: "ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadTerms(let id, .more, _)? = state.start(on: .more).first else { throw UpdateTests.Unexpected("More") }
        let sites = FollowedSites(sites: ["ledger": .init(url: "https://ledger.example/", apiRoot: nil)], defaultName: "ledger")
        _ = state.update(.termsLoaded(id, MoreTab.rows(pages: .loaded([]), followed: sites, saved: [], hidden: [])))
        _ = state.update(.key(.down))
        guard case .terms(let more)? = state.screen?.content, let cursor = state.screen?.cursor, more.rows[cursor].target == .followSite else {
            throw UpdateTests.Unexpected("the cursor on Follow a site…")
        }
        return (state, id)
    }

    static func type(_ state: inout AppState, _ text: String) -> [Effect] {
        text.flatMap { state.update(.key(.character($0))) }
    }

    @Test func enterAsksForTheAddressThenTheNameThenFollows() throws {
        var (state, _) = try Self.onFollowRow()
        #expect(state.update(.key(.enter)).isEmpty)
        #expect(state.prompt?.purpose == .followSite(url: nil))
        #expect(UpdateTests.statusLine(state).hasPrefix("Follow a site at"))
        #expect(Self.type(&state, "harbour.example/feed.xml").isEmpty)
        #expect(state.update(.key(.enter)).isEmpty)
        #expect(state.prompt?.purpose == .followSite(url: "harbour.example/feed.xml"))
        #expect(UpdateTests.statusLine(state).hasPrefix("Its name (Enter: one made from its title or address)"))
        _ = Self.type(&state, "harbour")
        #expect(state.update(.key(.enter)) == [.followSite(url: "harbour.example/feed.xml", name: "harbour")])
        #expect(state.prompt == nil)
        #expect(UpdateTests.statusLine(state).hasPrefix("following harbour.example/feed.xml: looking the site up"))
    }

    @Test func anEmptyNameLeavesTheNameToBeMade() throws {
        var (state, _) = try Self.onFollowRow()
        _ = state.update(.key(.enter))
        _ = Self.type(&state, "  https://harbour.example/ ")
        _ = state.update(.key(.enter))
        #expect(state.update(.key(.enter)) == [.followSite(url: "https://harbour.example/", name: nil)])
    }

    @Test func escOrNoAddressFollowsNothing() throws {
        var (state, _) = try Self.onFollowRow()
        _ = state.update(.key(.enter))
        #expect(state.update(.key(.enter)).isEmpty)
        #expect(state.prompt == nil && UpdateTests.statusLine(state).hasPrefix("no site followed: no address given"))

        _ = state.update(.key(.enter))
        _ = Self.type(&state, "harbour.example")
        #expect(state.update(.key(.escape)).isEmpty)
        #expect(state.prompt == nil && UpdateTests.statusLine(state).hasPrefix("no site followed"))

        _ = state.update(.key(.enter))
        _ = Self.type(&state, "harbour.example")
        _ = state.update(.key(.enter))
        _ = Self.type(&state, "harbour")
        #expect(state.update(.key(.escape)).isEmpty, "Esc at the name gives up too, rather than taking a made name")
        #expect(state.prompt == nil)
    }

    /// Keys that mean something elsewhere are typed: `q` does not quit, `j` does not move.
    @Test func theAddressTakesEveryCharacter() throws {
        var (state, _) = try Self.onFollowRow()
        _ = state.update(.key(.enter))
        #expect(Self.type(&state, "qj?/1").isEmpty)
        #expect(state.prompt?.editor.text == "qj?/1" && !state.showsHelp && state.tab == .more)
    }

    @Test func aFollowedSiteIsSaidAndMoreAsksForItsRowsAgain() throws {
        var (state, id) = try Self.onFollowRow()
        let effects = state.update(.siteFollowed(line: "added 'harbour': https://harbour.example/feed.xml (not WordPress: read as a web feed)"))
        #expect(effects == [.loadTerms(id, .more, refresh: false)])
        #expect(UpdateTests.statusLine(state).hasPrefix("added 'harbour'"))
        // From another tab too: More is asked again when it is opened.
        var (elsewhere, _) = try UpdateTests.started()
        #expect(elsewhere.update(.siteFollowed(line: "added 'harbour': …")).isEmpty)
    }
}
