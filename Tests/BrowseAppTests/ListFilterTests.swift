import BrowseApp
import Foundation
import NewsCore
import TerminalInput
import Testing

/// `/` narrows every list as it is typed, case and accents aside: story lists (their loaded
/// stories: the filter does not page), Categories, the Tags cloud (and the site's other tags
/// by name), More and an article's links. Enter keeps it, Esc clears it.
struct ListFilterTests {
    func keys(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { state.update(.key($0)) }
    }

    func type(_ state: inout AppState, _ text: String) -> [Effect] {
        text.flatMap { state.update(.key(.character($0))) }
    }

    static func terms(_ state: AppState) throws -> TermListContent {
        guard case .terms(let terms)? = state.screen?.content else { throw UpdateTests.Unexpected("a list of terms") }
        return terms
    }

    static func stories(_ state: AppState) throws -> StoryListContent {
        guard case .stories(let list)? = state.screen?.content else { throw UpdateTests.Unexpected("a story list") }
        return list
    }

    // MARK: Story lists

    @Test func aStoryListNarrowsAsItIsTypedAndSaysHowManyOfTheLoaded() throws {
        var (state, _) = try UpdateTests.started()
        #expect(type(&state, "/1").isEmpty, "the filter asks for no page: it narrows the stories loaded")
        #expect(try Self.stories(state).rows.count == 11, "1 and 10 to 19")
        #expect(UpdateTests.statusLine(state) == "/1  11 of 20 loaded, not the pages after")
        _ = keys(&state, .enter)
        #expect(state.prompt == nil && UpdateTests.statusLine(state).hasPrefix("/1  11 of 20 loaded, not the pages after (esc clears) · "),
                "\(UpdateTests.statusLine(state))")
        _ = keys(&state, .escape)
        #expect(try Self.stories(state).rows.count == 20 && !UpdateTests.statusLine(state).contains("/1"))
    }

    @Test func movingToTheEndOfAFilteredListAsksForNoPage() throws {
        var (state, _) = try UpdateTests.started()
        _ = type(&state, "/1")
        _ = keys(&state, .enter)
        #expect(keys(&state, .character("G"), .character("j")).isEmpty)
    }

    @Test func escWhileTypingClearsTheFilter() throws {
        var (state, _) = try UpdateTests.started()
        _ = type(&state, "/17")
        #expect(try Self.stories(state).rows.count == 1)
        _ = keys(&state, .escape)
        #expect(try state.prompt == nil && Self.stories(state).rows.count == 20)
    }

    @Test func caseAndAccentsAreIgnored() throws {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadList(let id, _, _, _)? = state.start().first else { throw UpdateTests.Unexpected("Featured") }
        let titles = ["Café budget approved", "CAFE OPENS", "Council meets", "Über die Brücke"]
        let stories = titles.enumerated().map { index, title in
            Story(id: index + 1, slug: "s\(index)", title: title, link: "https://example.org/?p=\(index + 1)", date: UpdateTests.dates.now,
                  modified: UpdateTests.dates.now, author: nil, categories: [], tags: [], excerpt: "", sticky: false, featuredImage: nil)
        }
        _ = state.update(.listLoaded(id, StoryList(stories: stories, page: 1, perPage: 20, total: 4, totalPages: 1), refreshed: false))
        _ = type(&state, "/cafe")
        #expect(try Self.stories(state).rows == [0, 1])
        _ = keys(&state, .escape)
        _ = type(&state, "/uber brucke")
        #expect(try Self.stories(state).rows == [3], "every word, anywhere")
        #expect(UpdateTests.statusLine(state) == "/uber brucke  1 of 4")
    }

    // MARK: Categories

    static let categories = [
        NewsCore.Category(id: 1, name: "Arts & Culture", slug: "arts", parent: nil, count: 4),
        NewsCore.Category(id: 2, name: "Économie", slug: "economie", parent: nil, count: 9),
        NewsCore.Category(id: 3, name: "News", slug: "news", parent: nil, count: 30),
    ]

    static func categoriesTab() throws -> AppState {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadTerms(let id, .categories, _)? = state.start(on: .categories).first else { throw UpdateTests.Unexpected("the categories") }
        _ = state.update(.termsLoaded(id, TermRow.categories(categories)))
        return state
    }

    @Test func categoriesNarrowAndEnterOpensTheOneFound() throws {
        var state = try Self.categoriesTab()
        _ = keys(&state, .character("j"))
        #expect(type(&state, "/econ").isEmpty, "Categories has nothing to ask the site")
        #expect(try Self.terms(state).rows.map(\.label) == ["Économie"])
        #expect(state.screen?.cursor == 0)
        #expect(UpdateTests.statusLine(state) == "/econ  1 of 3")
        _ = keys(&state, .enter)
        #expect(state.prompt == nil && UpdateTests.statusLine(state).hasPrefix("/econ  1 of 3 (esc clears) · "), "\(UpdateTests.statusLine(state))")
        let opened = keys(&state, .enter)
        #expect(opened.count == 1 && { if case .loadList(_, .category(Self.categories[1], _), _, _) = opened[0] { true } else { false } }())
    }

    @Test func escClearsAKeptFilterBeforeItGoesBack() throws {
        var state = try Self.categoriesTab()
        _ = type(&state, "/news")
        _ = keys(&state, .enter)
        _ = keys(&state, .escape)
        let rows = try Self.terms(state).rows
        #expect(rows.count == 3 && state.tab == .categories)
        #expect(state.screen.map { rows[$0.cursor].label } == "News", "the cursor stays on the row it was on")
    }

    @Test func rowsThatComeAgainAreFilteredToo() throws {
        var state = try Self.categoriesTab()
        _ = type(&state, "/a")
        _ = keys(&state, .enter)
        let id = try #require(state.screen?.id)
        _ = state.update(.termsLoaded(id, TermRow.categories(Self.categories + [NewsCore.Category(id: 4, name: "Sport", slug: "sport", parent: nil, count: 2)])))
        #expect(try Self.terms(state).rows.map(\.label) == ["Arts & Culture"])
        _ = keys(&state, .escape)
        #expect(try Self.terms(state).rows.count == 4)
    }

    // MARK: Tags

    static func tagsTab() throws -> AppState {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadTerms(let id, .tags, _)? = state.start(on: .tags).first else { throw UpdateTests.Unexpected("the tags") }
        let tags = ["Bridges", "Budget", "City Council", "Ferry"].enumerated().map { Tag(id: $0 + 1, name: $1, slug: $1.lowercased(), count: 50 - $0) }
        _ = state.update(.termsLoaded(id, TermRow.tags(tags)))
        return state
    }

    static let budgetVote = Tag(id: 900, name: "Budget vote 2019", slug: "budget-vote-2019", count: 1)

    @Test func theCloudNarrowsAndTheSiteIsAskedForItsOtherTags() throws {
        var state = try Self.tagsTab()
        #expect(type(&state, "/bu") == [.searchTags("b"), .searchTags("bu")])
        #expect(try Self.terms(state).rows.map(\.label) == ["Budget"])
        _ = state.update(.tagsFound(LiveTagSearchState(query: "bu", phase: .searching)))
        #expect(UpdateTests.statusLine(state) == "/bu  1 of 4 · asking the site…")
        _ = state.update(.tagsFound(LiveTagSearchState(query: "bu", phase: .results(TagMatches(query: "bu", tags: [
            Tag(id: 2, name: "Budget", slug: "budget", count: 49), Self.budgetVote,
        ])))))
        #expect(try Self.terms(state).rows.map(\.label) == ["Budget", "Budget vote 2019"], "the cloud's own once, the site's other after")
        #expect(UpdateTests.statusLine(state) == "/bu  2 of 4")
        _ = keys(&state, .enter, .right)
        #expect(keys(&state, .enter).first == .loadList(try #require(state.screen?.id), .tag(Self.budgetVote), page: 1, refresh: false),
                "a tag outside the cloud opens its list")
    }

    /// The cloud's copy of a tag and the site's answer were read at different times, so their
    /// counts may differ: the tag is still listed once.
    @Test func aTagTheCloudHoldsIsListedOnceWhateverCountTheSiteGivesIt() throws {
        var state = try Self.tagsTab()
        _ = type(&state, "/bu")
        _ = state.update(.tagsFound(LiveTagSearchState(query: "bu", phase: .results(TagMatches(query: "bu", tags: [
            Tag(id: 2, name: "Budget", slug: "budget", count: 52), Self.budgetVote,
        ])))))
        #expect(try Self.terms(state).rows.map(\.label) == ["Budget", "Budget vote 2019"])
    }

    @Test func tagsFoundForATextTypedPastAreDropped() throws {
        var state = try Self.tagsTab()
        _ = type(&state, "/bud")
        _ = state.update(.tagsFound(LiveTagSearchState(query: "bu", phase: .results(TagMatches(query: "bu", tags: [Self.budgetVote, Tag(id: 901, name: "Bus", slug: "bus")])))))
        #expect(try Self.terms(state).rows.map(\.label) == ["Budget"], "the answer for 'bu' came after 'bud' was typed")
        #expect(try Self.terms(state).found.isEmpty)
        _ = keys(&state, .escape)
        _ = state.update(.tagsFound(LiveTagSearchState(query: "bud", phase: .results(TagMatches(query: "bud", tags: [Self.budgetVote])))))
        #expect(try Self.terms(state).rows.count == 4, "nor after the filter was cleared")
    }

    @Test func aTagsTabThatCouldNotLoadAsksTheSiteNothing() throws {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadTerms(let id, .tags, _)? = state.start(on: .tags).first else { throw UpdateTests.Unexpected("the tags") }
        _ = state.update(.failed(id, "this site is read through its feed, which has no tags"))
        #expect(type(&state, "/bu").isEmpty)
    }

    // MARK: More and the links

    @Test func moreKeepsEachSectionsTitleOverItsRowsThatMatch() throws {
        var state = AppState(siteName: "Ledger", dates: UpdateTests.dates, width: 80, height: 24)
        guard case .loadTerms(let id, .more, _)? = state.start(on: .more).first else { throw UpdateTests.Unexpected("More") }
        let followed = FollowedSites(sites: ["ledger": .init(url: "https://ledger.example", apiRoot: nil),
                                             "budget office": .init(url: "https://budget.example", apiRoot: nil)], defaultName: "ledger")
        _ = state.update(.termsLoaded(id, MoreTab.rows(pages: .loaded([]), followed: followed, saved: [], hidden: [])))
        _ = type(&state, "/BUDGET")
        #expect(try Self.terms(state).rows.map(\.label) == ["Sites", "budget office · 0 unread"])
        #expect(state.screen?.cursor == 1, "on the row, not on its section's title")
        // Of the two sites and "Follow a site…", which a filter can find as well.
        #expect(UpdateTests.statusLine(state) == "/BUDGET  1 of 3")
    }

    @Test func anArticlesLinksNarrowToo() throws {
        var (state, _) = try UpdateTests.started()
        _ = keys(&state, .enter)
        _ = state.update(.articleLoaded(try #require(state.screen?.id), html: #"<p><a href="https://a.example/">a</a> <a href="https://b.example/">b</a></p>"#,
                                        story: UpdateTests.story(1), link: nil))
        _ = keys(&state, .character("l"))
        let before = try Self.terms(state).rows.count
        _ = type(&state, "/b.example")
        #expect(try Self.terms(state).rows.count == 1 && before == 2)
    }

    @Test func inTheReaderSlashStillFindsInTheArticle() throws {
        var (state, _) = try UpdateTests.started()
        _ = keys(&state, .enter)
        _ = state.update(.articleLoaded(try #require(state.screen?.id), html: "<p>level one</p>", story: UpdateTests.story(1), link: nil))
        _ = keys(&state, .character("/"))
        #expect(state.prompt?.purpose == .find)
    }
}
