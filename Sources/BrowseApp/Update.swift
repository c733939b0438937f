import DisplayWidth
import NewsCore
import TerminalInput
import TerminalRender

/// The app's one way to change: an event in, the new state and the effects to run out.
extension AppState {
    /// Rows a story takes in a list: one compact, or a card's title, date and names,
    /// excerpt and blank line.
    var rowsPerStory: Int { oneLineRows ? 1 : 4 }
    /// A story a line: compact, or said as a sentence in the accessible layout.
    var oneLineRows: Bool { density == .compact || accessible }
    /// The Search tab's field and results, as the view draws them and the keys page through them.
    var searchScreen: SearchScreen {
        SearchScreen(width: width, height: contentHeight, dates: dates, compact: density == .compact, sentences: accessible)
    }
    /// Ticks (of about 100 ms) the new rows of a refresh stay highlighted.
    static let flashTicks = 15

    /// The first tab, opened: what the runtime does before the first frame. The status line
    /// names the `[keys]` entries that were not used.
    public mutating func start(on first: Tab = .featured) -> [Effect] {
        if !keys.problems.isEmpty { status = "config.toml: " + keys.problems.joined(separator: "; ") }
        return open(first)
    }

    public mutating func update(_ event: AppEvent) -> [Effect] {
        let effects = handle(event)
        // A reader shown again after a resize (back to it, another tab) fits the window.
        return effects + relayOutReaders()
    }

    private mutating func handle(_ event: AppEvent) -> [Effect] {
        switch event {
        case .key(let key):
            return press(key)
        case .mouse(let report, let map):
            return click(report, on: map)
        case .resized(let width, let height):
            (self.width, self.height) = (width, height)
            for tab in Array(stacks.keys) { stacks[tab] = stacks[tab]?.map { keepingCursorInView($0) } }
            return []
        case .listLoaded(let id, let list, let refreshed):
            return changeScreen(id) { screen, state in state.received(list, refreshed: refreshed, on: &screen) }
        case .newerLoaded(let id, let list):
            return changeScreen(id) { screen, state in state.receivedNewer(list, on: &screen) }
        case .termsLoaded(let id, let rows):
            return changeScreen(id) { screen, _ in
                guard case .terms(var terms) = screen.content else { return [] }
                // Rows may come twice (More: its pages after the rest): the cursor keeps its row.
                let old = terms.rows
                terms.show(rows)
                screen.cursor = Self.cursor(keeping: screen.cursor, of: old, in: terms.rows)
                screen.content = .terms(terms)
                screen.loading = false
                screen.error = nil
                return []
            }
        case .articleLoaded(let id, let html, let story, let link, let readThroughFeed):
            return changeScreen(id) { screen, state in
                guard case .reader(var reader) = screen.content else { return [] }
                reader.link = link ?? reader.link
                reader.readThroughFeed = readThroughFeed
                reader.featuredImage = story?.featuredImage
                let article = Article(html: html, baseURL: reader.baseURL)
                reader.article = reader.comments.map { article.addingComments($0, baseURL: reader.baseURL) } ?? article
                reader.imageSources = article.imageSources(featured: story?.featuredImage, renditions: story?.featuredImageRenditions ?? [])
                state.layOut(&reader)
                screen.content = .reader(reader)
                screen.loading = false
                screen.error = nil
                let pictures = state.pictureRequest(for: reader, on: id)
                guard let story else { return pictures }
                state.readMarks[story.id] = true
                return [.setRead([story], true)] + pictures
            }
        case .pictureLoaded(let id, let slot, let picture):
            return changeScreen(id) { screen, state in
                state.showPicture(picture, in: slot, on: &screen)
                return []
            }
        case .commentsLoaded(let id, let comments):
            return changeScreen(id) { screen, state in state.showComments(comments, on: &screen) }
        case .fullTextLoaded(let id, let html, let notice):
            return changeScreen(id) { screen, state in state.showFullText(html, notice: notice, on: &screen, id: id) }
        case .passwordNeeded(let id, let wrong):
            return changeScreen(id) { screen, state in
                guard case .reader(let reader) = screen.content, let story = reader.story else { return [] }
                screen.loading = false
                screen.error = "story \(story.id) is password-protected"
                state.passwords[story.id] = nil
                // Asked only while the story is on screen; r asks again.
                if state.screen?.id == screen.id { state.prompt = Prompt(purpose: .password(again: wrong), editor: LineEditor()) }
                return []
            }
        case .failed(let id, let message):
            return changeScreen(id) { screen, state in
                screen.loading = false
                screen.error = message
                // Whichever load failed, up may ask for the stories above again.
                if case .stories(var list) = screen.content, list.dated?.newerLoading == true {
                    list.dated?.newerLoading = false
                    screen.content = .stories(list)
                }
                if case .reader(var reader) = screen.content, reader.article == nil {
                    reader.unreadable = message
                    state.layOut(&reader)
                    screen.content = .reader(reader)
                }
                return []
            }
        case .linkFollowed(let id, let address, let found):
            return followed(address, to: found, from: id)
        case .notice(let text):
            status = text
            return []
        case .saveFailed(let story, let reason):
            // The `*` went on when `s` was pressed; the story is not saved after all.
            savedMarks[story.id] = false
            status = "could not save \(story.displayTitle): \(reason)"
            return []
        case .copyServed(let origin):
            sayWhyTheSiteWasNotRead(origin)
            return []
        case .siteFollowed(let line):
            return siteFollowed(line)
        case .tagsFound(let answer):
            guard let tags = stacks[.tags]?.first else { return [] }
            return changeScreen(tags.id) { screen, state in state.receivedTags(answer, on: &screen) }
        case .searchChanged(let state):
            if state.query != search.state?.query { search.selection = 0 }
            search.state = withoutHidden(state)
            search.loadingMore = false
            if let reason = state.moreFailed {
                status = "no more results came (\(reason)): moving down asks again"
            }
            return []
        case .tick:
            ticks += 1
            if ticks == flashUntil { clearArrivals() }
            return []
        }
    }

    // MARK: Keys

    private mutating func press(_ key: Key) -> [Effect] {
        let actions = keys.actions(for: key)
        if actions.contains(.quit) { return [.quit] }
        // Raw mode reads Ctrl-Z as a key: the runtime stops the job as the terminal would.
        if key == .control("z") { return [.suspend] }
        if showsHelp {
            scrollHelp(actions)
            return []
        }
        // A key that does something clears the last word; one that does nothing keeps it.
        let lastWord = status
        status = nil
        if prompt != nil { return typeInPrompt(key) }
        if isSearchFieldShown, search.editing, let effects = pressInSearchField(key) { return effects }
        if case .reader? = screen?.content, case .character(let digit) = key, digit.isASCII, digit.isNumber {
            guard !(linkNumber.isEmpty && digit == "0") else {
                status = "links are numbered from 1"
                return []
            }
            linkNumber += String(digit)
            status = "link \(linkNumber): \(keys.firstName(of: .open)) follows it · \(keys.firstName(of: .back)) cancels"
            return []
        }
        if !linkNumber.isEmpty && actions.contains(.back) {
            linkNumber = ""
            status = "link number cancelled"
            return []
        }
        defer { linkNumber = "" }
        for action in actions {
            if let effects = perform(action) { return effects }
        }
        // A link number being typed is dropped all the same, and its hint with it.
        status = actions.first.flatMap { whyNot($0, key: key) } ?? (linkNumber.isEmpty ? lastWord : nil)
        return []
    }

    /// Why a key's action means nothing where it was pressed; nil for keys better left quiet.
    private func whyNot(_ action: Action, key: Key) -> String? {
        switch action {
        case .hide, .undo, .toggleRead, .markAllRead, .unreadOnly, .toggleDensity, .goToDate, .save:
            return "\(key.name) works in a story list (\(keys.firstName(of: .featuredTab)), \(keys.firstName(of: .latestTab)), a category, a tag)"
        case .refresh:
            guard case .terms(let terms)? = screen?.content, terms.kind == .links else { return nil }
            return "\(key.name) reloads the article, not its list of links: \(keys.firstName(of: .back)) goes back to it"
        case .links, .comments, .nextStory, .previousStory, .nextUnread:
            return "\(key.name) works in the article"
        default:
            return nil
        }
    }

    /// Moving keys scroll the help; any other key closes it.
    private mutating func scrollHelp(_ actions: [Action]) {
        let last = max(Action.allCases.count + 1 - contentHeight, 0)
        switch actions.first {
        case .down?: helpTop = min(helpTop + 1, last)
        case .up?: helpTop = max(helpTop - 1, 0)
        case .pageDown?: helpTop = min(helpTop + contentHeight, last)
        case .pageUp?: helpTop = max(helpTop - contentHeight, 0)
        default:
            showsHelp = false
            helpTop = 0
        }
    }

    /// The action's effects, or nil when it means nothing where the app is (the key's next
    /// action is tried then).
    mutating func perform(_ action: Action) -> [Effect]? {
        switch action {
        case .help:
            showsHelp = true
            return []
        case .featuredTab, .latestTab, .categoriesTab, .tagsTab, .searchTab, .moreTab:
            return open(Self.tab(of: action))
        case .nextTab:
            return open(Tab(rawValue: tab.rawValue % Tab.allCases.count + 1)!)
        case .previousTab:
            return open(Tab(rawValue: (tab.rawValue + Tab.allCases.count - 2) % Tab.allCases.count + 1)!)
        default:
            break
        }
        guard var screen else {
            return isSearchFieldShown ? performInSearchResults(action) : nil
        }
        var effects: [Effect]
        let upPastTheTop = screen.cursor == 0 && [.up, .pageUp, .top].contains(action)
        if let moved = moved(action, on: screen) {
            screen.position = moved
            effects = []
        } else if let own = performOwn(action, &screen) {
            effects = own
        } else if action == .close && shownStack.count == 1 {
            return [.quit]
        } else if action == .close || action == .back {
            pop()
            return []
        } else {
            return nil
        }
        effects += askForMore(&screen)
        if upPastTheTop { effects += askForNewer(&screen) }
        // A screen that was popped or replaced is gone: nothing to put back.
        replaceTop(keepingCursorInView(screen))
        return effects
    }

    private static func tab(of action: Action) -> Tab {
        switch action {
        case .featuredTab: .featured
        case .latestTab: .latest
        case .categoriesTab: .categories
        case .tagsTab: .tags
        case .searchTab: .search
        default: .more
        }
    }

    /// Where a moving action takes a list's cursor or the reader's first line; nil for the rest.
    private func moved(_ action: Action, on screen: Screen) -> Int? {
        if case .terms(let terms) = screen.content, terms.kind == .tags {
            return movedInCloud(action, terms.rows, from: screen.cursor)
        }
        let last = lastPosition(of: screen)
        let page = if case .stories = screen.content { visibleStories } else { contentHeight }
        let position = screen.position
        let target: Int
        switch action {
        case .down: target = min(position + 1, last)
        case .up: target = max(position - 1, 0)
        case .pageDown: target = min(position + page, last)
        case .pageUp: target = max(position - page, 0)
        case .top: target = 0
        case .bottom: target = last
        default: return nil
        }
        guard case .terms(let terms) = screen.content else { return target }
        // The More tab's section titles are passed over.
        return Self.selectable(terms.rows, from: target, towards: target < position || action == .bottom ? -1 : 1)
    }

    /// Where the cursor goes when a screen's rows come again: onto the row it was on, found by
    /// what that row opens; a row that opens nothing (a "(none)" under a heading) by its place
    /// counted from the end, as only the sections above it (More's pages) come later.
    static func cursor(keeping cursor: Int, of old: [TermRow], in rows: [TermRow]) -> Int {
        let fallback = selectable(rows, from: min(cursor, max(rows.count - 1, 0)), towards: 1)
        guard old.indices.contains(cursor) else { return fallback }
        let row = old[cursor]
        if row.target != .heading { return rows.firstIndex { $0.target == row.target } ?? fallback }
        let fromEnd = rows.count - (old.count - cursor)
        let samePlace = rows.indices.contains(fromEnd) && rows[fromEnd].label == row.label && rows[fromEnd].target == row.target
        return samePlace ? fromEnd : fallback
    }

    /// The nearest row from `index` on, in `direction`, that is not a heading (else the other way).
    static func selectable(_ rows: [TermRow], from index: Int, towards direction: Int) -> Int {
        for candidate in sequence(first: index, next: { $0 + direction }).prefix(while: rows.indices.contains) where rows[candidate].target != .heading {
            return candidate
        }
        for candidate in sequence(first: index, next: { $0 - direction }).prefix(while: rows.indices.contains) where rows[candidate].target != .heading {
            return candidate
        }
        return index
    }

    private func lastPosition(of screen: Screen) -> Int {
        switch screen.content {
        case .stories(let list): max(list.rows.count - 1, 0)
        case .terms(let terms): max(terms.rows.count - 1, 0)
        case .reader(let reader): max(reader.lines.count - contentHeight, 0)
        }
    }

    /// The actions that mean something on one kind of screen only; nil for the rest.
    private mutating func performOwn(_ action: Action, _ screen: inout Screen) -> [Effect]? {
        switch screen.content {
        case .stories: performInList(action, &screen)
        case .terms(let terms): performInTerms(action, terms, &screen)
        case .reader: performInReader(action, &screen)
        }
    }

    private mutating func performInTerms(_ action: Action, _ terms: TermListContent, _ screen: inout Screen) -> [Effect]? {
        let row = terms.rows.indices.contains(screen.cursor) ? terms.rows[screen.cursor] : nil
        switch action {
        case .open:
            guard let row else { return [] }
            return open(row, in: terms, &screen)
        case .refresh where terms.kind != .links:
            screen.loading = true
            return [.loadTerms(screen.id, terms.kind, refresh: true)]
        case .find:
            // A new filter, typed from empty, as in a story list.
            prompt = Prompt(purpose: .filter, editor: LineEditor())
            return []
        case .back where !terms.filter.isEmpty:
            var terms = terms
            return filter(&terms, by: "", on: &screen)
        case .openInBrowser, .copyLink:
            guard case .link(let address)? = row?.target else { return nil }
            return linkAction(action, address)
        default:
            return nil
        }
    }

    private mutating func open(_ row: TermRow, in terms: TermListContent, _ screen: inout Screen) -> [Effect] {
        switch row.target {
        case .stories(let request):
            return pushList(request, title: row.label)
        case .page(let pageID, let title):
            return push(.reader(ReaderContent(title: title, story: nil, pageID: pageID))) { id in [.loadPage(id, pageID: pageID)] }
        case .site(let name):
            return [.switchSite(name)]
        case .hidden(let storyID):
            guard case .terms(var more) = screen.content else { return [] }
            more.rows.remove(at: screen.cursor)
            more.unfiltered?.removeAll { $0.target == row.target }
            screen.content = .terms(more)
            if more.rows.contains(where: { if case .hidden = $0.target { true } else { false } }) {
                screen.cursor = Self.selectable(more.rows, from: min(screen.cursor, more.rows.count - 1), towards: -1)
            } else {
                // The cursor rests on the empty section: on the row above, a site, a second
                // Enter would switch sites.
                more.rows.append(TermRow(label: "(none)", depth: 1, target: .heading))
                screen.content = .terms(more)
                screen.cursor = more.rows.count - 1
            }
            hidden.removeAll { $0.id == storyID }
            status = "unhidden: the story is back in its lists after a refresh (\(keys.firstName(of: .refresh)))"
            return [.unhide(storyID: storyID)]
        case .saved(let siteRoot, let storyID, let title):
            return push(.reader(ReaderContent(title: title, story: nil))) { id in [.loadSaved(id, siteRoot: siteRoot, storyID: storyID)] }
        case .link(let address):
            return follow(address, from: screen.id)
        case .headerLink(let link):
            return open(link)
        case .followSite:
            return askForSiteToFollow()
        case .heading:
            return []
        }
    }

    /// `o` and `y` for an address: only http(s) goes to the browser; any goes to the clipboard.
    mutating func linkAction(_ action: Action, _ address: String) -> [Effect] {
        if action == .copyLink {
            status = "link sent to the terminal's clipboard"
            return [.copy(address)]
        }
        guard let scheme = address.split(separator: ":", maxSplits: 1).first?.lowercased(), ["http", "https"].contains(scheme) else {
            status = "not a web address, not opened: " + address
            return []
        }
        return [.openInBrowser(address)]
    }

    // MARK: Screens

    /// Shows a tab, asking for its first screen's content the first time.
    mutating func open(_ tab: Tab) -> [Effect] {
        self.tab = tab
        if tab == .more, let more = shownStack.first, shownStack.count == 1 {
            // Its hidden stories may have changed since (d, u): asked again, from the cache.
            shownStack[0].loading = true
            return [.loadTerms(more.id, .more, refresh: false)]
        }
        guard stacks[tab] == nil else {
            if tab == .search && shownStack.isEmpty { search.editing = true }
            return []
        }
        let content: Screen.Content
        switch tab {
        case .featured: content = .stories(StoryListContent(title: "Featured", request: .featured))
        case .latest: content = .stories(StoryListContent(title: "Latest", request: .latest))
        case .categories: content = .terms(TermListContent(kind: .categories))
        case .tags: content = .terms(TermListContent(kind: .tags))
        case .more: content = .terms(TermListContent(kind: .more))
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

    mutating func push(_ content: Screen.Content, loading: (ScreenID) -> [Effect]) -> [Effect] {
        let id = ScreenID(value: nextScreenID)
        nextScreenID += 1
        let effects = loading(id)
        stacks[tab, default: []].append(Screen(id: id, content: content, loading: !effects.isEmpty))
        return effects
    }

    mutating func pushReader(for story: Story) -> [Effect] {
        let password = passwords[story.id]
        return push(.reader(ReaderContent(title: story.title, story: story, link: story.link))) { id in
            [Self.loadArticle(id, story: story, password: password, refresh: false)]
        }
    }

    /// A story's article, with its password when one was given in this run.
    static func loadArticle(_ id: ScreenID, story: Story, password: String?, refresh: Bool) -> Effect {
        password.map { .unlockArticle(id, storyID: story.id, password: $0, refresh: refresh) } ?? .loadArticle(id, storyID: story.id, refresh: refresh)
    }

    /// Back one screen; a tab's first screen stays.
    mutating func pop() {
        guard shownStack.count > 1 || tab == .search && !shownStack.isEmpty else { return }
        shownStack.removeLast()
    }

    mutating func replaceTop(_ screen: Screen) {
        guard let index = shownStack.lastIndex(where: { $0.id == screen.id }) else { return }
        shownStack[index] = screen
    }

    /// Runs `change` on the screen with this id, wherever it is; an answer for a screen that
    /// has been left changes nothing.
    mutating func changeScreen(_ id: ScreenID, _ change: (inout Screen, inout AppState) -> [Effect]) -> [Effect] {
        for (openTab, stack) in stacks {
            guard let index = stack.firstIndex(where: { $0.id == id }) else { continue }
            var screen = stack[index]
            let effects = change(&screen, &self)
            screen = keepingCursorInView(screen)
            stacks[openTab]?[index] = screen
            return effects
        }
        return []
    }

    /// Changes every story list of every tab (a story hidden, read marks changed).
    mutating func changeEveryList(_ change: (inout StoryListContent) -> Void) {
        for (openTab, stack) in stacks {
            stacks[openTab] = stack.map { screen in
                guard case .stories(var list) = screen.content else { return screen }
                var screen = screen
                let selected = list.story(atRow: screen.cursor)?.id
                change(&list)
                screen.content = .stories(list)
                screen.cursor = list.row(of: selected) ?? min(screen.cursor, max(list.rows.count - 1, 0))
                return keepingCursorInView(screen)
            }
        }
    }

    /// The first row shown moves so that the cursor is on screen.
    func keepingCursorInView(_ screen: Screen) -> Screen {
        var screen = screen
        switch screen.content {
        case .stories:
            screen.top = min(max(screen.top, screen.cursor - visibleStories + 1), screen.cursor)
        case .terms(let terms) where terms.kind == .tags:
            let line = cloudLines(terms.rows).firstIndex { $0.contains(screen.cursor) } ?? 0
            screen.top = min(max(screen.top, line - contentHeight + 1), line)
        case .terms:
            screen.top = min(max(screen.top, screen.cursor - contentHeight + 1), screen.cursor)
        case .reader(let reader):
            screen.top = min(screen.top, max(reader.lines.count - contentHeight, 0))
        }
        screen.top = max(screen.top, 0)
        return screen
    }

    // MARK: The tag cloud

    /// The cloud's words, line by line, as row indices: the view draws these lines.
    func cloudLines(_ rows: [TermRow]) -> [[Int]] {
        // A screen reader reads the line under the cursor: the accessible cloud has a tag a line.
        if accessible { return rows.indices.map { [$0] } }
        return TagCloudView.flow(widths: rows.map { DisplayWidth.of($0.label) }, width: width)
    }

    /// Arrows in the cloud: left and right along the words, up and down to the word nearest
    /// above or below.
    private func movedInCloud(_ action: Action, _ rows: [TermRow], from cursor: Int) -> Int? {
        let last = max(rows.count - 1, 0)
        switch action {
        case .left: return max(cursor - 1, 0)
        case .right: return min(cursor + 1, last)
        case .top: return 0
        case .bottom: return last
        case .down, .up, .pageDown, .pageUp: break
        default: return nil
        }
        let lines = cloudLines(rows)
        guard let line = lines.firstIndex(where: { $0.contains(cursor) }) else { return cursor }
        let step = switch action {
        case .down: 1
        case .up: -1
        case .pageDown: contentHeight
        default: -contentHeight
        }
        let target = min(max(line + step, 0), lines.count - 1)
        guard target != line else { return cursor }
        let column = cloudColumn(of: cursor, in: lines[line], rows)
        return lines[target].min { abs(cloudColumn(of: $0, in: lines[target], rows) - column) < abs(cloudColumn(of: $1, in: lines[target], rows) - column) } ?? cursor
    }

    /// Where a word's middle is on its line.
    private func cloudColumn(of row: Int, in line: [Int], _ rows: [TermRow]) -> Int {
        var column = 0
        for index in line {
            let wordWidth = DisplayWidth.of(rows[index].label)
            if index == row { return column + wordWidth / 2 }
            column += wordWidth + TagCloudView.gap
        }
        return column
    }
}
