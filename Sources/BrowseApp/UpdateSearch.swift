import NewsCore
import TerminalInput
import TerminalRender

/// The Search tab: the query field, searched as it is typed, and its results.
extension AppState {
    /// The field and its results are on screen: the Search tab with no story opened over them.
    var isSearchFieldShown: Bool {
        tab == .search && (stacks[.search]?.isEmpty ?? true)
    }

    /// The Search tab, opened with this text in the field (`wpnews search`).
    public mutating func startSearching(_ text: String) -> [Effect] {
        let effects = start(on: .search)
        search.editor = LineEditor(text: text)
        return effects + [.search(text)]
    }

    /// The results without the stories hidden in this session (the site's answer came before).
    func withoutHidden(_ state: LiveSearchState) -> LiveSearchState {
        guard case .results(let results) = state.phase, !hidden.isEmpty else { return state }
        let hiddenIDs = Set(hidden.map(\.id))
        let hits = results.hits.filter { if case .story(let story) = $0 { !hiddenIDs.contains(story.id) } else { true } }
        return LiveSearchState(query: state.query, phase: .results(SearchResults(
            query: results.query, hits: hits, page: results.page, lastPage: results.lastPage, perPage: results.perPage, total: results.total,
            totalPages: results.totalPages, origin: results.origin, hiddenCount: results.hiddenCount + results.hits.count - hits.count)))
    }

    /// Keys for the query field while it has them; nil for keys the field leaves to the app.
    mutating func pressInSearchField(_ key: Key) -> [Effect]? {
        switch key {
        case .escape:
            search.editing = false
        case .up, .control("p"):
            search.selection = max(search.selection - 1, 0)
        case .down, .control("n"):
            search.selection = min(search.selection + 1, max(search.hits.count - 1, 0))
            return askForMoreResults()
        case .enter:
            return openSelectedHit()
        case .tab, .backTab:
            return nil
        default:
            var editor = search.editor
            guard editor.apply(key) else { return [] }
            search.editor = editor
            return [.search(editor.text)]
        }
        return []
    }

    /// List keys on the results, once Esc has left the field.
    mutating func performInSearchResults(_ action: Action) -> [Effect]? {
        let last = max(search.hits.count - 1, 0)
        switch action {
        case .down: search.selection = min(search.selection + 1, last)
        case .up: search.selection = max(search.selection - 1, 0)
        case .pageDown: search.selection = min(search.selection + searchScreen.resultsShown, last)
        case .pageUp: search.selection = max(search.selection - searchScreen.resultsShown, 0)
        case .top: search.selection = 0
        case .bottom: search.selection = last
        case .open: return openSelectedHit()
        case .find: search.editing = true
        case .toggleDensity: switchDensity()
        case .close: return [.quit]
        case .openInBrowser, .copyLink:
            guard search.hits.indices.contains(search.selection) else { return [] }
            switch search.hits[search.selection] {
            case .story(let story): return linkAction(action, story.link)
            case .page(_, _, let link): return linkAction(action, link)
            }
        default: return nil
        }
        return askForMoreResults()
    }

    /// Within a screen of the last result, the next page is asked for, once, as a list does.
    private mutating func askForMoreResults() -> [Effect] {
        guard !search.loadingMore, case .results(let results)? = search.state?.phase, results.hasMorePages,
              search.selection >= search.hits.count - searchScreen.resultsShown else { return [] }
        search.loadingMore = true
        return [.searchMore]
    }

    mutating func openSelectedHit() -> [Effect] {
        guard search.hits.indices.contains(search.selection) else { return [] }
        switch search.hits[search.selection] {
        case .story(let story): return pushReader(for: story)
        case .page(let id, let title, let link):
            return push(.reader(ReaderContent(title: title, story: nil, pageID: id, link: link))) { screen in [.loadPage(screen, pageID: id)] }
        }
    }
}
