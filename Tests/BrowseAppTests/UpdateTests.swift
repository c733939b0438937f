import BrowseApp
import DisplayWidth
import Foundation
import NewsCore
import TerminalInput
import TerminalRender
import Testing

/// The app as a state machine: keys and answers in, state and effects out, no terminal.
struct UpdateTests {
    static let dates = RelativeDate(now: Date(timeIntervalSince1970: 1_800_000_000), secondsFromGMT: 0)

    static func story(_ id: Int) -> Story {
        Story(id: id, slug: "s\(id)", title: "Story \(id)", link: "https://example.org/?p=\(id)",
              date: Date(timeIntervalSince1970: 1_800_000_000 - Double(id) * 3600), modified: Date(timeIntervalSince1970: 1_700_000_000),
              author: nil, categories: [], tags: [], excerpt: "About \(id).", sticky: false, featuredImage: nil)
    }

    static func page(_ page: Int, of pages: Int, ids: ClosedRange<Int>) -> StoryList {
        StoryList(stories: ids.map(story), page: page, perPage: ids.count, total: nil, totalPages: pages)
    }

    /// A started app (24 rows: five stories a screen as cards, 22 compact) with Featured's
    /// first page of 20 loaded. The tests written before the compact list keep cards.
    struct Unexpected: Error {
        let what: String
        init(_ what: String) { self.what = what }
    }

    static func started(keys: KeyMap = KeyMap(), showsPictures: Bool = false, density: ListDensity = .cards,
                        readerMaxWidth: Int? = 80) throws -> (AppState, ScreenID) {
        var state = AppState(siteName: "Ledger", dates: dates, width: 80, height: 24, keys: keys, showsPictures: showsPictures,
                             density: density, readerMaxWidth: readerMaxWidth)
        let effects = state.start()
        guard case .loadList(let id, .featured, page: 1, refresh: false)? = effects.first else {
            throw Unexpected("the first tab asks for its list: \(effects)")
        }
        _ = state.update(.listLoaded(id, page(1, of: 3, ids: 1...20), refreshed: false))
        return (state, id)
    }

    func keys(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { state.update(.key($0)) }
    }

    static func statusLine(_ state: AppState) -> String {
        AppView(state).lines.last?.plainText ?? ""
    }

    @Test func movingStaysInsideTheList() throws {
        var (state, _) = try Self.started()
        _ = keys(&state, .character("k"), .up)
        #expect(state.screen?.cursor == 0)
        _ = keys(&state, .character("j"), .down)
        #expect(state.screen?.cursor == 2)
        _ = keys(&state, .character("G"))
        #expect(state.screen?.cursor == 19)
        _ = keys(&state, .character("g"))
        #expect(state.screen?.cursor == 0 && state.screen?.top == 0)
        _ = keys(&state, .character(" "))
        #expect(state.screen?.cursor == 5, "a page is the five stories a 24-row window shows")
    }

    @Test func nearTheEndTheNextPageIsAskedForOnce() throws {
        var (state, id) = try Self.started()
        let effects = keys(&state, .character("G"))
        #expect(effects == [.loadList(id, .featured, page: 2, refresh: false)])
        #expect(keys(&state, .character("k")).isEmpty, "not asked again while it is on its way")
        _ = state.update(.listLoaded(id, Self.page(2, of: 3, ids: 21...40), refreshed: false))
        guard case .stories(let list)? = state.screen?.content else { throw Unexpected("a list") }
        #expect(list.stories.count == 40 && state.screen?.cursor == 18, "the list grows below; the cursor stays on its story")
    }

    @Test func theLastPageAsksForNothingMore() throws {
        var (state, id) = try Self.started()
        _ = state.update(.listLoaded(id, StoryList(stories: (1...20).map(Self.story), page: 1, perPage: 20, total: 20, totalPages: 1), refreshed: false))
        #expect(keys(&state, .character("G")).isEmpty)
    }

    @Test func enterReadsAndNextStepsThroughTheList() throws {
        var (state, _) = try Self.started()
        let open = keys(&state, .character("j"), .enter)
        guard case .loadArticle(let reader, storyID: 2, refresh: false)? = open.first else { throw Unexpected("\(open)") }
        let marked = state.update(.articleLoaded(reader, html: "<p>Body of two.</p>", story: Self.story(2), link: nil))
        #expect(marked == [.setRead([Self.story(2)], true)], "opening a story marks it read")
        let next = keys(&state, .character("n"))
        guard case .loadArticle(_, storyID: 3, refresh: false)? = next.first else { throw Unexpected("\(next)") }
        _ = keys(&state, .character("q"))
        #expect(state.screen?.cursor == 2, "back on the list, at the story read last")
        guard case .stories? = state.screen?.content else { throw Unexpected("back to the list") }
    }

    /// The text first; the pictures are asked for after it and join it above their captions.
    @Test func picturesComeAfterTheTextAndGoAboveTheirPlaceholders() throws {
        var (state, _) = try Self.started(showsPictures: true)
        let open = keys(&state, .enter)
        guard case .loadArticle(let reader, _, _)? = open.first else { throw Unexpected("\(open)") }
        let html = "<p>Before.</p><figure><img src=\"https://example.org/a.png\" alt=\"A heron\"></figure><p>After.</p>"
        let effects = state.update(.articleLoaded(reader, html: html, story: Self.story(1), link: nil))
        #expect(effects.contains(.loadPictures(reader, slots: [PictureSlot(addresses: ["https://example.org/a.png"])], sources: [:], columns: 80, rows: 11)))
        let picture = [StyledLine([Span("▀▀", Style(foreground: .indexed(1), background: .indexed(2)))])]
        _ = state.update(.pictureLoaded(reader, PictureSlot(addresses: ["https://example.org/a.png"]), .symbols(picture)))
        guard case .reader(let content)? = state.screen?.content else { throw Unexpected("the reader") }
        let caption = try #require(content.lines.firstIndex { $0.plainText.hasPrefix("[image: A heron]") })
        #expect(content.lines[caption - 1] == picture[0])
        #expect(AppView(state).lines.contains(picture[0]), "on screen, as a line like any other")
        #expect(AppView(state).pictures.isEmpty, "symbols need no placing")
    }

    /// A gallery is asked for as rows of thumbnails, each row one picture above the gallery's
    /// first placeholder; its other placeholders get none of their own.
    @Test func aGalleryIsAskedForAsRowsOfThumbnails() throws {
        var (state, _) = try Self.started(showsPictures: true)
        let open = keys(&state, .enter)
        guard case .loadArticle(let reader, _, _)? = open.first else { throw Unexpected("\(open)") }
        let images = (1...5).map { "<figure><img src=\"https://example.org/\($0).png\" alt=\"Photo \($0)\"></figure>" }.joined()
        let html = "<p>Before.</p><figure class=\"wp-block-gallery\">\(images)</figure><p>After.</p>"
        let effects = state.update(.articleLoaded(reader, html: html, story: Self.story(1), link: nil))
        let addresses = (1...5).map { "https://example.org/\($0).png" }
        let rows = [PictureSlot(addresses: Array(addresses[0..<3]), places: 3), PictureSlot(addresses: Array(addresses[3...]), places: 3)]
        #expect(effects.contains(.loadPictures(reader, slots: rows, sources: [:], columns: 80, rows: 11)))
        _ = state.update(.pictureLoaded(reader, rows[1], .symbols([StyledLine([Span("second row")])])))
        _ = state.update(.pictureLoaded(reader, rows[0], .symbols([StyledLine([Span("first row")])])))
        guard case .reader(let content)? = state.screen?.content else { throw Unexpected("the reader") }
        let text = content.lines.map(\.plainText)
        let first = try #require(text.firstIndex(of: "first row"))
        #expect(Array(text[first...].prefix(4)) == ["first row", "", "second row", "[image: Photo 1][1]"])
        #expect(text.filter { $0.hasSuffix("row") }.count == 2, "one picture per row, none for the other placeholders")
    }

    /// A gallery's rows hold more thumbnails on a wider screen: after a resize they are asked
    /// for again. The reader takes the whole width here (`[reader] max_width = 0`).
    @Test func aResizeAsksForTheGallerysNewRows() throws {
        var (state, _) = try Self.started(showsPictures: true, readerMaxWidth: nil)
        let open = keys(&state, .enter)
        guard case .loadArticle(let reader, _, _)? = open.first else { throw Unexpected("\(open)") }
        let images = (1...5).map { "<figure><img src=\"https://example.org/\($0).png\" alt=\"Photo \($0)\"></figure>" }.joined()
        _ = state.update(.articleLoaded(reader, html: "<figure class=\"wp-block-gallery\">\(images)</figure>", story: Self.story(1), link: nil))
        let addresses = (1...5).map { "https://example.org/\($0).png" }
        _ = state.update(.pictureLoaded(reader, PictureSlot(addresses: Array(addresses[0..<3]), places: 3), .symbols([StyledLine([Span("row")])])))
        let wider = state.update(.resized(width: 100, height: 24))
        let rows = [PictureSlot(addresses: Array(addresses[0..<4]), places: 4), PictureSlot(addresses: [addresses[4]], places: 4)]
        #expect(wider.contains(.loadPictures(reader, slots: rows, sources: [:], columns: 100, rows: 11)), "\(wider)")
    }

    /// Graphics keep blank rows free in the text and are placed over them, only while the
    /// whole picture is on screen.
    @Test func graphicsArePlacedOverRowsKeptForThem() throws {
        var (state, _) = try Self.started(showsPictures: true)
        let open = keys(&state, .enter)
        guard case .loadArticle(let reader, _, _)? = open.first else { throw Unexpected("\(open)") }
        let html = "<p>Before.</p><figure><img src=\"https://example.org/a.png\" alt=\"A heron\"></figure>"
            + (1...40).map { "<p>Paragraph \($0).</p>" }.joined()
        _ = state.update(.articleLoaded(reader, html: html, story: Self.story(1), link: nil))
        let graphics = TerminalGraphics(graphicsProtocol: .kitty, columns: 20, rows: 5, escapes: "(kitty)")
        _ = state.update(.pictureLoaded(reader, PictureSlot(addresses: ["https://example.org/a.png"]), .graphics(graphics)))
        guard case .reader(let content)? = state.screen?.content else { throw Unexpected("the reader") }
        let caption = try #require(content.lines.firstIndex { $0.plainText.hasPrefix("[image: A heron]") })
        #expect(content.lines[(caption - 5)..<caption].allSatisfy { $0.spans.isEmpty }, "five blank rows kept above the caption")
        let placed = AppView(state).pictures
        #expect(placed.count == 1)
        #expect(placed.first?.row == caption - 5 + 1, "under the tab bar, over the kept rows")
        #expect(placed.first?.graphics == graphics)
        _ = keys(&state, .character("j"))
        #expect(AppView(state).pictures.first?.row == caption - 5, "moved up with the text")
        for _ in 0..<(caption - 4) { _ = keys(&state, .character("j")) }
        #expect(AppView(state).pictures.isEmpty, "not placed once its top has left the screen")
    }

    /// In a window wider than the reader's text, a graphic sits where the text does: set in
    /// by the reader's margin, not at the window's left edge.
    @Test func graphicsAreSetInByTheReadersMargin() throws {
        var (state, _) = try Self.started(showsPictures: true)
        _ = state.update(.resized(width: 160, height: 40))
        let open = keys(&state, .enter)
        guard case .loadArticle(let reader, _, _)? = open.first else { throw Unexpected("\(open)") }
        let html = "<p>Before.</p><figure><img src=\"https://example.org/a.png\" alt=\"A heron\"></figure><p>After.</p>"
        _ = state.update(.articleLoaded(reader, html: html, story: Self.story(1), link: nil))
        let graphics = TerminalGraphics(graphicsProtocol: .kitty, columns: 20, rows: 5, escapes: "(kitty)")
        _ = state.update(.pictureLoaded(reader, PictureSlot(addresses: ["https://example.org/a.png"]), .graphics(graphics)))
        let view = AppView(state)
        let placed = try #require(view.pictures.first)
        let text = try #require(view.lines.map(\.plainText).first { $0.contains("Before.") })
        let margin = text.prefix { $0 == " " }.count
        #expect(margin == 40, "the text itself is set in: \(text)")
        var writer = FrameWriter(styles: .none)
        let frame = writer.pieces(for: view.lines, cursor: view.cursor, pictures: view.pictures.map(FrameWriter.Placement.init)).string
        #expect(frame.contains("\u{1B}[\(placed.row + 1);\(margin + 1)H(kitty)"), "placed at the text's first column")
    }

    /// The featured picture is asked for in the sizes the site named for it.
    @Test func theFeaturedPicturesSizesGoWithIt() throws {
        var (state, _) = try Self.started(showsPictures: true)
        let open = keys(&state, .enter)
        guard case .loadArticle(let reader, _, _)? = open.first else { throw Unexpected("\(open)") }
        let base = Self.story(1)
        let renditions = [ImageRendition(address: "https://example.org/f-300x169.png", width: 300),
                          ImageRendition(address: "https://example.org/f.png", width: 480)]
        let story = Story(id: base.id, slug: base.slug, title: base.title, link: base.link, date: base.date, modified: base.modified,
                          author: nil, categories: [], tags: [], excerpt: base.excerpt, sticky: false,
                          featuredImage: "https://example.org/f.png", featuredImageRenditions: renditions)
        let effects = state.update(.articleLoaded(reader, html: "<p>Text.</p>", story: story, link: nil))
        let sources = ["https://example.org/f.png": ImageSources(renditions.map { ($0.address, $0.width) })]
        #expect(effects.contains(.loadPictures(reader, slots: [PictureSlot(addresses: ["https://example.org/f.png"])], sources: sources, columns: 80, rows: 11)), "\(effects)")
    }

    @Test func withoutPicturesNoneAreAskedFor() throws {
        var (state, _) = try Self.started()
        let open = keys(&state, .enter)
        guard case .loadArticle(let reader, _, _)? = open.first else { throw Unexpected("\(open)") }
        let html = "<figure><img src=\"https://example.org/a.png\" alt=\"A heron\"></figure>"
        #expect(state.update(.articleLoaded(reader, html: html, story: Self.story(1), link: nil)) == [.setRead([Self.story(1)], true)])
    }

    @Test func anAnswerForAScreenAlreadyLeftIsDropped() throws {
        var (state, _) = try Self.started()
        let open = keys(&state, .enter)
        guard case .loadArticle(let reader, _, _)? = open.first else { throw Unexpected("\(open)") }
        _ = keys(&state, .escape)
        #expect(state.update(.articleLoaded(reader, html: "<p>late</p>", story: Self.story(1), link: nil)).isEmpty)
        guard case .stories? = state.screen?.content else { throw Unexpected("the late answer opened nothing") }
    }

    @Test func aFailedRefreshKeepsTheListAndSaysSo() throws {
        var (state, id) = try Self.started()
        #expect(keys(&state, .character("r")) == [.loadList(id, .featured, page: 1, refresh: true)])
        _ = state.update(.failed(id, "could not reach example.org (timed out)"))
        guard case .stories(let list)? = state.screen?.content else { throw Unexpected("a list") }
        #expect(list.stories.count == 20 && state.screen?.error == "could not reach example.org (timed out)")
        let status = Self.statusLine(state)
        #expect(status.contains("could not reach example.org") && status.contains("r to retry"))
    }

    @Test func aRefreshMarksWhatArrived() throws {
        var (state, id) = try Self.started()
        _ = keys(&state, .character("r"))
        _ = state.update(.listLoaded(id, Self.page(1, of: 3, ids: 0...19), refreshed: true))
        guard case .stories(let list)? = state.screen?.content else { throw Unexpected("a list") }
        #expect(list.arrived == [0])
    }

    @Test func tabsOpenOnceAndQuitOnlyFromTheirFirstScreen() throws {
        var (state, _) = try Self.started()
        let latest = keys(&state, .character("2"))
        guard case .loadList(_, .latest, page: 1, refresh: false)? = latest.first else { throw Unexpected("\(latest)") }
        #expect(keys(&state, .character("1")).isEmpty, "Featured is already loaded")
        #expect(keys(&state, .tab).isEmpty && state.tab == .latest, "Tab goes to the next tab, opened already")
        #expect(keys(&state, .character("q")) == [.quit])
        #expect(keys(&state, .control("c")) == [.quit])
    }

    @Test func theSearchFieldTakesTypingUntilEsc() throws {
        var (state, _) = try Self.started()
        _ = keys(&state, .character("5"))
        #expect(keys(&state, .character("q")) == [.search("q")], "q is typed, not quit")
        #expect(keys(&state, .character("2")) == [.search("q2")])
        _ = keys(&state, .escape)
        #expect(keys(&state, .character("q")) == [.quit], "after Esc, list keys work")
    }

    @Test func aResizeLaysTheArticleOutAgain() throws {
        var (state, _) = try Self.started()
        guard case .loadArticle(let reader, _, _)? = keys(&state, .enter).first else { throw Unexpected("no reader") }
        let words = Array(repeating: "word", count: 60).joined(separator: " ")
        _ = state.update(.articleLoaded(reader, html: "<p>\(words)</p>", story: Self.story(1), link: nil))
        let wide = AppView(state).lines
        _ = state.update(.resized(width: 40, height: 24))
        let narrow = AppView(state).lines
        #expect(narrow.count == 24 && wide.count == 24)
        #expect(narrow.allSatisfy { DisplayWidth.of($0.spans.map(\.text).joined()) <= 40 })
    }

    @Test func searchResultsLoadMoreNearTheirEndLikeEveryList() throws {
        var (state, _) = try Self.started()
        _ = keys(&state, .character("5"), .character("l"))
        let first = SearchResults(query: "l", hits: (1...50).map { .story(Self.story($0)) }, page: 1, perPage: 50, total: 120, totalPages: 3,
                                  origin: .list(.network))
        _ = state.update(.searchChanged(LiveSearchState(query: "l", phase: .results(first))))
        let asked = keys(&state, .escape, .character("G"))
        #expect(state.search.selection == 49)
        #expect(asked == [.searchMore], "the end of the 50 results asks for the next page")
        #expect(keys(&state, .character("k"), .character("G")).isEmpty, "once, while it is on its way")
    }

    /// A search whose every hit is a hidden story says so, as `wpnews search` does, whether the
    /// site's answer left them out or the story was hidden in this session (d); one that found
    /// nothing says that.
    @Test func aSearchWhoseHitsAreAllHiddenSaysSo() throws {
        var (state, _) = try Self.started()
        #expect(keys(&state, .character("d")) == [.setHidden(Self.story(1), true)], "Featured's first story hidden here")
        _ = keys(&state, .character("5"), .character("l"), .character("a"), .character("m"), .character("p"))
        let statusRow = { (state: AppState) in AppView(state).lines[2].plainText }
        let hiddenBySite = SearchResults(query: "lamp", hits: [], page: 1, perPage: 20, total: 0, totalPages: 1, origin: .list(.network), hiddenCount: 2)
        _ = state.update(.searchChanged(LiveSearchState(query: "lamp", phase: .results(hiddenBySite))))
        #expect(statusRow(state) == "Only hidden stories match 'lamp'.", "\(AppView(state).lines.map(\.plainText))")

        let hiddenHere = SearchResults(query: "lamp", hits: [.story(Self.story(1))], page: 1, perPage: 20, total: 1, totalPages: 1, origin: .list(.network))
        _ = state.update(.searchChanged(LiveSearchState(query: "lamp", phase: .results(hiddenHere))))
        #expect(state.search.state?.hits.isEmpty == true, "the one hit is hidden")
        #expect(statusRow(state) == "Only hidden stories match 'lamp'.", "\(AppView(state).lines.map(\.plainText))")

        let none = SearchResults(query: "lamp", hits: [], page: 1, perPage: 20, total: 0, totalPages: 1, origin: .list(.network))
        _ = state.update(.searchChanged(LiveSearchState(query: "lamp", phase: .results(none))))
        #expect(statusRow(state) == "No stories match 'lamp'.")
    }

    @Test func cOnAPageShowsItsComments() throws {
        var (state, _) = try Self.started()
        guard case .loadTerms(let more, .more, _)? = keys(&state, .character("6")).first else { throw Unexpected("the More tab") }
        _ = state.update(.termsLoaded(more, [TermRow(label: "Pages", target: .heading), TermRow(label: "Letters", depth: 1, target: .page(id: 72, title: "Letters"))]))
        guard case .loadPage(let reader, pageID: 72)? = keys(&state, .enter).first else { throw Unexpected("Enter opens the page") }
        _ = state.update(.articleLoaded(reader, html: "<p>Write to us.</p>", story: nil, link: "https://example.org/letters/"))
        let asked = keys(&state, .character("c"))
        guard asked.count == 1, case .loadComments = asked[0] else { throw Unexpected("c asks for the page's comments: \(asked)") }
        _ = state.update(.commentsLoaded(reader, [Comment(id: 9, parent: nil, author: "Ada", date: Self.dates.now, html: "<p>Well put.</p>")]))
        let text = AppView(state).lines.map(\.plainText)
        #expect(text.contains { $0.contains("Comments (1)") } && text.contains { $0.contains("Well put.") }, "\(text)")
    }

    @Test func aProtectedStoryAsksForItsPasswordWithoutShowingIt() throws {
        var (state, _) = try Self.started()
        guard case .loadArticle(let reader, storyID: 1, refresh: false)? = keys(&state, .enter).first else { throw Unexpected("Enter reads") }
        _ = state.update(.passwordNeeded(reader, wrong: false))
        _ = keys(&state, .character("s"), .character("e"), .character("k"))
        #expect(Self.statusLine(state).hasPrefix("Password of this story") && !Self.statusLine(state).contains("sek"), "not echoed")
        #expect(keys(&state, .enter) == [.unlockArticle(reader, storyID: 1, password: "sek", refresh: false)])
        _ = state.update(.passwordNeeded(reader, wrong: true))
        #expect(Self.statusLine(state).hasPrefix("Password not right"))
        _ = keys(&state, .character("o"), .character("k"))
        #expect(keys(&state, .enter) == [.unlockArticle(reader, storyID: 1, password: "ok", refresh: false)])
        _ = state.update(.articleLoaded(reader, html: "<p>Open.</p>", story: Self.story(1), link: nil))
        guard case .loadComments(reader, .protectedStory(_, password: "ok"))? = keys(&state, .character("c")).first else {
            throw Unexpected("the comments need the password too")
        }
        _ = keys(&state, .character("q"))
        guard case .unlockArticle(_, storyID: 1, password: "ok", refresh: false)? = keys(&state, .enter).first else { throw Unexpected("remembered for the run") }
    }

    /// r on a story opened with its password asks the site again, with the password, rather
    /// than taking what is kept.
    @Test func rOnAnUnlockedStoryRefreshesIt() throws {
        var (state, _) = try Self.started()
        guard case .loadArticle(let reader, storyID: 1, refresh: false)? = keys(&state, .enter).first else { throw Unexpected("Enter reads") }
        _ = state.update(.passwordNeeded(reader, wrong: false))
        _ = keys(&state, .character("o"), .character("k"), .enter)
        _ = state.update(.articleLoaded(reader, html: "<p>Open.</p>", story: Self.story(1), link: nil))
        #expect(keys(&state, .character("r")) == [.unlockArticle(reader, storyID: 1, password: "ok", refresh: true)])
    }

    /// A key that does nothing where it is pressed, with nothing to say about it, leaves the
    /// status line as it was: what it says may be the one word on why the list is old.
    @Test func aKeyThatDoesNothingLeavesTheStatusAlone() throws {
        var (state, _) = try Self.started()
        _ = state.update(.notice("Could not reach the site"))
        _ = keys(&state, .character("N"), .character("Z"))
        #expect(state.status == "Could not reach the site")
        _ = keys(&state, .character("n"))
        #expect(state.status == "n works in the article", "a key that can say why still does")
        _ = keys(&state, .character("j"))
        #expect(state.status == nil, "a key that did something clears it")
    }

    /// Terms and pages carry no origin: the copy they came from is said on its own.
    @Test func aCopyServedInPlaceOfTheSiteIsSaid() throws {
        var (state, _) = try Self.started()
        _ = state.update(.copyServed(.staleCache(fetchedAt: Self.dates.now.addingTimeInterval(-7200), reason: "no answer")))
        #expect(state.status?.hasPrefix("Could not reach the site (r to retry): no answer; showing the copy from ") == true, "\(state.status ?? "")")
    }

    /// A next page of results that failed is said on the status line; the results stay.
    @Test func aFailedNextPageOfResultsIsSaid() throws {
        var (state, _) = try Self.started()
        let results = SearchResults(query: "lamp", hits: [.story(Self.story(1))], page: 1, perPage: 1, total: 2, totalPages: 2, origin: .list(.network))
        _ = state.update(.searchChanged(LiveSearchState(query: "lamp", phase: .results(results), moreFailed: "no answer from the site")))
        #expect(state.status == "no more results came (no answer from the site): moving down asks again")
        #expect(state.search.state?.hits.count == 1, "the results stay")
    }
}
