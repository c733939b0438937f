import BrowseApp
import NewsCore
import TerminalRender
import Testing

/// Small dead ends of the app: each key either does something or says why it does not.
struct SmallDeadEndsTests {
    static func reading(_ html: String) throws -> AppState {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .enter)
        _ = state.update(.articleLoaded(try #require(state.screen?.id), html: html, story: UpdateTests.story(1), link: nil))
        return state
    }

    static let twoLinks = "<p><a href=\"https://example.org/a\">first</a> and <a href=\"https://example.org/b\">second</a></p>"

    @Test func unhidingTheLastHiddenStoryLeavesTheCursorOffTheSites() throws {
        var (state, _) = try UpdateTests.started()
        guard case .loadTerms(let more, .more, _)? = UpdateTests().keys(&state, .character("6")).first else { throw UpdateTests.Unexpected("More") }
        _ = state.update(.termsLoaded(more, [
            TermRow(label: "Sites", target: .heading), TermRow(label: "ledger", depth: 1, target: .site(name: "ledger")),
            TermRow(label: "Hidden stories", target: .heading), TermRow(label: "Story 7", depth: 1, target: .hidden(storyID: 7)),
        ]))
        #expect(UpdateTests().keys(&state, .character("G"), .enter) == [.unhide(storyID: 7)])
        #expect(!UpdateTests().keys(&state, .enter).contains(.switchSite("ledger")), "a second Enter does not switch site")
    }

    /// More answers twice: its local rows at once, the site's pages later. A story unhidden
    /// before the pages come leaves the cursor on the hidden section's "(none)"; the pages
    /// arriving above it must not slide the cursor onto a page, where Enter would open it.
    @Test func pagesArrivingAfterAnUnhideLeaveTheCursorInItsSection() throws {
        var (state, _) = try UpdateTests.started()
        guard case .loadTerms(let more, .more, _)? = UpdateTests().keys(&state, .character("6")).first else { throw UpdateTests.Unexpected("More") }
        let local = [
            TermRow(label: "Sites", target: .heading), TermRow(label: "ledger", depth: 1, target: .site(name: "ledger")),
            TermRow(label: "Hidden stories", target: .heading),
        ]
        _ = state.update(.termsLoaded(more, [TermRow(label: "Pages", target: .heading), TermRow(label: "(loading…)", depth: 1, target: .heading)]
            + local + [TermRow(label: "Story 7", depth: 1, target: .hidden(storyID: 7))]))
        #expect(UpdateTests().keys(&state, .character("G"), .enter) == [.unhide(storyID: 7)])
        let pages = (1...7).map { TermRow(label: "Page \($0)", depth: 1, target: .page(id: $0, title: "Page \($0)")) }
        _ = state.update(.termsLoaded(more, [TermRow(label: "Pages", target: .heading)] + pages + local
            + [TermRow(label: "(none)", depth: 1, target: .heading)]))
        guard case .terms(let terms)? = state.screen?.content else { throw UpdateTests.Unexpected("More") }
        #expect(terms.rows[try #require(state.screen?.cursor)].label == "(none)", "the cursor stays under Hidden stories")
        let entered = UpdateTests().keys(&state, .enter)
        #expect(!entered.contains { if case .loadPage = $0 { true } else if case .switchSite = $0 { true } else { false } },
                "Enter opens no page and switches no site: \(entered)")
    }

    @Test func escCancelsALinkNumberAndZeroIsNoLink() throws {
        var state = try Self.reading(Self.twoLinks)
        _ = UpdateTests().keys(&state, .character("2"), .escape)
        guard case .reader? = state.screen?.content else { throw UpdateTests.Unexpected("Esc left the reader") }
        #expect(state.linkNumber == "" && UpdateTests.statusLine(state).contains("cancel"), "\(UpdateTests.statusLine(state))")
        _ = UpdateTests().keys(&state, .character("0"))
        #expect(state.linkNumber == "" && UpdateTests.statusLine(state).contains("from 1"), "\(UpdateTests.statusLine(state))")
        #expect(UpdateTests().keys(&state, .enter).isEmpty, "nothing is followed")
    }

    @Test func theSearchResultsDropTheEscHintAfterEsc() throws {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .character("5"))
        #expect(AppView(state).lines.map(\.plainText).joined().contains("Esc list keys"))
        _ = UpdateTests().keys(&state, .escape)
        #expect(!AppView(state).lines.map(\.plainText).joined().contains("Esc list keys"), "\(AppView(state).lines.map(\.plainText))")
    }

    @Test func keysThatDoNothingHereSayWhy() throws {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .character("5"), .escape)
        for key in ["d", "m"] {
            _ = UpdateTests().keys(&state, .character(Character(key)))
            #expect(state.status?.hasPrefix(key + " ") == true, "\(key) in the search results: \(state.status ?? "nothing")")
        }
        state = try Self.reading(Self.twoLinks)
        for key in ["d", "m"] {
            _ = UpdateTests().keys(&state, .character(Character(key)))
            #expect(state.status?.hasPrefix(key + " ") == true, "\(key) in the reader: \(state.status ?? "nothing")")
        }
        _ = UpdateTests().keys(&state, .character("l"), .character("r"))
        #expect(state.status?.hasPrefix("r ") == true, "r in the links list: \(state.status ?? "nothing")")
    }

    @Test func theHelpKeepsItsOwnFooter() throws {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .character("?"))
        #expect(UpdateTests.statusLine(state).hasPrefix("j/k scroll · any other key closes this"), "\(UpdateTests.statusLine(state))")
        _ = UpdateTests().keys(&state, .character(" "))
        #expect(UpdateTests.statusLine(state).hasPrefix("j/k scroll"), "still the help's footer once it scrolled")
    }

    @Test func anArticleThatCouldNotBeReadShowsWhatTheListKnows() throws {
        var (state, _) = try UpdateTests.started()
        _ = UpdateTests().keys(&state, .enter)
        _ = state.update(.failed(try #require(state.screen?.id), "story 1 is not in the offline copy of Ledger: run the command again when Ledger can be reached"))
        let body = AppView(state).lines.dropFirst().dropLast().map(\.plainText).joined(separator: "\n")
        #expect(body.contains("Story 1") && body.contains("About 1."), "its title and excerpt: \(body)")
        #expect(body.contains("not in the offline copy"), "and why there is no more: \(body)")
    }

    @Test func theLinksListShowsEachLinksTextAndAReadableAddress() throws {
        var state = try Self.reading("<p><a href=\"https://example.org/caf%C3%A9?q=a%20b\">the café</a> and "
            + "<a href=\"https://example.org/%E2%80%AEevil\">trap</a></p>")
        _ = UpdateTests().keys(&state, .character("l"))
        let rows = AppView(state).lines.map(\.plainText)
        #expect(rows.contains { $0.contains("the café") && $0.contains("https://example.org/café?q=a%20b") },
                "the text beside the address, its non-ASCII letters decoded and the rest as written: \(rows)")
        #expect(rows.contains { $0.contains("trap") && $0.contains("https://example.org/%E2%80%AEevil") }, "a bidi override stays encoded: \(rows)")
        guard case .followLink(let links, let address)? = UpdateTests().keys(&state, .enter).first else { throw UpdateTests.Unexpected("Enter follows the link") }
        #expect(state.update(.linkFollowed(links, address: address, nil)) == [.openInBrowser("https://example.org/caf%C3%A9?q=a%20b")],
                "not found on a followed site, the browser opens the address as written")
    }
}
