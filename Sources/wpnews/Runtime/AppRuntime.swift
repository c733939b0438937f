import BrowseApp
import Foundation
import Glibc
import HTMLParsing
import NewsCore
import TerminalImages
import TerminalInput
import TerminalRender

/// Runs the app of `wpnews browse` and of live `wpnews search`: raw mode in the alternate
/// screen, keys and signals and answers turned into events for `AppState.update`, the effects
/// it asks for run on the `SiteContent` in the background, and each new state drawn as
/// what changed. The keyboard always answers: nothing here waits for the network.
struct AppRuntime {
    let context: CommandContext
    let mode: FetchMode
    /// Live search also finds the site's pages (`wpnews search --pages`).
    var searchesPages = false
    /// `browse --images`; nil: `[images] mode`, else auto.
    var images: ImageMode?
    /// `browse --accessible`; else `[app] accessible` says.
    var accessible = false
    static let perPage = 20
    /// The tags the site is asked for by name, beside the cloud's heaviest.
    static let tagsFound = 50
    static let tick = Duration.milliseconds(100)

    enum Start {
        case tabs(SiteSelection)
        case search(SiteSelection, text: String)
    }

    private enum Event: Sendable {
        /// `session`: which site's session asked; nil for what is not an answer (a notice, a tick).
        case app(AppEvent, session: Int?)
        case input([UInt8])
        case inputQuiet
        case signal(SignalWatch.FullScreenSignal)
        /// A site was followed in the app: sites.toml as it now is.
        case sitesChanged(FollowedSites)
    }

    /// One site on screen: its content, the app's state, its live search.
    private struct Session {
        var state: AppState
        let content: SiteContent
        let search: LiveSearch
        /// The Tags tab's filter, asking the site for tags by name.
        let tagSearch: LiveQuery<TagMatches>
    }

    /// Returns the exit status: 0 for q and the Ctrl-C key, 128 + the signal after SIGINT,
    /// SIGTERM or SIGHUP.
    func run(_ start: Start) async throws -> Int32 {
        // Its followed sites change as More follows more.
        var context = self.context
        // Stories are read through libxml2: a machine without it is told so before the
        // terminal is taken, not half-way through a full screen.
        try LibXML2.load()
        let terminal = try RawTerminal(reportsMouse: context.settings.appMouse)
        let (events, sink) = AsyncStream<Event>.makeStream()
        let signals = SignalWatch.fullScreen(on: terminal) { sink.yield(.signal($0)) }
        let reader = InputReader { bytes in sink.yield(bytes.isEmpty ? .inputQuiet : .input(bytes)) }
        defer {
            reader.stop()
            signals.stop()
            terminal.leave()
        }

        var frames = FrameWriter(styles: context.screenStyles)
        // The last frame drawn: a click is read against what the user saw. Its map is made
        // only when a click comes, so frames cost no more for it.
        var shown: AppView?
        var decoder = KeyDecoder()
        var abilities = TerminalAbilities(
            configured: images ?? context.settings.images?.mode ?? .auto, environment: context.environment, cellPixels: context.terminal.cellPixels)
        var asked = false
        var ticker: Task<Void, Never>?
        let savedWrites = OrderedWrites()
        let follows = OrderedWrites()
        var status: Int32 = 0
        // Answers name their session: one for a site left behind is dropped.
        var sessionNumber = 0
        let answers = { (number: Int) -> @Sendable (AppEvent) -> Void in { sink.yield(.app($0, session: number)) } }
        var (session, pending): (Session, [Effect])
        switch start {
        case .tabs(let selection):
            session = try self.session(context.content(mode: mode, selection: selection), on: selection, size: terminal.size(), answer: answers(0))
            pending = session.state.start()
        case .search(let selection, let text):
            session = try self.session(context.content(mode: mode, selection: selection), on: selection, size: terminal.size(), answer: answers(0))
            // The first search should not also wait for libcurl to start.
            session.content.prepareNetwork()
            pending = session.state.startSearching(text)
        }
        terminal.enter()
        await context.output.routingNotices(toStatusLine: { sink.yield(.app(.notice($0), session: nil)) }) {
            var redraw = true
            loop: while true {
                // Effects may add effects (a site switched to asks for its first tab).
                while !pending.isEmpty {
                    let effect = pending.removeFirst()
                    switch effect {
                    case .quit: break loop
                    case .suspend:
                        terminal.suspend()
                        terminal.enter()
                        frames.forget()
                        redraw = true
                    // In the order typed: a task of its own could reach the search after a later one.
                    case .search(let text): await session.search.update(text)
                    case .searchMore: await session.search.loadMore()
                    case .searchTags(let text): await session.tagSearch.update(text)
                    case .openInBrowser(let address):
                        ticker?.cancel()
                        ticker = nil
                        reader.pause(true)
                        terminal.leave()
                        let outcome = await openInBrowser(address, keys: session.state.keys)
                        terminal.enter()
                        reader.pause(false)
                        frames.forget()
                        redraw = true
                        if let outcome { pending += session.state.update(.notice(outcome)) }
                    case .followLink(let id, let address):
                        let (content, others, answer) = (session.content, otherFollowedSites(hosting: address, besides: session.content), answers(sessionNumber))
                        Task { answer(.linkFollowed(id, address: address, await Self.followedLink(address, on: content, or: others))) }
                    case .copy(let text):
                        terminal.write(ANSIEncoder(styles: .none).terminalText([.control(.copyToClipboard(text))]))
                    // Small writes, made here in the order pressed: `d` then `u` must not land reversed.
                    case .setRead(let stories, let read):
                        pending += saving(&session) { content in
                            if read { try content.markRead(stories) } else { for story in stories { try content.setRead(story, false) } }
                        }
                    case .setHidden(let story, let hidden):
                        pending += saving(&session) { try $0.setHidden(story, hidden) }
                    case .unhide(let storyID):
                        pending += saving(&session) { try $0.unhide(storyID: storyID) }
                    // A save may fetch its article, so it runs off the loop, but after the saves and
                    // unsaves pressed before it: `s` `s` must not unsave before the save lands.
                    case .setSaved(let story, true):
                        // The article is most likely in the cache (the reader had it); else fetched.
                        let (content, siteName, answer, context) = (session.content, session.state.siteName, answers(sessionNumber), context)
                        savedWrites.add {
                            do {
                                let saved = try await content.save(.id(story.id), siteName: siteName)
                                _ = await Pictures.keep(saved, content: content, context: context)
                            } catch {
                                answer(.saveFailed(story, ErrorMessage.line(for: error)))
                            }
                        }
                    case .setSaved(let story, false):
                        let (content, answer, context) = (session.content, answers(sessionNumber), context)
                        savedWrites.add {
                            do {
                                Pictures.forget(try content.unsave(storyID: story.id), content: content, context: context)
                            } catch {
                                answer(.notice("could not save that: " + ErrorMessage.line(for: error)))
                            }
                        }
                    case .loadSaved(let id, let siteRoot, let storyID):
                        answering(id, on: session.content, answer: answers(sessionNumber)) { content in
                            guard let saved = try content.savedStories.find(root: siteRoot, storyID: storyID) else {
                                throw NewsError.notSaved(id: storyID, site: siteRoot)
                            }
                            return .articleLoaded(id, html: saved.html, story: nil, link: saved.story.link)
                        }
                    case .followSite(let url, let name):
                        let (answer, context) = (answers(sessionNumber), context)
                        follows.add {
                            do {
                                // Read again, as the command reads it: another run may have changed it.
                                let sites = try FollowedSites.load(path: context.paths.sitesFile, config: context.paths.configFile,
                                                                   settings: context.settings, notice: { answer(.notice($0)) })
                                let followed = try await SiteFollowing(name: name, url: url).follow(
                                    in: sites, sitesFile: context.paths.sitesFile, discovery: context.siteDiscovery(), http: context.httpClient(),
                                    credentials: context.credentials, notice: { answer(.notice($0)) })
                                sink.yield(.sitesChanged(followed.sites))
                                answer(.siteFollowed(line: followed.line))
                            } catch {
                                answer(.notice("\(url) not followed: " + ErrorMessage.line(for: error)))
                            }
                        }
                    case .switchSite(let name):
                        do {
                            let selection = try SiteSelection.resolve(option: name, environment: nil, sites: context.sites)
                            let next = try self.session(context.content(mode: mode, selection: selection), on: selection,
                                                        size: terminal.size(), answer: answers(sessionNumber + 1))
                            await session.search.stop()
                            await session.tagSearch.stop()
                            (session, sessionNumber, redraw) = (next, sessionNumber + 1, true)
                            pending = session.state.start()
                        } catch {
                            pending += session.state.update(.notice(ErrorMessage.line(for: error)))
                        }
                    case .loadList(let id, let request, let page, let refresh):
                        answering(id, on: session.content, answer: answers(sessionNumber)) { [context] content in
                            let list = try await Self.list(request, page: page, from: refresh ? content.refreshing() : content)
                            // A mark that is not kept is a notice, routed to the status line; the list still shows.
                            context.markSeen(list.stories, in: content)
                            // `make bench` counts the stories the app has loaded from these.
                            context.trace.event("listed", "\(page) \(list.stories.count)")
                            return .listLoaded(id, list, refreshed: refresh)
                        }
                    case .loadDatedList(let id, let request, let dated, let refresh):
                        let answer = answers(sessionNumber)
                        answering(id, on: session.content, answer: answer) { [context] content in
                            let list = try await (refresh ? content.refreshing() : content).stories(request.query(dated, perPage: Self.perPage), detail: .summary)
                            context.markSeen(list.stories, in: content)
                            // `make bench` times a jump from the Enter to the frame after this.
                            context.trace.event("dated", String(list.stories.count))
                            if await content.readsDatesFromCache {
                                answer(.notice("read through its feed, which cannot be asked by date: these are the stories the cache holds"))
                            }
                            if case .newer = dated { return .newerLoaded(id, list) }
                            return .listLoaded(id, list, refreshed: refresh)
                        }
                    case .loadTerms(let id, .more, let refresh):
                        let (sites, answer, database) = (context.sites, answers(sessionNumber), context.database())
                        // A count the cache cannot give is left out: the rows still show.
                        let unread = { @Sendable in (try? UnreadCounts.of(sites, in: database)) ?? [:] }
                        // What this machine keeps shows at once; the site's pages follow, or say why not.
                        answering(id, on: session.content, answer: answer) { content in
                            answer(.termsLoaded(id, MoreTab.rows(pages: .loading, followed: sites, unread: unread(), saved: try content.savedStories.all(),
                                                                 hidden: try content.hiddenStories())))
                            let pages: MoreTab.SitePages
                            do {
                                pages = .loaded(try await (refresh ? content.refreshing() : content).pages())
                            } catch {
                                pages = .missing(ErrorMessage.line(for: error))
                            }
                            // Read again: a story may have been unhidden while the pages came.
                            return .termsLoaded(id, MoreTab.rows(pages: pages, followed: sites, unread: unread(), saved: try content.savedStories.all(),
                                                                 hidden: try content.hiddenStories()))
                        }
                    case .loadTerms(let id, let kind, let refresh):
                        answering(id, on: session.content, answer: answers(sessionNumber)) { content in
                            .termsLoaded(id, try await Self.rows(kind, from: refresh ? content.refreshing() : content))
                        }
                    case .loadArticle(let id, let storyID, let refresh):
                        let answer = answers(sessionNumber)
                        answering(id, on: session.content, answer: answer) { content in
                            try await Self.article(id, storyID: storyID, password: nil, from: refresh ? content.refreshing() : content, answer: answer)
                        }
                    case .unlockArticle(let id, let storyID, let password, let refresh):
                        let answer = answers(sessionNumber)
                        answering(id, on: session.content, answer: answer) { content in
                            try await Self.article(id, storyID: storyID, password: password, from: refresh ? content.refreshing() : content, answer: answer)
                        }
                    case .loadFullText(let id, let storyID):
                        answering(id, on: session.content, answer: answers(sessionNumber)) { content in
                            await Self.fullText(id, of: try await content.article(.id(storyID)), from: content, asked: true)
                        }
                    case .loadPage(let id, let pageID):
                        answering(id, on: session.content, answer: answers(sessionNumber)) { content in
                            let page = try await content.page(String(pageID))
                            return .articleLoaded(id, html: page.html ?? "", story: nil, link: page.link)
                        }
                    case .loadComments(let id, .story(let story)):
                        answering(id, on: session.content, answer: answers(sessionNumber)) { .commentsLoaded(id, try await $0.comments(for: story)) }
                    case .loadComments(let id, .protectedStory(let story, let password)):
                        answering(id, on: session.content, answer: answers(sessionNumber)) {
                            .commentsLoaded(id, try await $0.comments(for: story, password: password))
                        }
                    case .loadComments(let id, .page(let pageID)):
                        answering(id, on: session.content, answer: answers(sessionNumber)) { .commentsLoaded(id, try await $0.comments(forPage: pageID)) }
                    case .loadPictures(let id, let slots, let sources, let columns, let rows):
                        loadPictures(id, slots: slots, sources: sources, box: CellSize(columns: columns, rows: rows), on: session.content,
                                     abilities: abilities, answer: answers(sessionNumber))
                    }
                }
                if redraw { shown = draw(session.state, &frames, on: terminal) }
                if !asked, abilities.listening, session.state.showsPictures {
                    // After the first frame, so that it never waits for the terminal.
                    terminal.write(ANSIEncoder(styles: .none).terminalText([.control(.queryTerminal)]))
                    asked = true
                }
                ticker = keepTicking(session.state.wantsTicks, ticker) { sink.yield(.app(.tick, session: nil)) }
                guard let event = await events.first(where: { _ in true }) else { break }
                redraw = true
                switch event {
                case .app(let appEvent, let number):
                    guard number == nil || number == sessionNumber else {
                        redraw = false
                        continue
                    }
                    if case .articleLoaded = appEvent { context.trace.event("article") }
                    pending = session.state.update(appEvent)
                case .input(let bytes):
                    // From here to the next "frame" is how long a key takes to show.
                    context.trace.event("input", String(bytes.count))
                    for key in decoder.feed(bytes) { pending += session.state.update(Self.event(key, on: shown)) }
                    for reply in decoder.takeReplies() { abilities.read(reply) }
                case .inputQuiet:
                    let keys = decoder.flush()
                    redraw = !keys.isEmpty
                    for key in keys { pending += session.state.update(.key(key)) }
                case .signal(.resized):
                    let size = terminal.size()
                    pending = session.state.update(.resized(width: size.columns, height: size.rows))
                    frames.forget()
                case .signal(.suspend):
                    terminal.suspend()
                    terminal.enter()
                    frames.forget()
                case .signal(.resumed):
                    // While stopped the shell had the terminal, and its SIGWINCH: the window
                    // may have changed size since the last frame.
                    terminal.enter()
                    let size = terminal.size()
                    pending = session.state.update(.resized(width: size.columns, height: size.rows))
                    frames.forget()
                case .signal(.quit(let code)):
                    status = code
                    break loop
                case .sitesChanged(let sites):
                    context.sites = sites
                    redraw = false
                }
            }
        }
        ticker?.cancel()
        // The status line said "saved" or "following": the process ends once it is, and
        // says why it waits.
        if savedWrites.areUnwritten || follows.areUnwritten {
            _ = session.state.update(.notice(savedWrites.areUnwritten ? "Saving…" : "Following…"))
            _ = draw(session.state, &frames, on: terminal)
        }
        await savedWrites.finish()
        await follows.finish()
        await session.search.stop()
        await session.tagSearch.stop()
        return status
    }

    /// A mark the user made, written now; a failure is said on the status line.
    private func saving(_ session: inout Session, _ write: (SiteContent) throws -> Void) -> [Effect] {
        do {
            try write(session.content)
            return []
        } catch {
            return session.state.update(.notice("could not save that: " + ErrorMessage.line(for: error)))
        }
    }

    private func session(_ content: SiteContent, on selection: SiteSelection, size: (columns: Int, rows: Int),
                         answer: @escaping @Sendable (AppEvent) -> Void) throws -> Session {
        let keys = KeyMap(bindings: context.settings.keys.bindings, badEntries: context.settings.keys.badEntries)
        let state = AppState(
            siteName: selection.label, dates: context.relativeDates, width: size.columns, height: size.rows, keys: keys,
            showsPictures: Pictures.areShown(mode: images, context: context),
            density: context.settings.listDensity, readerMaxWidth: context.settings.readerMaxWidth, mouse: context.settings.appMouse,
            accessible: accessible || context.settings.accessible
        )
        let search = LiveSearch(search: { [content, searchesPages, trace = context.trace] text, page in
            // The typing pause is over: from here to the results drawn is what the user waits.
            trace.event("search", text)
            return try await content.search(text, includePages: searchesPages, page: page, perPage: 50, detail: .summary)
        }, publish: { answer(.searchChanged($0)) })
        let tagSearch = LiveQuery<TagMatches>(search: { [content] text, _ in
            TagMatches(query: text, tags: try await content.tags(matching: text, limit: Self.tagsFound))
        }, publish: { answer(.tagsFound($0)) })
        return Session(state: state, content: content, search: search, tagSearch: tagSearch)
    }

    /// The timer runs while the state wants ticks, and only then.
    private func keepTicking(_ wanted: Bool, _ ticker: Task<Void, Never>?, _ tick: @escaping @Sendable () -> Void) -> Task<Void, Never>? {
        guard wanted else {
            ticker?.cancel()
            return nil
        }
        return ticker ?? Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.tick)
                tick()
            }
        }
    }

    /// Writes the state's frame, and returns it.
    private func draw(_ state: AppState, _ frames: inout FrameWriter, on terminal: RawTerminal) -> AppView {
        let view = AppView(state)
        let frame = frames.pieces(for: view.lines, cursor: view.cursor, pictures: view.pictures.map(FrameWriter.Placement.init))
        terminal.write(frame)
        context.trace.event("frame", String(frame.string.utf8.count))
        if let searched = state.search.state, case .results = searched.phase, state.tab == .search { context.trace.event("drawn", searched.query) }
        return view
    }

    /// A key as the app's event; a click with the map of the frame it was made on.
    private static func event(_ key: Key, on frame: AppView?) -> AppEvent {
        if case .mouse(let report) = key { return .mouse(report, frame?.screenMap ?? .empty) }
        return .key(key)
    }

    /// `$BROWSER`, else `xdg-open`, on the terminal (it may be a text browser); what went
    /// wrong, for the status line, or nil. Waited for on a thread of its own: a browser may
    /// run for an hour, and the async pool has a thread per core.
    private func openInBrowser(_ address: String, keys: KeyMap) async -> String? {
        let browser = context.environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        let environment = context.environment
        let outcome = await withCheckedContinuation { finished in
            Thread.detachNewThread { finished.resume(returning: TerminalProgram.run(browser + " \"$1\"", arguments: [address], environment: environment)) }
        }
        switch outcome {
        case .exited(0), .killed: return nil
        case .exited(126), .exited(127), .notStarted: return BrowserNotice.noBrowser(browser, keys: keys)
        case .exited(let status): return "\(browser) failed (exit status \(status))"
        }
    }

    /// Runs the work of an effect in a task of its own, which answers with an event, or with
    /// the line that says why it failed.
    private func answering(_ id: ScreenID, on content: SiteContent, answer: @escaping @Sendable (AppEvent) -> Void,
                           _ work: @escaping @Sendable (SiteContent) async throws -> AppEvent) {
        Task {
            do {
                answer(try await work(content))
            } catch {
                answer(.failed(id, ErrorMessage.line(for: error)))
            }
            // Taken as they come, so a long session keeps none: a list says its own
            // origin, terms and pages say it through this.
            if let copy = content.copiesServed().last { answer(.copyServed(copy)) }
        }
    }

    /// Each slot's picture as it comes, in a task of its own; one that does not come stays
    /// its placeholder: no event.
    private func loadPictures(_ id: ScreenID, slots: [PictureSlot], sources: [String: ImageSources], box: CellSize, on content: SiteContent,
                              abilities: TerminalAbilities, answer: @escaping @Sendable (AppEvent) -> Void) {
        guard let pictures = Pictures(mode: abilities.mode, context: context, content: content, graphics: true, cellPixels: abilities.cellPixels)
        else { return }
        Task {
            await withTaskGroup(of: Void.self) { group in
                for slot in slots {
                    group.addTask {
                        guard let picture = await pictures.readerPicture(slot, sources: sources, box: box, content: content) else { return }
                        answer(.pictureLoaded(id, slot, picture))
                    }
                }
            }
        }
    }

    /// A story's article, or the reader asked to ask for its password. On a site read from
    /// its stories' pages, the summary shows while the page is read, and the page then.
    private static func article(
        _ id: ScreenID, storyID: Int, password: String?, from content: SiteContent, answer: @Sendable (AppEvent) -> Void
    ) async throws -> AppEvent {
        do {
            let article = try await content.article(.id(storyID), password: password)
            let loaded = AppEvent.articleLoaded(id, html: article.html, story: article.story, link: article.story.link,
                                                readThroughFeed: await content.readsThroughFeed)
            guard content.readsFullText else { return loaded }
            answer(loaded)
            return await fullText(id, of: article, from: content, asked: false)
        } catch NewsError.passwordRequired {
            return .passwordNeeded(id, wrong: false)
        } catch NewsError.wrongPassword {
            return .passwordNeeded(id, wrong: true)
        }
    }

    /// The followed sites other than the one shown whose address has the link's host: the
    /// only others a link may name a story of.
    private func otherFollowedSites(hosting address: String, besides shown: SiteContent) -> [SiteContent] {
        guard let key = LinkKey(address) else { return [] }
        return context.sites.names.compactMap { name in
            guard let followed = context.sites.sites[name],
                  [followed.url, followed.apiRoot].compactMap({ $0.flatMap(LinkKey.init) }).contains(where: key.isOnSameHost) else { return nil }
            return try? context.content(mode: mode, selection: SiteSelection.resolve(option: name, environment: nil, sites: context.sites))
        }.filter { $0 !== shown }
    }

    /// What a link of an article names: a story or page of the site shown, else one of
    /// another followed site, read there; nil for anything else.
    private static func followedLink(_ address: String, on shown: SiteContent, or others: [SiteContent]) async -> FollowedLink? {
        if let found = await shown.linkedContent(address) { return .inSite(found) }
        for other in others {
            switch await other.linkedContent(address) {
            case .story(let story)?:
                guard let article = try? await other.article(.id(story.id)) else { continue }
                return .otherSite(title: story.title, html: article.html, link: story.link)
            case .page(let page)?:
                return .otherSite(title: page.title, html: page.html ?? "", link: page.link)
            case nil:
                continue
            }
        }
        return nil
    }

    /// `asked`: the reader's `F`, rather than a site that reads every story's page.
    private static func fullText(_ id: ScreenID, of article: StoryArticle, from content: SiteContent, asked: Bool) async -> AppEvent {
        let page = await content.fullArticle(of: article, asked: asked)
        return .fullTextLoaded(id, html: page.isFullText ? page.html : nil, notice: page.notice)
    }

    private static func list(_ request: ListRequest, page: Int, from content: SiteContent) async throws -> StoryList {
        switch request.query(page: page, perPage: perPage) {
        case .featured(let tag, let page, let perPage): try await content.featured(tagSlug: tag, page: page, perPage: perPage, detail: .summary).list
        case let query: try await content.stories(query, detail: .summary)
        }
    }

    private static func rows(_ kind: TermList, from content: SiteContent) async throws -> [TermRow] {
        switch kind {
        case .categories: TermRow.categories(try await content.categories())
        case .tags: TermRow.tags(try await content.tags(.heaviest(TagCloud.defaultLimit)).tags)
        case .more, .links: [] // More answers in two steps (above); the reader gives the links
        }
    }
}
