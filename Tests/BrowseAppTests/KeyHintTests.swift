import BrowseApp
import Foundation
import NewsCore
import TerminalRender
import Testing

/// Hints name the keys the user bound, not the defaults: a hint that names a key which does
/// something else, or nothing, misleads.
struct KeyHintTests {
    /// Every key a hint below names, bound elsewhere.
    static let rebound = KeyMap(bindings: [
        "down": ["ctrl-n"], "up": ["ctrl-p"], "open": ["o"], "refresh": ["R"],
        "featured_tab": ["!"], "more_tab": ["^"], "help": ["H"],
    ])

    static func started() throws -> AppState {
        try UpdateTests.started(keys: rebound).0
    }

    @Test func theHelpFooterNamesTheScrollingKeys() throws {
        var state = try Self.started()
        _ = state.update(.key(.character("H")))
        #expect(UpdateTests.statusLine(state).hasPrefix("ctrl-n/ctrl-p scroll"), "\(UpdateTests.statusLine(state))")
    }

    @Test func theListHintNamesTheTabKeys() throws {
        let state = try Self.started()
        #expect(UpdateTests.statusLine(state).contains("!-^ tabs"), "\(UpdateTests.statusLine(state))")
    }

    @Test func aLinkNumberSaysWhichKeyFollowsIt() throws {
        var state = try Self.started()
        guard case .loadArticle(let id, let storyID, _)? = state.update(.key(.character("o"))).first else {
            throw UpdateTests.Unexpected("o reads")
        }
        _ = state.update(.articleLoaded(id, html: "<p><a href=\"/a\">a</a></p>", story: UpdateTests.story(storyID), link: "https://example.org/"))
        _ = state.update(.key(.character("1")))
        #expect(UpdateTests.statusLine(state).hasPrefix("link 1: o follows it"), "\(UpdateTests.statusLine(state))")
        _ = state.update(.key(.character("x")))
        _ = state.update(.key(.character("o")))
        #expect(UpdateTests.statusLine(state).hasPrefix("type a link's number, then o"), "\(UpdateTests.statusLine(state))")
    }
}

extension KeyHintTests {
    @Test func anUnhideSaysWhichKeyRefreshes() throws {
        var state = try Self.started()
        guard case .loadTerms(let id, .more, _)? = state.update(.key(.character("^"))).first else { throw UpdateTests.Unexpected("More") }
        _ = state.update(.termsLoaded(id, [
            TermRow(label: "Hidden stories", target: .heading), TermRow(label: "Story 7", depth: 1, target: .hidden(storyID: 7)),
        ]))
        #expect(state.update(.key(.character("o"))) == [.unhide(storyID: 7)])
        #expect(UpdateTests.statusLine(state).hasSuffix("after a refresh (R)"), "\(UpdateTests.statusLine(state))")
    }
}

extension KeyHintTests {
    /// Unhiding is the open action: with it bound to `o`, the heading must not promise Enter.
    @Test func theHiddenStoriesHeadingNamesTheOpenKey() throws {
        var state = try Self.started()
        guard case .loadTerms(let id, .more, _)? = state.update(.key(.character("^"))).first else { throw UpdateTests.Unexpected("More") }
        _ = state.update(.termsLoaded(id, MoreTab.rows(pages: .loading, followed: FollowedSites(), saved: [], hidden: [])))
        let drawn = AppView(state).lines.map(\.plainText)
        #expect(drawn.contains { $0.hasPrefix("Hidden stories (o unhides)") }, "\(drawn)")
    }
}

extension KeyHintTests {
    /// Without a browser the way left is to copy the link: with copy_link rebound, say that key.
    @Test func noBrowserSaysWhichKeyCopiesTheLink() {
        let keys = KeyMap(bindings: ["copy_link": ["Y"]])
        #expect(BrowserNotice.noBrowser("xdg-open", keys: keys) == "no browser to open it with (xdg-open): set BROWSER, or Y copies the link")
    }
}
