import NewsCore
import TerminalRender

/// The app's one way to change: an event in, the new state and the effects to run out.
extension AppState {
    /// Rows a story takes in a list: title, date and names, excerpt, a blank line.
    static let rowsPerStory = 4

    /// The first tab, opened: what the runtime does before the first frame.
    public mutating func start() -> [Effect] {
        open(.featured)
    }

    public mutating func update(_ event: AppEvent) -> [Effect] {
        switch event {
        case .key(let key):
            return press(key)
        case .resized(let width, let height):
            (self.width, self.height) = (width, height)
            relayOutReaders()
            for tab in Array(stacks.keys) { stacks[tab] = stacks[tab]?.map { keepingCursorInView($0) } }
            return []
        case .listLoaded(let id, let list, let refreshed):
            return changeScreen(id) { screen, state in state.received(list, refreshed: refreshed, on: &screen) }
        case .termsLoaded(let id, let rows):
            return changeScreen(id) { screen, _ in
                guard case .terms(var terms) = screen.content else { return [] }
                terms.rows = rows
                screen.content = .terms(terms)
                screen.cursor = min(screen.cursor, max(rows.count - 1, 0))
                screen.loading = false
                screen.error = nil
                return []
            }
        case .articleLoaded(let id, let html, let story):
            return changeScreen(id) { screen, state in
                guard case .reader(var reader) = screen.content else { return [] }
                reader.html = html
                state.layOut(&reader)
                screen.content = .reader(reader)
                screen.loading = false
                screen.error = nil
                return story.map { [.markRead($0)] } ?? []
            }
        case .failed(let id, let message):
            return changeScreen(id) { screen, _ in
                screen.loading = false
                screen.error = message
                return []
            }
        case .notice(let text):
            status = text
            return []
        case .searchChanged(let state):
            if state.query != search.state?.query { search.selection = 0 }
            search.state = state
            return []
        }
    }

    // MARK: Keys

    private mutating func press(_ key: Key) -> [Effect] {
        if key == .control("c") { return [.quit] }
        if showsHelp {
            showsHelp = false
            return []
        }
        status = nil
        if tab == .search, stacks[.search]?.isEmpty ?? true {
            if let effects = pressInSearch(key) { return effects }
        }
        switch key {
        case .character("?"):
            showsHelp = true
            return []
        case .character(let digit) where digit.wholeNumberValue.flatMap(Tab.init(rawValue:)) != nil:
            return open(Tab(rawValue: digit.wholeNumberValue!)!)
        case .tab:
            return open(Tab(rawValue: tab.rawValue % Tab.allCases.count + 1)!)
        default:
            break
        }
        guard var screen else {
            return tab == .search ? pressInSearchResults(key) : []
        }
        var effects: [Effect] = []
        if let moved = Self.moved(key, from: screen.position, last: lastPosition(of: screen), page: page(of: screen)) {
            screen.position = moved
        } else if let own = pressOwnKey(key, &screen) {
            effects = own
        } else if key == .character("q") && stacks[tab]!.count == 1 {
            return [.quit]
        } else if isBack(key) {
            pop()
        }
        let more = askForMore(&screen)
        // A screen that was popped is gone: nothing to put back.
        replaceTop(keepingCursorInView(screen))
        return effects + more
    }

    private func isBack(_ key: Key) -> Bool {
        [.escape, .left, .backspace, .character("h"), .character("q")].contains(key)
    }

    /// Where a moving key takes a list's cursor or the reader's first line; nil for other keys.
    private static func moved(_ key: Key, from position: Int, last: Int, page: Int) -> Int? {
        switch key {
        case .character("j"), .down: min(position + 1, last)
        case .character("k"), .up: max(position - 1, 0)
        case .character(" "), .pageDown: min(position + page, last)
        case .character("b"), .pageUp: max(position - page, 0)
        case .character("g"), .home: 0
        case .character("G"), .end: last
        default: nil
        }
    }

    private func lastPosition(of screen: Screen) -> Int {
        switch screen.content {
        case .stories(let list): max(list.stories.count - 1, 0)
        case .terms(let terms): max(terms.rows.count - 1, 0)
        case .reader(let reader): max(reader.lines.count - contentHeight, 0)
        }
    }

    private func page(of screen: Screen) -> Int {
        if case .stories = screen.content { visibleStories } else { contentHeight }
    }

    /// The keys that mean something on one kind of screen only; nil for the rest.
    private mutating func pressOwnKey(_ key: Key, _ screen: inout Screen) -> [Effect]? {
        switch (screen.content, key) {
        case (.stories(let list), .enter):
            guard list.stories.indices.contains(screen.cursor) else { return [] }
            return pushReader(for: list.stories[screen.cursor])
        case (.stories(let list), .character("r")):
            screen.loading = true
            return [.loadList(screen.id, list.request, page: 1, refresh: true)]
        case (.terms(let terms), .enter):
            guard terms.rows.indices.contains(screen.cursor) else { return [] }
            let row = terms.rows[screen.cursor]
            switch row.target {
            case .stories(let request):
                return push(.stories(StoryListContent(title: row.label, request: request))) { id in [.loadList(id, request, page: 1, refresh: false)] }
            case .page(let pageID, let title):
                return push(.reader(ReaderContent(title: title, story: nil))) { id in [.loadPage(id, pageID: pageID)] }
            }
        case (.terms(let terms), .character("r")):
            screen.loading = true
            return [.loadTerms(screen.id, terms.kind, refresh: true)]
        case (.reader, .character("n")), (.reader, .character("p")):
            return step(key == .character("n") ? 1 : -1)
        case (.reader(let reader), .character("r")):
            guard let story = reader.story else { return [] }
            screen.loading = true
            return [.loadArticle(screen.id, storyID: story.id, refresh: true)]
        case (.reader, .character("q")):
            // In the reader q always goes back to the list, even on the Search tab.
            pop()
            return []
        default:
            return nil
        }
    }

    /// `n` and `p` in the reader: the next or previous story of the list below it.
    private mutating func step(_ offset: Int) -> [Effect] {
        guard var stack = stacks[tab], stack.count >= 2, case .stories(let list) = stack[stack.count - 2].content else {
            status = "no list to step through"
            return []
        }
        let index = stack[stack.count - 2].cursor + offset
        guard list.stories.indices.contains(index) else {
            status = offset > 0 ? "this is the last story loaded" : "this is the first story"
            return []
        }
        stack[stack.count - 2].cursor = index
        stack[stack.count - 2] = keepingCursorInView(stack[stack.count - 2])
        let more = askForMore(&stack[stack.count - 2])
        stack.removeLast()
        stacks[tab] = stack
        return pushReader(for: list.stories[index]) + more
    }

    // MARK: Search

    /// Keys for the query field while it has them; nil for keys the field leaves to the app.
    private mutating func pressInSearch(_ key: Key) -> [Effect]? {
        guard search.editing else {
            if key == .character("/") {
                search.editing = true
                return []
            }
            return nil
        }
        switch key {
        case .escape:
            search.editing = false
        case .up, .control("p"):
            search.selection = max(search.selection - 1, 0)
        case .down, .control("n"):
            search.selection = min(search.selection + 1, max(search.hits.count - 1, 0))
        case .enter:
            return openSelectedHit()
        case .tab:
            return nil
        default:
            var editor = search.editor
            guard editor.apply(key) else { return [] }
            search.editor = editor
            return [.search(editor.text)]
        }
        return []
    }

    private mutating func pressInSearchResults(_ key: Key) -> [Effect] {
        switch key {
        case .character("j"), .down: search.selection = min(search.selection + 1, max(search.hits.count - 1, 0))
        case .character("k"), .up: search.selection = max(search.selection - 1, 0)
        case .enter: return openSelectedHit()
        case .character("q"): return [.quit]
        default: break
        }
        return []
    }

    private mutating func openSelectedHit() -> [Effect] {
        guard search.hits.indices.contains(search.selection) else { return [] }
        switch search.hits[search.selection] {
        case .story(let story): return pushReader(for: story)
        case .page(let id, let title, _):
            return push(.reader(ReaderContent(title: title, story: nil))) { screen in [.loadPage(screen, pageID: id)] }
        }
    }

    // MARK: Screens

    /// Shows a tab, asking for its first screen's content the first time.
    private mutating func open(_ tab: Tab) -> [Effect] {
        self.tab = tab
        guard stacks[tab] == nil else { return [] }
        let content: Screen.Content
        switch tab {
        case .featured: content = .stories(StoryListContent(title: "Featured", request: .featured))
        case .latest: content = .stories(StoryListContent(title: "Latest", request: .latest))
        case .categories: content = .terms(TermListContent(kind: .categories))
        case .tags: content = .terms(TermListContent(kind: .tags))
        case .more: content = .terms(TermListContent(kind: .pages))
        case .search:
            stacks[tab] = []
            search.editing = true
            return []
        }
        return push(content) { id in
            switch content {
            case .stories(let list): [.loadList(id, list.request, page: 1, refresh: false)]
            case .terms(let terms): [.loadTerms(id, terms.kind, refresh: false)]
            case .reader: []
            }
        }
    }

    private mutating func push(_ content: Screen.Content, loading: (ScreenID) -> [Effect]) -> [Effect] {
        let id = ScreenID(value: nextScreenID)
        nextScreenID += 1
        stacks[tab, default: []].append(Screen(id: id, content: content))
        return loading(id)
    }

    private mutating func pushReader(for story: Story) -> [Effect] {
        push(.reader(ReaderContent(title: story.title, story: story))) { id in [.loadArticle(id, storyID: story.id, refresh: false)] }
    }

    /// Back one screen; a tab's first screen stays.
    private mutating func pop() {
        guard let stack = stacks[tab], stack.count > 1 || tab == .search && !stack.isEmpty else { return }
        stacks[tab]!.removeLast()
    }

    private mutating func replaceTop(_ screen: Screen) {
        guard let index = stacks[tab]?.lastIndex(where: { $0.id == screen.id }) else { return }
        stacks[tab]![index] = screen
    }

    /// Runs `change` on the screen with this id, wherever it is; an answer for a screen that
    /// has been left changes nothing.
    private mutating func changeScreen(_ id: ScreenID, _ change: (inout Screen, inout AppState) -> [Effect]) -> [Effect] {
        for tab in Array(stacks.keys) {
            guard let index = stacks[tab]!.firstIndex(where: { $0.id == id }) else { continue }
            var screen = stacks[tab]![index]
            let effects = change(&screen, &self)
            stacks[tab]![index] = keepingCursorInView(screen)
            return effects
        }
        return []
    }

    // MARK: Lists

    var visibleStories: Int { max(contentHeight / Self.rowsPerStory, 1) }

    private func received(_ list: StoryList, refreshed: Bool, on screen: inout Screen) -> [Effect] {
        guard case .stories(var content) = screen.content else { return [] }
        if list.page == 1 {
            let selected = content.stories.indices.contains(screen.cursor) ? content.stories[screen.cursor].id : nil
            let before = Set(content.stories.map(\.id))
            content.arrived = refreshed && !before.isEmpty ? Set(list.stories.map(\.id)).subtracting(before) : []
            content.stories = list.stories
            screen.cursor = selected.flatMap { id in list.stories.firstIndex { $0.id == id } } ?? 0
        } else {
            let known = Set(content.stories.map(\.id))
            content.stories += list.stories.filter { !known.contains($0.id) }
        }
        content.pagesLoaded = list.page
        content.totalPages = list.totalPages
        content.origin = list.origin
        screen.content = .stories(content)
        screen.loading = false
        screen.error = nil
        return []
    }

    /// Infinite scroll: within a screen of the last story loaded, the next page is asked for,
    /// once: the screen waits for it until it comes.
    private func askForMore(_ screen: inout Screen) -> [Effect] {
        guard !screen.loading, case .stories(let list) = screen.content, list.hasMore,
              screen.cursor >= list.stories.count - visibleStories else { return [] }
        screen.loading = true
        return [.loadList(screen.id, list.request, page: list.pagesLoaded + 1, refresh: false)]
    }

    /// The first row shown moves so that the cursor is on screen.
    private func keepingCursorInView(_ screen: Screen) -> Screen {
        var screen = screen
        switch screen.content {
        case .stories:
            screen.top = min(max(screen.top, screen.cursor - visibleStories + 1), screen.cursor)
        case .terms:
            screen.top = min(max(screen.top, screen.cursor - contentHeight + 1), screen.cursor)
        case .reader(let reader):
            screen.top = min(screen.top, max(reader.lines.count - contentHeight, 0))
        }
        screen.top = max(screen.top, 0)
        return screen
    }

    // MARK: Reader

    private func layOut(_ reader: inout ReaderContent) {
        guard let html = reader.html else { return }
        if let story = reader.story {
            reader.lines = StoryArticleView(width: width, dates: dates).lines(for: story, html: html)
        } else {
            reader.lines = ArticleLayout(width: width).lines(for: Article(html: html, baseURL: nil))
        }
        reader.laidOutWidth = width
    }

    private mutating func relayOutReaders() {
        for tab in Array(stacks.keys) {
            for index in stacks[tab]!.indices {
                guard case .reader(var reader) = stacks[tab]![index].content, reader.laidOutWidth != width else { continue }
                layOut(&reader)
                stacks[tab]![index].content = .reader(reader)
            }
        }
    }
}
