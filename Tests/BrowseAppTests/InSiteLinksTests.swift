import BrowseApp
import Foundation
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// Following links from the reader: the header's author, categories and tags open their lists
/// in the app, numbered after the article's links; a link to a story or page of a followed
/// site opens in the reader, any other link in the browser.
struct InSiteLinksTests {
    typealias Unexpected = UpdateTests.Unexpected
    let keys = KeyTableTests()

    static let author = Author(id: 7, name: "Jane Okafor", slug: "jane-okafor")
    static let cityHall = Category(id: 3, name: "City Hall", slug: "city-hall", parent: nil)
    static let budget = Tag(id: 11, name: "Budget", slug: "budget")

    static func namedStory(_ id: Int) -> Story {
        Story(id: id, slug: "s\(id)", title: "Story \(id)", link: "https://example.org/s\(id)/",
              date: Date(timeIntervalSince1970: 1_799_990_000), modified: Date(timeIntervalSince1970: 1_799_990_000),
              author: author, categories: [cityHall], tags: [budget], excerpt: "About \(id).", sticky: false, featuredImage: nil)
    }

    /// Two body links, so the header's names are [3] (author), [4] (category), [5] (tag).
    static let html = #"<p>See <a href="https://example.org/other-story/?utm_source=x">the other story</a> and <a href="https://elsewhere.example/">elsewhere</a>.</p>"#

    /// The app with a story whose header names an author, a category and a tag, read.
    func reading(readThroughFeed: Bool = false) throws -> (AppState, ScreenID) {
        var (state, list) = try UpdateTests.started()
        let story = Self.namedStory(1)
        _ = state.update(.listLoaded(list, StoryList(stories: [story], page: 1, perPage: 20, total: 1, totalPages: 1), refreshed: true))
        guard case .loadArticle(let id, storyID: 1, _)? = keys.press(&state, .enter).first else { throw Unexpected("Enter reads") }
        _ = state.update(.articleLoaded(id, html: Self.html, story: story, link: story.link, readThroughFeed: readThroughFeed))
        return (state, id)
    }

    func typed(_ state: inout AppState, _ number: Int) -> [Effect] {
        keys.press(&state, .character(Character(String(number))), .enter)
    }

    @Test func theHeadersNamesAreNumberedAfterTheArticlesLinks() throws {
        let (state, _) = try reading()
        let reader = try keys.reader(state)
        #expect(reader.links == ["https://example.org/other-story/?utm_source=x", "https://elsewhere.example/"])
        #expect(reader.headerLinks == [.author(Self.author), .category(Self.cityHall), .tag(Self.budget)])
        let text = reader.lines.map(\.plainText)
        #expect(text.contains { $0.contains("By Jane Okafor[3]") && $0.contains("City Hall[4]") })
        #expect(text.contains("Tags: Budget[5]"))
        #expect(text.contains { $0.hasSuffix("[5] Tag: Budget") })
    }

    @Test func aHeaderNumberOpensItsListAndBackReturnsToTheArticle() throws {
        for (number, request) in [(3, ListRequest.author(Self.author)), (4, .category(Self.cityHall, descendants: [])), (5, .tag(Self.budget))] {
            var (state, _) = try reading()
            let effects = typed(&state, number)
            guard case .loadList(_, let asked, page: 1, refresh: false)? = effects.first, effects.count == 1 else {
                throw Unexpected("[\(number)] opens a list: \(effects)")
            }
            #expect(asked == request)
            #expect(try keys.list(state).title == [3: "Jane Okafor", 4: "City Hall", 5: "Budget"][number])
            _ = keys.press(&state, .character("h"))
            #expect(try keys.reader(state).story?.id == 1, "back is the article again")
        }
    }

    @Test func theLinksListOpensAHeaderNameToo() throws {
        var (state, _) = try reading()
        _ = keys.press(&state, .character("l"))
        guard case .terms(let links)? = state.screen?.content else { throw Unexpected("the links list") }
        #expect(links.rows.map(\.label).suffix(3) == ["[3] Author: Jane Okafor", "[4] Category: City Hall", "[5] Tag: Budget"])
        let effects = keys.press(&state, .character("G"), .enter)
        guard case .loadList(_, .tag(Self.budget), page: 1, refresh: false)? = effects.first else { throw Unexpected("Enter on [5] opens the tag: \(effects)") }
    }

    @Test func onAFeedTheAuthorHasNoNumber() throws {
        var (state, _) = try reading(readThroughFeed: true)
        let reader = try keys.reader(state)
        #expect(reader.headerLinks == [.category(Self.cityHall), .tag(Self.budget)])
        #expect(reader.lines.contains { $0.plainText.contains("By Jane Okafor ·") && $0.plainText.contains("City Hall[3]") })
        guard case .loadList(_, .category(Self.cityHall, descendants: []), _, _)? = typed(&state, 3).first else { throw Unexpected("[3] is the category") }
        _ = keys.press(&state, .character("h"))
        #expect(typed(&state, 6).isEmpty)
        #expect(state.status == "no link [6] in this article")
    }

    @Test func aLinkIsLookedUpThenOpensInTheReaderAndBackReturns() throws {
        var (state, readerID) = try reading()
        let effects = typed(&state, 1)
        #expect(effects == [.followLink(readerID, "https://example.org/other-story/?utm_source=x")])
        #expect(state.status?.contains("looking") == true)
        let other = UpdateTests.story(9)
        let opened = state.update(.linkFollowed(readerID, address: "https://example.org/other-story/?utm_source=x", .inSite(.story(other))))
        guard case .loadArticle(let id, storyID: 9, refresh: false)? = opened.first else { throw Unexpected("the story is read: \(opened)") }
        _ = state.update(.articleLoaded(id, html: "<p>The other story.</p>", story: other, link: other.link))
        #expect(try keys.reader(state).story?.id == 9)
        _ = keys.press(&state, .character("h"))
        #expect(try keys.reader(state).story?.id == 1, "back is the first article")
    }

    @Test func aPageOfTheSiteOpensInTheReader() throws {
        var (state, readerID) = try reading()
        _ = typed(&state, 1)
        let page = Page(id: 57, slug: "about", title: "About us", link: "https://example.org/about/", parent: nil, menuOrder: 0,
                        modified: Date(timeIntervalSince1970: 1_700_000_000), html: nil)
        let opened = state.update(.linkFollowed(readerID, address: page.link, .inSite(.page(page))))
        #expect(opened.count == 1)
        guard case .loadPage(_, pageID: 57)? = opened.first else { throw Unexpected("the page is read: \(opened)") }
        #expect(try keys.reader(state).title == "About us")
    }

    @Test func aStoryOfAnotherFollowedSiteOpensAsItCame() throws {
        var (state, readerID) = try reading()
        _ = typed(&state, 1)
        let opened = state.update(.linkFollowed(readerID, address: "https://other.example/x/", .otherSite(title: "Elsewhere", html: "<p>Their words.</p>", link: "https://other.example/x/")))
        #expect(opened.isEmpty)
        let reader = try keys.reader(state)
        #expect(reader.story == nil && reader.link == "https://other.example/x/")
        #expect(reader.lines.contains { $0.plainText == "Their words." })
    }

    @Test func aLinkNoFollowedSiteHasGoesToTheBrowser() throws {
        var (state, readerID) = try reading()
        #expect(typed(&state, 2) == [.followLink(readerID, "https://elsewhere.example/")])
        let answered = state.update(.linkFollowed(readerID, address: "https://elsewhere.example/", nil))
        #expect(answered == [.openInBrowser("https://elsewhere.example/")])
        #expect(state.status == "not a story of a followed site: opened in the browser")
        #expect(try keys.reader(state).story?.id == 1, "the article stays")
    }

    @Test func anAnswerForAScreenLeftIsDropped() throws {
        var (state, readerID) = try reading()
        _ = typed(&state, 1)
        _ = keys.press(&state, .character("h"))
        #expect(state.update(.linkFollowed(readerID, address: "https://example.org/other-story/", .inSite(.story(UpdateTests.story(9))))).isEmpty)
        guard case .stories? = state.screen?.content else { throw Unexpected("the list stays on top") }
    }
}
