import Foundation
import Glibc
import NewsCore
import Synchronization
import TerminalRender

/// The live search on the terminal: raw mode in the alternate screen, keys decoded into an
/// editor, a `LiveSearch` behind it, and the screen redrawn on every change. The terminal is
/// always given back as it was: on Esc, Ctrl-C, SIGINT, SIGTERM, and across SIGTSTP.
struct LiveSearchScreen {
    let context: CommandContext
    let content: ContentManager
    let includePages: Bool

    /// Everything the screen shows, changed only on the main loop.
    private struct Model {
        var editor: LineEditor
        var state: LiveSearch.State?
        var selection = 0
    }

    private enum Event: Sendable {
        case input([UInt8])
        case inputQuiet
        case state(LiveSearch.State)
        case signal(SignalWatch.FullScreenSignal)
    }

    func run(startingWith text: String) async throws {
        let terminal = try RawTerminal()
        let (events, sink) = AsyncStream<Event>.makeStream()
        let signals = SignalWatch.fullScreen(on: terminal) { sink.yield(.signal($0)) }
        let reader = InputReader { bytes in sink.yield(bytes.isEmpty ? .inputQuiet : .input(bytes)) }
        let trace = context.trace
        let search = LiveSearch(search: { [content, includePages] text in
            // The typing pause is over: from here to the results drawn is what the user waits.
            trace.event("search", text)
            return try await content.search(text, includePages: includePages, perPage: 50, detail: .summary)
        }, publish: { sink.yield(.state($0)) })
        defer {
            reader.stop()
            signals.stop()
            terminal.leave()
        }

        content.prepareNetwork()
        var model = Model(editor: LineEditor(text: text))
        var decoder = KeyDecoder()
        terminal.enter()
        await search.update(text)
        draw(model, on: terminal)
        loop: for await event in events {
            switch event {
            case .input(let bytes):
                for key in decoder.feed(bytes) where try await !handle(key, &model, search: search, terminal: terminal, reader: reader) {
                    break loop
                }
            case .inputQuiet:
                // Most quiet moments finish nothing: no need to draw.
                let keys = decoder.flush()
                if keys.isEmpty { continue }
                for key in keys where try await !handle(key, &model, search: search, terminal: terminal, reader: reader) { break loop }
            case .state(let state):
                if state.query != model.state?.query { model.selection = 0 }
                model.state = state
            case .signal(.resized):
                break
            case .signal(.suspend):
                terminal.suspend()
                terminal.enter()
            case .signal(.resumed):
                terminal.enter()
            case .signal(.quit):
                break loop
            }
            draw(model, on: terminal)
            if case .state(let state) = event, case .results = state.phase { trace.event("drawn", state.query) }
        }
        await search.stop()
    }

    /// False when the key leaves the search.
    private func handle(
        _ key: Key, _ model: inout Model, search: LiveSearch, terminal: RawTerminal, reader: InputReader
    ) async throws -> Bool {
        let hits = hits(model.state)
        switch key {
        case .escape, .control("c"), .control("d"):
            return false
        case .control("z"):
            terminal.suspend()
            terminal.enter()
        case .up, .control("p"):
            model.selection = max(model.selection - 1, 0)
        case .down, .control("n"):
            model.selection = min(model.selection + 1, max(hits.count - 1, 0))
        case .enter:
            guard hits.indices.contains(model.selection) else { break }
            // The pager reads the keyboard now.
            reader.pause(true)
            terminal.leave()
            await read(hits[model.selection])
            terminal.enter()
            reader.pause(false)
        default:
            if model.editor.apply(key) { await search.update(model.editor.text) }
        }
        return true
    }

    private func hits(_ state: LiveSearch.State?) -> [SearchResults.Hit] {
        if case .results(let results)? = state?.phase { results.hits } else { [] }
    }

    /// The reader, in the pager, on the normal screen; back to the search afterwards.
    private func read(_ hit: SearchResults.Hit) async {
        do {
            // The window may have been resized since start-up.
            let screen = Terminal.current(environment: context.environment)
            let width = screen.width(override: context.options.width)
            let (lines, story): ([StyledLine], Story?)
            switch hit {
            case .story(let found):
                let article = try await content.article(.id(found.id))
                let view = StoryArticleView(width: width, dates: context.relativeDates)
                (lines, story) = (view.lines(for: article.story, html: article.html), article.story)
            case .page(let id, _, _):
                let page = try await content.page(String(id))
                (lines, story) = (ArticleLayout(width: width).lines(for: Article(html: page.html ?? "", baseURL: page.link)), nil)
            }
            Pager(terminal: screen, quitIfOneScreen: false).show(ANSIEncoder(colors: context.colors).terminalText(lines), enabled: true)
            if let story { try? content.markRead(story) }
        } catch {
            Output.note("wpnews: " + (ErrorMessage.line(for: error) ?? String(describing: error)))
            Output.note("press Enter to go back to the search")
            _ = readLine()
        }
    }

    private func draw(_ model: Model, on terminal: RawTerminal) {
        let size = terminal.size()
        let screen = SearchScreen(width: size.columns, height: size.rows, dates: context.relativeDates)
        let lines = screen.lines(editor: model.editor, state: model.state, selection: model.selection)
        let frame = ScreenFrame.pieces(lines, cursor: (row: 0, column: screen.cursorColumn(editor: model.editor)))
        terminal.write(ANSIEncoder(styles: context.screenStyles).terminalText(frame))
    }
}
