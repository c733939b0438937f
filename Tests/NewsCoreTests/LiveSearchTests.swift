import Foundation
import Synchronization
import Testing
import TestHTTPServer
@testable import HTTPClient
@testable import NewsCore

/// The live search's promise: no results are ever shown for words already typed past.
@Suite struct LiveSearchTests {
    /// Records what the screen would be given, with the text that was current each time.
    final class Screen: Sendable {
        private let log = Mutex<[(current: String, state: LiveSearchState)]>([])
        let current = Mutex("")

        func show(_ state: LiveSearchState) {
            let typed = current.withLock { $0 }
            log.withLock { $0.append((typed, state)) }
        }

        var states: [(current: String, state: LiveSearchState)] { log.withLock { $0 } }

        func results(for query: String) -> Bool {
            states.contains { if case .results = $0.state.phase { $0.state.query == query } else { false } }
        }
    }

    func type(_ text: String, into search: LiveSearch, screen: Screen) async {
        screen.current.withLock { $0 = text }
        await search.update(text)
    }

    /// Ends the typing pause after the last edit: once its search sleeps (an edit starts its
    /// task, the task its sleep), the clock moves past the pause.
    func endPause(_ clock: ManualClock) async {
        #expect(await eventually { clock.sleepers == 1 }, "the last edit waits for the pause to end")
        clock.advance(by: .seconds(1))
    }

    /// Holds a search that will not be stopped, cancelled or not, until the test opens it.
    final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiting: CheckedContinuation<Void, Never>?, passed: Bool)>((false, nil, false))

        var isWaiting: Bool { state.withLock { $0.waiting != nil } }
        var passed: Bool { state.withLock { $0.passed } }

        func pass() async {
            await withCheckedContinuation { continuation in
                let open = state.withLock { state in
                    if !state.open { state.waiting = continuation }
                    return state.open
                }
                if open { continuation.resume() }
            }
            state.withLock { $0.passed = true }
        }

        func open() {
            state.withLock { state in
                state.open = true
                return state.waiting.take()
            }?.resume()
        }
    }

    @Test func anOlderSearchStillInFlightIsCancelledAtTheServer() async throws {
        // "ma" is slow to answer, "markup" quick: without cancelling, "ma" would land last.
        let server = try FakeWordPress.start { route, request in
            guard route == "/wp/v2/posts" || route == "/wp/v2/users" || route == "/wp/v2/categories" else { return nil }
            guard route == "/wp/v2/posts" else { return .json("[]") }
            let answer = FakeWordPress.collection("[]", total: 0, totalPages: 0)
            return request.query["search"] == "ma" ? answer.delayed(2) : answer
        }
        let http = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 10, retry: .never))
        let content = SiteContent(site: SiteChoice(address: server.baseURL), database: try .inMemory(), http: http)
        let screen = Screen()
        let clock = ManualClock()
        let search = LiveSearch(clock: clock, search: { text, _ in try await content.search(text, detail: .summary) }, publish: screen.show)

        await type("m", into: search, screen: screen)
        await type("ma", into: search, screen: screen)
        await endPause(clock)
        #expect(await eventually { server.requests.contains { $0.query["search"] == "ma" } }, "the search for 'ma' is in flight")
        // A burst: the clock stands still while these are typed.
        for text in ["mar", "mark", "marku", "markup"] { await type(text, into: search, screen: screen) }
        await endPause(clock)
        #expect(await eventually { screen.results(for: "markup") })
        // With its transfer gone, the slow answer can no longer arrive: the checks below need no wait.
        #expect(await eventually { server.hungUpRequests.contains { $0.query["search"] == "ma" } }, "cancelled: its transfer was removed")

        for (current, state) in screen.states {
            #expect(state.query == current, "a screen for '\(state.query)' while '\(current)' was typed")
        }
        #expect(!screen.results(for: "ma"))
        let asked = server.requests.filter { $0.path.hasSuffix("/posts") }.compactMap { $0.query["search"] }
        #expect(asked.last == "markup")
        #expect(!asked.contains("m"), "typed over within the pause")
        #expect(!asked.contains("mar") && !asked.contains("mark") && !asked.contains("marku"), "typed in a burst: debounced away")
    }

    @Test func anAnswerThatIgnoresCancellationIsStillDropped() async throws {
        // A search that cannot be stopped: "ma" answers after "markup" has been shown.
        let screen = Screen()
        let clock = ManualClock()
        let slowSearch = Gate()
        let search = LiveSearch(clock: clock, search: { text, _ in
            if text == "ma" { await slowSearch.pass() }
            return SearchResults(query: text, hits: [], page: 1, perPage: 10, total: 0, totalPages: 0, origin: .list(.network))
        }, publish: screen.show)
        await type("ma", into: search, screen: screen)
        await endPause(clock)
        #expect(await eventually { slowSearch.isWaiting }, "the search for 'ma' is under way")
        await type("markup", into: search, screen: screen)
        await endPause(clock)
        #expect(await eventually { screen.results(for: "markup") })

        slowSearch.open()
        #expect(await eventually { slowSearch.passed })
        // Its task went back to the actor as the search returned; a trip through the actor
        // after that lets the answer be delivered, or dropped, before the checks.
        await search.update("markup")
        #expect(!screen.results(for: "ma"))
        #expect(screen.states.allSatisfy { $0.state.query == $0.current })
    }

    @Test func clearingTheTextIsIdleAndFailuresAreShown() async throws {
        let screen = Screen()
        let search = LiveSearch(debounce: .milliseconds(5), search: { _, _ in throw NewsError.notInCopy("x", site: "y") }, publish: screen.show)
        await type("x", into: search, screen: screen)
        #expect(await eventually { screen.states.contains { if case .failed = $0.state.phase { true } else { false } } })
        await type("", into: search, screen: screen)
        #expect(screen.states.last?.state == LiveSearchState(query: "", phase: .idle))
    }

    @Test func moreResultsComeUnderTheFirstPageAsTheSiteGivesThem() async throws {
        let screen = Screen()
        let clock = ManualClock()
        let search = LiveSearch(clock: clock, search: { text, page in
            let stories = (1...2).map { number in
                let id = page * 10 + number
                return Story(id: id, slug: "s\(id)", title: "Lamp \(id)", link: "https://example.org/?p=\(id)", date: .now, modified: .now,
                             author: nil, categories: [], tags: [], excerpt: "", sticky: false, featuredImage: nil)
            }
            return SearchResults(query: text, hits: stories.map(SearchResults.Hit.story), page: page, perPage: 2, total: 6, totalPages: 3,
                                 origin: .list(.network))
        }, publish: screen.show)
        await type("lamp", into: search, screen: screen)
        await endPause(clock)
        #expect(await eventually { screen.results(for: "lamp") })
        await search.loadMore()
        #expect(await eventually { screen.states.last?.state.hits.count == 4 })
        await search.loadMore()
        #expect(await eventually { screen.states.last?.state.hits.count == 6 })
        guard case .results(let results)? = screen.states.last?.state.phase else { throw CancellationError() }
        #expect(results.page == 1 && results.lastPage == 3 && !results.hasMorePages)
        #expect(results.hits.map { if case .story(let story) = $0 { story.id } else { 0 } } == [11, 12, 21, 22, 31, 32], "in the site's order")
        await search.loadMore()
        #expect(screen.states.count == 4, "nothing after the last page: searching, then three pages")
    }

    /// A next page that fails is said, not dropped: the results shown stay, and the failure
    /// comes with them for the screen to tell.
    @Test func aNextPageThatFailsIsSaid() async throws {
        let screen = Screen()
        let clock = ManualClock()
        let search = LiveSearch(clock: clock, search: { text, page in
            guard page == 1 else { throw NewsError.notInCopy("page two", site: "example.org") }
            let story = Story(id: 1, slug: "s1", title: "Lamp 1", link: "https://example.org/?p=1", date: .now, modified: .now,
                              author: nil, categories: [], tags: [], excerpt: "", sticky: false, featuredImage: nil)
            return SearchResults(query: text, hits: [.story(story)], page: 1, perPage: 1, total: 2, totalPages: 2, origin: .list(.network))
        }, publish: screen.show)
        await type("lamp", into: search, screen: screen)
        await endPause(clock)
        #expect(await eventually { screen.results(for: "lamp") })
        await search.loadMore()
        #expect(await eventually { screen.states.count == 3 }, "searching, the first page, then what became of the next")
        let last = try #require(screen.states.last?.state)
        #expect(last.hits.count == 1, "the first page stays")
        #expect(last.moreFailed?.contains("page two") == true, "the failure is published: \(last)")
    }
}
