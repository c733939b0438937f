import NewsCore
import TerminalRender

/// What happens to the app: a key, a new window size, an answer to an effect (tagged with
/// the screen that asked, so an answer for a screen already left is dropped).
public enum AppEvent: Sendable {
    case key(Key)
    case resized(width: Int, height: Int)
    case listLoaded(ScreenID, StoryList, refreshed: Bool)
    case termsLoaded(ScreenID, [TermRow])
    case articleLoaded(ScreenID, html: String, story: Story?)
    case failed(ScreenID, String)
    case searchChanged(LiveSearch.State)
    /// A notice from below (a fallback, a cache recovered): the status line says it.
    case notice(String)
}

/// What `update` asks the runtime to do.
public enum Effect: Sendable, Hashable {
    /// A page of a story list; `refresh` asks the site even when the cache is fresh.
    case loadList(ScreenID, ListRequest, page: Int, refresh: Bool)
    case loadTerms(ScreenID, TermList, refresh: Bool)
    case loadArticle(ScreenID, storyID: Int, refresh: Bool)
    case loadPage(ScreenID, pageID: Int)
    case markRead(Story)
    case search(String)
    case quit
}
