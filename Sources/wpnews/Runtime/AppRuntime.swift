import BrowseApp
import Foundation
import Glibc
import NewsCore
import TerminalRender

/// Runs the app of `wpnews browse`: raw mode in the alternate screen, keys and signals and
/// answers turned into events for `AppState.update`, the effects it asks for run on the
/// `ContentManager` in the background, and each new state drawn as what changed. The
/// keyboard always answers: nothing here waits for the network.
struct AppRuntime {
    let context: CommandContext
    let content: ContentManager
    let siteName: String
    static let perPage = 20

    private enum Event: Sendable {
        case app(AppEvent)
        case input([UInt8])
        case inputQuiet
        case signal(SignalWatch.FullScreenSignal)
    }

    /// Returns the exit status: 0 for q and Ctrl-C, 143 after SIGTERM.
    func run() async throws -> Int32 {
        let terminal = try RawTerminal()
        let (events, sink) = AsyncStream<Event>.makeStream()
        let signals = SignalWatch.fullScreen(on: terminal) { sink.yield(.signal($0)) }
        let reader = InputReader { bytes in sink.yield(bytes.isEmpty ? .inputQuiet : .input(bytes)) }
        let search = LiveSearch(search: { [content] text in
            try await content.search(text, includePages: false, perPage: 50, detail: .summary)
        }, publish: { sink.yield(.app(.searchChanged($0))) })
        defer {
            reader.stop()
            signals.stop()
            terminal.leave()
        }

        let size = terminal.size()
        var state = AppState(siteName: siteName, dates: context.relativeDates, width: size.columns, height: size.rows)
        var frames = FrameWriter(styles: context.screenStyles)
        var decoder = KeyDecoder()
        let effects = Effects(runtime: self) { sink.yield(.app($0)) }
        var status: Int32 = 0
        terminal.enter()
        await Output.notesGo(to: { sink.yield(.app(.notice($0))) }) {
            var pending = state.start()
            draw(state, &frames, on: terminal)
            loop: while true {
                for effect in pending {
                    switch effect {
                    case .quit: break loop
                    // In the order typed: a task of its own could reach the search after a later one.
                    case .search(let text): await search.update(text)
                    default: effects.run(effect)
                    }
                }
                pending = []
                guard let event = await events.first(where: { _ in true }) else { break }
                switch event {
                case .app(let appEvent):
                    pending = state.update(appEvent)
                case .input(let bytes):
                    for key in decoder.feed(bytes) { pending += state.update(.key(key)) }
                case .inputQuiet:
                    let keys = decoder.flush()
                    if keys.isEmpty { continue }
                    for key in keys { pending += state.update(.key(key)) }
                case .signal(.resized):
                    let size = terminal.size()
                    pending = state.update(.resized(width: size.columns, height: size.rows))
                    frames.forget()
                case .signal(.suspend):
                    terminal.suspend()
                    terminal.enter()
                    frames.forget()
                case .signal(.resumed):
                    terminal.enter()
                    frames.forget()
                case .signal(.quit(let code)):
                    status = code
                    break loop
                }
                draw(state, &frames, on: terminal)
            }
        }
        await search.stop()
        return status
    }

    private func draw(_ state: AppState, _ frames: inout FrameWriter, on terminal: RawTerminal) {
        let view = AppView(state)
        terminal.write(frames.pieces(for: view.lines, cursor: view.cursor))
        context.trace.event("frame", "")
    }
}

/// The effects `update` asks for, each run in a task of its own that answers with an event.
private struct Effects: Sendable {
    let runtime: AppRuntime
    let answer: @Sendable (AppEvent) -> Void

    func run(_ effect: Effect) {
        let content = runtime.content
        Task {
            switch effect {
            case .loadList(let id, let request, let page, let refresh):
                await answering(id) {
                    let manager = refresh ? content.refreshing() : content
                    let list = try await Self.list(request, page: page, from: manager)
                    try? content.markSeen(list.stories)
                    return .listLoaded(id, list, refreshed: refresh)
                }
            case .loadTerms(let id, let kind, let refresh):
                await answering(id) { .termsLoaded(id, try await Self.rows(kind, from: refresh ? content.refreshing() : content)) }
            case .loadArticle(let id, let storyID, let refresh):
                await answering(id) {
                    let article = try await (refresh ? content.refreshing() : content).article(.id(storyID))
                    return .articleLoaded(id, html: article.html, story: article.story)
                }
            case .loadPage(let id, let pageID):
                await answering(id) { .articleLoaded(id, html: try await content.page(String(pageID)).html ?? "", story: nil) }
            case .markRead(let story):
                try? content.markRead(story)
            case .search, .quit:
                break // the loop runs these itself
            }
        }
    }

    private func answering(_ id: ScreenID, _ work: () async throws -> AppEvent) async {
        do {
            answer(try await work())
        } catch {
            answer(.failed(id, ErrorMessage.line(for: error) ?? String(describing: error)))
        }
    }

    private static func list(_ request: ListRequest, page: Int, from content: ContentManager) async throws -> StoryList {
        let perPage = AppRuntime.perPage
        switch request {
        case .featured: return try await content.featured(page: page, perPage: perPage, detail: .summary).list
        case .latest: return try await content.latest(page: page, perPage: perPage, detail: .summary)
        case .category(let category, let descendants):
            return try await content.stories(.category(ids: [category.id] + descendants, page: page, perPage: perPage), detail: .summary)
        case .tag(let tag): return try await content.stories(.tag(id: tag.id, page: page, perPage: perPage), detail: .summary)
        }
    }

    private static func rows(_ kind: TermList, from content: ContentManager) async throws -> [TermRow] {
        switch kind {
        case .categories:
            let tree = CategoryTree(try await content.categories())
            return tree.rows.filter { tree.hasStories($0.category) }.map { category, depth in
                TermRow(label: category.name, depth: depth, count: category.count,
                        target: .stories(.category(category, descendants: tree.descendants(of: category.id).map(\.id))))
            }
        case .tags:
            return try await content.tags(.heaviest(TagCloud.defaultLimit)).tags.map { TermRow(label: $0.name, count: $0.count, target: .stories(.tag($0))) }
        case .pages:
            return try await content.pages().map { TermRow(label: $0.title.isEmpty ? "(no title)" : $0.title, target: .page(id: $0.id, title: $0.title)) }
        }
    }
}
