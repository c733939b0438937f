import BrowseApp
import Foundation
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// The keys of the README's table, screen by screen, and the events around them.
struct KeyTableTests {
    typealias Unexpected = UpdateTests.Unexpected

    func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { state.update(.key($0)) }
    }

    func list(_ state: AppState) throws -> StoryListContent {
        guard case .stories(let list)? = state.screen?.content else { throw Unexpected("a story list on screen") }
        return list
    }

    func reader(_ state: AppState) throws -> ReaderContent {
        guard case .reader(let reader)? = state.screen?.content else { throw Unexpected("the reader on screen") }
        return reader
    }

    /// Reads the story under the cursor, with this article.
    func open(_ state: inout AppState, html: String) throws {
        guard case .loadArticle(let id, let storyID, _)? = press(&state, .enter).first else { throw Unexpected("Enter reads") }
        _ = state.update(.articleLoaded(id, html: html, story: UpdateTests.story(storyID), link: "https://example.org/?p=\(storyID)"))
    }

    // MARK: Story lists

    @Test func dHidesEverywhereAndUBringsItBack() throws {
        var (state, _) = try UpdateTests.started()
        guard case .loadList(let latest, .latest, _, _)? = press(&state, .character("2")).first else { throw Unexpected("Latest") }
        _ = state.update(.listLoaded(latest, UpdateTests.page(1, of: 1, ids: 1...20), refreshed: false))
        _ = press(&state, .character("1"), .character("j"))
        #expect(press(&state, .character("d")) == [.setHidden(UpdateTests.story(2), true)])
        #expect(try list(state).story(atRow: 1)?.id == 3, "the cursor's row is the next story now")
        #expect(UpdateTests.statusLine(state).hasPrefix("hidden (u undoes"))
        _ = press(&state, .character("2"))
        #expect(try list(state).rows.count == 19, "hidden from the other tab's list too")
        _ = state.update(.searchChanged(LiveSearchState(query: "s", phase: .results(SearchResults(
            query: "s", hits: [.story(UpdateTests.story(2)), .story(UpdateTests.story(3))], page: 1, perPage: 50, total: 2, totalPages: 1,
            origin: .list(.network))))))
        #expect(state.search.state?.hits == [.story(UpdateTests.story(3))], "and from search results that answer after")
        #expect(press(&state, .character("u")) == [.setHidden(UpdateTests.story(2), false)])
        #expect(try list(state).rows.count == 20)
        _ = press(&state, .character("u"))
        #expect(UpdateTests.statusLine(state) == "nothing to undo")
    }

    @Test func mTogglesReadAndADoesTheWholeList() throws {
        var (state, _) = try UpdateTests.started()
        #expect(press(&state, .character("m")) == [.setRead([UpdateTests.story(1)], true)])
        #expect(state.isRead(UpdateTests.story(1)))
        #expect(AppView(state).lines[1].plainText.contains("1·"), "a read story is marked without colour")
        #expect(press(&state, .character("m")) == [.setRead([UpdateTests.story(1)], false)])
        _ = press(&state, .character("m"))
        let all = press(&state, .character("A"))
        #expect(all == [.setRead((2...20).map(UpdateTests.story), true)], "the stories not read yet, once each")
        #expect(press(&state, .character("A")).isEmpty)
    }

    @Test func capitalUShowsUnreadOnly() throws {
        var (state, _) = try UpdateTests.started()
        _ = press(&state, .character("m"), .character("j"), .character("m"))
        _ = press(&state, .character("U"))
        #expect(try list(state).rows.count == 18 && state.unreadOnly)
        #expect(try list(state).story(atRow: 0)?.id == 3)
        _ = press(&state, .character("U"))
        #expect(try list(state).rows.count == 20)
    }

    @Test func slashFiltersAsItIsTypedAndEscShowsAllAgain() throws {
        var (state, _) = try UpdateTests.started()
        _ = press(&state, .character("/"), .character("1"), .character("7"))
        let filtered = try list(state)
        #expect(filtered.rows.map { filtered.stories[$0].id } == [17], "digits go to the filter, not to the tabs")
        #expect(AppView(state).cursor.row == 23, "the cursor is in the filter on the status line")
        _ = press(&state, .enter)
        #expect(state.prompt == nil && state.tab == .featured)
        #expect(UpdateTests.statusLine(state).hasPrefix("/17  1 of 20"))
        _ = press(&state, .escape)
        #expect(try list(state).rows.count == 20 && state.tab == .featured, "Esc clears the filter before it goes back")
    }

    @Test func aFilterThatLeavesLittleAsksForNoPage() throws {
        var (state, _) = try UpdateTests.started()
        _ = press(&state, .character("/"))
        #expect(press(&state, .character("x")).isEmpty, "the filter narrows the stories loaded")
    }

    @Test func aPageThatComesUnderAFilterAsksForNoMore() throws {
        var (state, id) = try UpdateTests.started()
        #expect(press(&state, .character("G")) == [.loadList(id, .featured, page: 2, refresh: false)])
        _ = press(&state, .character("/"), .character("x"))
        #expect(state.update(.listLoaded(id, UpdateTests.page(2, of: 3, ids: 21...40), refreshed: false)).isEmpty,
                "no story of page 2 matches: the archive is not walked")
        #expect(press(&state, .enter, .character("j")).isEmpty, "nor a page a key")
    }

    @Test func aPageThatLeftBeforeARefreshIsDropped() throws {
        var (state, id) = try UpdateTests.started()
        _ = press(&state, .character("G"))
        _ = press(&state, .character("r"))
        _ = state.update(.listLoaded(id, UpdateTests.page(1, of: 3, ids: 1...20), refreshed: true))
        _ = state.update(.listLoaded(id, UpdateTests.page(3, of: 3, ids: 41...60), refreshed: false))
        #expect(try list(state).stories.count == 20, "page 3 does not follow page 1")
        #expect(state.screen?.cursor == 19, "the cursor stays on its story")
    }

    @Test func oOpensWebAddressesOnlyAndYCopies() throws {
        var (state, _) = try UpdateTests.started()
        #expect(press(&state, .character("o")) == [.openInBrowser("https://example.org/?p=1")])
        #expect(press(&state, .character("y")) == [.copy("https://example.org/?p=1")])
        #expect(UpdateTests.statusLine(state) == "link sent to the terminal's clipboard")
        try open(&state, html: #"<p><a href="ftp://files.example/x">x</a> <a href="https://a.example/">a</a></p>"#)
        #expect(press(&state, .character("1"), .enter).isEmpty, "only web addresses go to the browser")
        #expect(UpdateTests.statusLine(state).contains("not a web address"))
        // A web address is looked for among the followed sites first; not found, it goes to the browser.
        guard case .followLink(let reader, "https://a.example/")? = press(&state, .character("2"), .enter).first else {
            throw Unexpected("digits then Enter follow link [2]")
        }
        #expect(state.update(.linkFollowed(reader, address: "https://a.example/", nil)) == [.openInBrowser("https://a.example/")])
        #expect(press(&state, .character("9"), .enter).isEmpty)
        // The reader's status line ends with where it is in the article.
        #expect(UpdateTests.statusLine(state).replacing(/\s+All$/, with: "") == "no link [9] in this article")
        #expect(press(&state, .character("o")) == [.openInBrowser("https://example.org/?p=1")], "o in the reader: the story")
    }

    @Test func theStaleCopySaysWhyOnTheStatusLine() throws {
        var (state, id) = try UpdateTests.started()
        _ = state.update(.resized(width: 120, height: 24))
        let fetched = Date(timeIntervalSince1970: 1_800_000_000 - 720)
        let stale = StoryList(stories: [UpdateTests.story(1)], page: 1, perPage: 20, total: 1, totalPages: 1,
                              origin: .staleCache(fetchedAt: fetched, reason: "timed out"))
        _ = press(&state, .character("r"))
        _ = state.update(.listLoaded(id, stale, refreshed: true))
        let status = UpdateTests.statusLine(state)
        #expect(status.contains("Could not reach the site (r to retry): timed out") && status.contains("12 min ago"))
        #expect(AppView(state).lines[0].plainText.contains("offline"))
    }

    @Test func anEmptyListSaysSo() throws {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadList(let id, _, _, _)? = state.start().first else { throw Unexpected("a list") }
        #expect(AppView(state).lines.last?.plainText.contains("loading") == true, "a spinner while waiting")
        #expect(state.wantsTicks)
        _ = state.update(.listLoaded(id, StoryList(stories: [], page: 1, perPage: 20, total: 0, totalPages: 0), refreshed: false))
        #expect(AppView(state).lines[1].plainText == "No stories in Featured yet.")
        #expect(!state.wantsTicks, "no timer once nothing waits")
    }

    @Test func newRowsFlashForAWhile() throws {
        var (state, id) = try UpdateTests.started()
        _ = press(&state, .character("r"))
        _ = state.update(.listLoaded(id, UpdateTests.page(1, of: 3, ids: 0...19), refreshed: true))
        #expect(state.wantsTicks)
        for _ in 0..<20 { _ = state.update(.tick) }
        let arrived = try list(state).arrived
        #expect(!state.wantsTicks && arrived.isEmpty)
    }

    // MARK: The reader

    @Test func slashFindsInTheArticleAndNStepsThroughMatches() throws {
        var (state, _) = try UpdateTests.started()
        let paragraphs = (1...60).map { $0 % 20 == 0 ? "<p>heron \($0)</p>" : "<p>line \($0)</p>" }.joined()
        try open(&state, html: paragraphs)
        _ = press(&state, .character("/"))
        for letter in "HERON" { _ = press(&state, .character(letter)) }
        _ = press(&state, .enter)
        let matches = try reader(state).matches
        #expect(matches.count == 3, "any case")
        #expect(state.screen?.top == matches[0])
        #expect(press(&state, .character("n")).isEmpty, "n is the next match while a search is on, not the next story")
        #expect(state.screen?.top == matches[1] && UpdateTests.statusLine(state).contains("2 of 3"))
        _ = press(&state, .character("N"))
        #expect(state.screen?.top == matches[0])
        _ = press(&state, .escape)
        #expect(try reader(state).find.isEmpty, "Esc ends the search first")
        guard case .loadArticle(_, storyID: 2, _)? = press(&state, .character("n")).first else { throw Unexpected("n: the next story again") }
    }

    @Test func lListsTheLinksAndEnterOpensOne() throws {
        var (state, _) = try UpdateTests.started()
        try open(&state, html: #"<p><a href="/about">About</a> and <a href="https://b.example/x">B</a></p>"#)
        _ = press(&state, .character("l"))
        guard case .terms(let links)? = state.screen?.content, links.kind == .links else { throw Unexpected("the links") }
        #expect(links.rows.map(\.label) == ["[1] About · https://example.org/about", "[2] B · https://b.example/x"], "read against the story's address")
        guard case .followLink(let links, "https://b.example/x")? = press(&state, .character("j"), .enter).first else { throw Unexpected("Enter follows [2]") }
        #expect(state.update(.linkFollowed(links, address: "https://b.example/x", nil)) == [.openInBrowser("https://b.example/x")])
        #expect(press(&state, .character("y")) == [.copy("https://b.example/x")])
        _ = press(&state, .character("q"))
        _ = try reader(state)
    }

    @Test func cFetchesTheCommentsOnceAndShowsThem() throws {
        var (state, _) = try UpdateTests.started()
        try open(&state, html: "<p>Body.</p>")
        let asked = press(&state, .character("c"))
        guard case .loadComments(let id, .story(let story))? = asked.first, story.id == 1 else { throw Unexpected("\(asked)") }
        let comment = Comment(id: 9, parent: nil, author: "Ada", date: UpdateTests.dates.now, html: "<p>Well put.</p>")
        _ = state.update(.commentsLoaded(id, [comment]))
        let text = AppView(state).lines.map(\.plainText)
        #expect(text.contains { $0.contains("Comments (1)") } && text.contains { $0.contains("Well put.") })
        #expect(press(&state, .character("c")).isEmpty, "asked once; c jumps to them after")
    }

    @Test func nInAStoryFromTheSearchResultsReadsTheNextResult() throws {
        var (state, _) = try UpdateTests.started()
        _ = press(&state, .character("5"), .character("c"))
        let hits = (1...12).map { SearchResults.Hit.story(UpdateTests.story($0)) }
        _ = state.update(.searchChanged(LiveSearchState(query: "c", phase: .results(SearchResults(
            query: "c", hits: hits, page: 1, perPage: 50, total: 12, totalPages: 1, origin: .list(.network))))))
        guard case .loadArticle(_, storyID: 1, _)? = press(&state, .enter).first else { throw Unexpected("Enter reads the first result") }
        guard case .loadArticle(_, storyID: 2, _)? = press(&state, .character("n")).first else { throw Unexpected("n: the second result") }
        #expect(state.stacks[.search]?.count == 1, "one story over the results, not a pile")
        _ = press(&state, .character("q"), .escape, .pageDown)
        #expect(state.search.selection == 1 + SearchScreen.resultsShown(height: 22), "PgDn pages through the results")
    }

    // MARK: Tabs and the cloud

    @Test func shiftTabGoesBackATabAndTheWheelMoves() throws {
        var (state, _) = try UpdateTests.started()
        _ = press(&state, .backTab)
        #expect(state.tab == .more)
        _ = press(&state, .tab)
        #expect(state.tab == .featured)
        _ = press(&state, .wheelDown, .wheelDown, .wheelUp)
        #expect(state.screen?.cursor == 1)
    }

    @Test func theCloudIsWalkedWithArrows() throws {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 30, height: 24)
        _ = state.start()
        guard case .loadTerms(let id, .tags, _)? = press(&state, .character("4")).first else { throw Unexpected("the tags") }
        // Words of 8 columns and a gap of 2: three to a line of 30.
        let rows = (1...7).map { TermRow(label: "tag-\($0)-xx", count: $0, level: $0 % 5 + 1, target: .heading) }
        _ = state.update(.termsLoaded(id, rows.map { TermRow(label: $0.label, count: $0.count, level: $0.level, target: .stories(.latest)) }))
        let view = AppView(state).lines.map(\.plainText)
        #expect(view[1] == "tag-1-xx  tag-2-xx  tag-3-xx" && view[3] == "tag-7-xx")
        _ = press(&state, .right, .right)
        #expect(state.screen?.cursor == 2)
        _ = press(&state, .down)
        #expect(state.screen?.cursor == 5, "down: the word below")
        _ = press(&state, .down)
        #expect(state.screen?.cursor == 6, "the nearest word on a shorter line")
        _ = press(&state, .left)
        #expect(state.screen?.cursor == 5, "Left in the cloud moves; it is not back")
        guard case .loadList(_, .latest, _, _)? = press(&state, .enter).first else { throw Unexpected("Enter opens the tag's stories") }
    }

    @Test func moreSkipsItsHeadingsAndUnhides() throws {
        var (state, _) = try UpdateTests.started()
        guard case .loadTerms(let id, .more, _)? = press(&state, .character("6")).first else { throw Unexpected("More") }
        _ = state.update(.termsLoaded(id, [
            TermRow(label: "Pages", target: .heading), TermRow(label: "About", depth: 1, target: .page(id: 5, title: "About")),
            TermRow(label: "Sites", target: .heading), TermRow(label: "ledger", depth: 1, target: .site(name: "ledger")),
            TermRow(label: "Hidden stories", target: .heading), TermRow(label: "Story 7", depth: 1, target: .hidden(storyID: 7)),
        ]))
        #expect(state.screen?.cursor == 1, "the cursor starts on the first row that is not a title")
        _ = press(&state, .character("j"))
        #expect(state.screen?.cursor == 3)
        #expect(press(&state, .enter) == [.switchSite("ledger")])
        _ = press(&state, .character("G"))
        #expect(press(&state, .enter) == [.unhide(storyID: 7)])
        guard case .terms(let more)? = state.screen?.content else { throw Unexpected("More") }
        #expect(more.rows.last?.label == "(none)" && state.screen?.cursor == 5, "the cursor stays in the emptied section, off the site above")
        _ = press(&state, .character("1"))
        #expect(press(&state, .character("6")) == [.loadTerms(id, .more, refresh: false)], "back on More, its rows are asked for again")
    }

    // MARK: Configured keys

    @Test func boundKeysReplaceTheDefaultsAndBadEntriesAreNamed() throws {
        let keys = KeyMap(bindings: ["down": ["ctrl-n", "x"], "hide": ["j"], "fly": ["f"], "up": ["nonsense-key"]],
                          badEntries: ["keys.top: not a key name or a list of them"])
        var (state, _) = try UpdateTests.started(keys: keys)
        _ = press(&state, .control("n"), .character("x"))
        #expect(state.screen?.cursor == 2)
        #expect(press(&state, .character("j")) == [.setHidden(UpdateTests.story(3), true)], "j hides now, and no longer moves")
        _ = press(&state, .character("k"))
        #expect(state.screen?.cursor == 1, "a bad binding leaves the default")
        #expect(keys.problems.contains { $0.contains("keys.fly") } && keys.problems.contains { $0.contains("'nonsense-key'") })
        var fresh = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 200, height: 24, keys: keys)
        _ = fresh.start()
        let status = UpdateTests.statusLine(fresh)
        #expect(status.contains("keys.top") && status.contains("keys.fly") && status.contains("keys.up"))
    }

    @Test func theHelpListsEveryActionAndScrolls() throws {
        var (state, _) = try UpdateTests.started()
        _ = press(&state, .character("?"))
        let first = AppView(state).lines.map(\.plainText)
        let nextStory = try #require(first.first { $0.contains("next_story") })
        #expect(nextStory.hasPrefix("  n ") && nextStory.contains("the next story"), "keys, action name, what it does: \(nextStory)")
        _ = press(&state, .character(" "))
        #expect(state.showsHelp && state.helpTop > 0)
        let scrolled = AppView(state).lines.map(\.plainText).joined(separator: "\n")
        #expect(scrolled.contains("help"), "the last actions are reachable")
        _ = press(&state, .character("x"))
        #expect(!state.showsHelp)
    }
}
