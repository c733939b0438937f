import NewsCore
import TerminalInput
import TerminalRender

/// Story lists: pages arriving, infinite scroll, hiding, read marks, the filter.
extension AppState {
    var visibleStories: Int { max(contentHeight / rowsPerStory, 1) }

    mutating func performInList(_ action: Action, _ screen: inout Screen) -> [Effect]? {
        guard case .stories(var list) = screen.content else { return nil }
        let story = list.story(atRow: screen.cursor)
        switch action {
        case .open:
            return story.map { pushReader(for: $0) } ?? []
        case .refresh:
            screen.loading = true
            if let dated = list.dated { return [.loadDatedList(screen.id, list.request, .older(before: dated.before, page: 1), refresh: true)] }
            return [.loadList(screen.id, list.request, page: 1, refresh: true)]
        case .goToDate:
            return askForDate(in: list)
        case .openInBrowser, .copyLink:
            return story.map { linkAction(action, $0.link) } ?? []
        case .hide:
            guard let story else { return [] }
            hidden.append(story)
            showEveryListAgain(with: &screen)
            search.state = search.state.map(withoutHidden)
            status = "hidden (\(keys.names(of: .undo)) undoes, More unhides): " + story.displayTitle
            return [.setHidden(story, true)]
        case .undo:
            guard let story = hidden.popLast() else {
                status = "nothing to undo"
                return []
            }
            showEveryListAgain(with: &screen)
            status = "back: " + story.displayTitle
            return [.setHidden(story, false)]
        case .save:
            return story.map { toggleSaved($0) } ?? []
        case .toggleRead:
            guard let story else { return [] }
            let read = !isRead(story)
            readMarks[story.id] = read
            // The row stays where it is until the list is shown again, even with unread only on.
            return [.setRead([story], read)]
        case .markAllRead:
            let stories = list.rows.map { list.stories[$0] }.filter { !isRead($0) }
            for story in stories { readMarks[story.id] = true }
            status = stories.isEmpty ? "every story here is read already" : "\(stories.count) marked read"
            return stories.isEmpty ? [] : [.setRead(stories, true)]
        case .unreadOnly:
            unreadOnly.toggle()
            status = unreadOnly ? "unread stories only (\(keys.names(of: .unreadOnly)) shows all)" : "all stories"
            showEveryListAgain(with: &screen)
            return []
        case .toggleDensity:
            switchDensity()
            screen = shownStack.last { $0.id == screen.id } ?? screen
            return []
        case .find:
            // A new filter, typed from empty: the footer shows the one in force.
            prompt = Prompt(purpose: .filter, editor: LineEditor())
            return []
        case .back where !list.filter.isEmpty:
            list.filter = ""
            list.rows = rows(of: list)
            screen.content = .stories(list)
            return []
        default:
            return nil
        }
    }

    /// Compact rows or cards, in every list (the search results too): each keeps its selected
    /// story where it was on screen, as near as the new height of a row lets it.
    mutating func switchDensity() {
        let before = visibleStories
        density = density == .compact ? .cards : .compact
        let after = visibleStories
        for (openTab, stack) in stacks {
            stacks[openTab] = stack.map { screen in
                guard case .stories = screen.content else { return screen }
                var screen = screen
                screen.top = max(screen.cursor - (screen.cursor - screen.top) * after / before, 0)
                return keepingCursorInView(screen)
            }
        }
        let key = keys.names(of: .toggleDensity)
        status = switch (accessible, density) {
        case (false, .compact): "a line a story (\(key) shows cards)"
        case (false, .cards): "cards (\(key) shows a line a story)"
        // A story is a line either way: what changes is whether its excerpt is read with it.
        case (true, .compact): "sentences without the excerpt (\(key) adds it)"
        case (true, .cards): "each sentence ends with the story's excerpt (\(key) takes it away)"
        }
    }

    /// `s`, in a list or the reader: the story saved, or saved no more. Its mark shows at once.
    mutating func toggleSaved(_ story: Story) -> [Effect] {
        let saved = !isSaved(story)
        savedMarks[story.id] = saved
        status = (saved ? "saved (More lists saved stories): " : "unsaved: ") + story.displayTitle
        return [.setSaved(story, saved)]
    }

    /// After a hide, an undo or `U`: every list is shown again, this screen (being changed by
    /// the caller) with them.
    private mutating func showEveryListAgain(with screen: inout Screen) {
        let index = shownStack.lastIndex { $0.id == screen.id }
        if let index { shownStack[index] = screen }
        let hiddenIDs = Set(hidden.map(\.id))
        let unreadOnly = unreadOnly
        let readMarks = readMarks
        changeEveryList { list in list.rows = Self.rows(of: list, hiding: hiddenIDs, unreadOnly: unreadOnly, readMarks: readMarks) }
        if let index { screen = shownStack[index] }
    }

    /// The rows a list shows: not hidden, matching the filter, and unread when only those are.
    func rows(of list: StoryListContent) -> [Int] {
        Self.rows(of: list, hiding: Set(hidden.map(\.id)), unreadOnly: unreadOnly, readMarks: readMarks)
    }

    private static func rows(of list: StoryListContent, hiding hiddenIDs: Set<Int>, unreadOnly: Bool, readMarks: [Int: Bool]) -> [Int] {
        let words = list.filter.split(separator: " ").map(String.init)
        return list.stories.indices.filter { index in
            let story = list.stories[index]
            guard !hiddenIDs.contains(story.id), !(unreadOnly && readMarks[story.id] ?? story.state.isRead) else { return false }
            if words.isEmpty { return true }
            let text = [story.title, story.excerpt, story.author?.name ?? ""].joined(separator: " ")
            return words.allSatisfy { ListFilter.matches(text, $0) }
        }
    }

    mutating func received(_ list: StoryList, refreshed: Bool, on screen: inout Screen) -> [Effect] {
        guard case .stories(var content) = screen.content else { return [] }
        // A later page that left before a refresh came back belongs to the list it left.
        guard list.page == 1 || list.page == content.pagesLoaded + 1 else { return [] }
        if refreshed, case .staleCache = list.origin, !content.stories.isEmpty {
            // The refresh failed: the pages on screen stay, the cursor where it was.
            content.origin = list.origin
            screen.content = .stories(content)
            screen.loading = false
            sayWhyTheSiteWasNotRead(list.origin)
            return []
        }
        let selected = content.story(atRow: screen.cursor)?.id
        let rowsBefore = content.rows.count
        if list.page == 1 {
            let before = Set(content.stories.map(\.id))
            content.arrived = refreshed && !before.isEmpty ? Set(list.stories.map(\.id)).subtracting(before) : []
            if !content.arrived.isEmpty { flashUntil = ticks + Self.flashTicks }
            // A refresh keeps the pages loaded below the first, so the cursor keeps its story.
            let fresh = Set(list.stories.map(\.id))
            content.stories = list.stories + (refreshed ? content.stories.filter { !fresh.contains($0.id) } : [])
        } else {
            let known = Set(content.stories.map(\.id))
            content.stories += list.stories.filter { !known.contains($0.id) }
        }
        if refreshed {
            // A refresh says again what is read: the marks of this session are in the store now.
            for story in list.stories { readMarks[story.id] = nil }
        }
        content.rows = rows(of: content)
        content.pagesLoaded = refreshed ? max(list.page, content.pagesLoaded) : list.page
        content.totalPages = list.totalPages
        // A list read through a feed has no pages to come: what it holds is all the cache
        // has of it, the hidden stories with them.
        content.total = list.total ?? (list.totalPages == nil ? list.stories.count + list.hiddenCount : nil)
        content.origin = list.origin
        screen.content = .stories(content)
        // The cursor stays on its story, so the list never jumps under it.
        screen.cursor = content.row(of: selected) ?? min(list.page == 1 ? 0 : screen.cursor, max(content.rows.count - 1, 0))
        screen.loading = false
        screen.error = nil
        sayWhyTheSiteWasNotRead(list.origin)
        // A page that added rows may still leave the screen short: the next is due now. One
        // that added none (a filter matching nothing) waits for a key, or a filter would
        // walk the whole archive.
        return list.page > 1 && content.rows.count == rowsBefore ? [] : askForMore(&screen)
    }

    mutating func sayWhyTheSiteWasNotRead(_ origin: StoryList.Origin?) {
        guard case .staleCache(let fetchedAt, let reason) = origin else { return }
        // The retry hint first: a long reason may be cut, and the tab bar says the age too.
        status = "Could not reach the site (\(keys.names(of: .refresh)) to retry): \(reason); showing the copy from \(dates.describe(fetchedAt))."
    }

    /// Infinite scroll: within a screen of the last story loaded, the next page is asked for,
    /// once: the screen waits for it until it comes. Not while a filter is on: it narrows
    /// the stories loaded, and would otherwise walk the archive a page a key.
    func askForMore(_ screen: inout Screen) -> [Effect] {
        guard !screen.loading, case .stories(let list) = screen.content, list.hasMore, list.filter.isEmpty,
              screen.cursor >= list.rows.count - visibleStories else { return [] }
        screen.loading = true
        let page = list.pagesLoaded + 1
        if let dated = list.dated { return [.loadDatedList(screen.id, list.request, .older(before: dated.before, page: page), refresh: false)] }
        return [.loadList(screen.id, list.request, page: page, refresh: false)]
    }

    mutating func clearArrivals() {
        changeEveryList { $0.arrived = [] }
    }

    // MARK: The status line's prompt

    /// Keys while a filter or a search in the article is typed: Enter keeps it, Esc drops it.
    mutating func typeInPrompt(_ key: Key) -> [Effect] {
        guard var prompt else { return [] }
        if case .followSite(let url) = prompt.purpose { return typeSiteToFollow(key, url: url) }
        switch key {
        case .enter:
            self.prompt = nil
            return apply(prompt, committed: true)
        case .escape:
            self.prompt = nil
            prompt.editor = LineEditor()
            return apply(prompt, committed: true)
        default:
            guard prompt.editor.apply(key) else { return [] }
            self.prompt = prompt
            // The filter narrows the list as it is typed; the article is searched on Enter.
            return prompt.purpose == .filter ? apply(prompt, committed: false) : []
        }
    }

    private mutating func apply(_ prompt: Prompt, committed: Bool) -> [Effect] {
        guard var screen else { return [] }
        switch (prompt.purpose, screen.content) {
        case (.filter, .stories(var list)):
            let selected = list.story(atRow: screen.cursor)?.id
            list.filter = prompt.editor.text
            list.rows = rows(of: list)
            screen.content = .stories(list)
            screen.cursor = list.row(of: selected) ?? 0
        case (.filter, .terms(var terms)):
            let effects = filter(&terms, by: prompt.editor.text, on: &screen)
            replaceTop(keepingCursorInView(screen))
            return effects
        case (.goToDate, .stories):
            return goToDate(prompt.editor.text)
        case (.find, .reader):
            guard committed else { return [] }
            find(prompt.editor.text, in: &screen)
        case (.password, .reader(let reader)):
            // Esc leaves the story as it is: r asks for the password again.
            guard let story = reader.story, !prompt.editor.text.isEmpty else { return [] }
            passwords[story.id] = prompt.editor.text
            screen.loading = true
            screen.error = nil
            replaceTop(screen)
            return [.unlockArticle(screen.id, storyID: story.id, password: prompt.editor.text, refresh: false)]
        default:
            return []
        }
        let more = askForMore(&screen)
        replaceTop(keepingCursorInView(screen))
        return more
    }
}
