import NewsCore
import TerminalInput
import TerminalRender

/// What happens to the app: a key, a new window size, an answer to an effect (tagged with
/// the screen that asked, so an answer for a screen already left is dropped).
public enum AppEvent: Sendable {
    case key(Key)
    /// A click, read against the map of the frame it was made on.
    case mouse(MouseReport, ScreenMap)
    case resized(width: Int, height: Int)
    case listLoaded(ScreenID, StoryList, refreshed: Bool)
    /// The stories just above the first of a list opened at a date, oldest first.
    case newerLoaded(ScreenID, StoryList)
    case termsLoaded(ScreenID, [TermRow])
    /// `link`: the address of the story or page, for its relative links, `o` and `y`;
    /// `readThroughFeed`: the story's site has no lists by author.
    case articleLoaded(ScreenID, html: String, story: Story?, link: String?, readThroughFeed: Bool = false)
    /// What a link followed from that screen names; nil when it is no story or page of a
    /// followed site, or could not be looked up: it goes to the browser.
    case linkFollowed(ScreenID, address: String, FollowedLink?)
    case commentsLoaded(ScreenID, [Comment])
    /// The article read from the story's own web page; nil, with the notice saying why, when
    /// the summary stays.
    case fullTextLoaded(ScreenID, html: String?, notice: String?)
    /// A picture of the article on that screen, drawn for the width it asked.
    case pictureLoaded(ScreenID, PictureSlot, ReaderPicture)
    case failed(ScreenID, String)
    /// The story on that screen is password-protected; `wrong`: the password given was not right.
    case passwordNeeded(ScreenID, wrong: Bool)
    case searchChanged(LiveSearchState)
    /// The site's tags whose names hold what the Tags tab's filter had when it asked.
    case tagsFound(LiveTagSearchState)
    /// A notice from below (a fallback, a cache recovered): the status line says it.
    case notice(String)
    /// The story could not be saved, and why: its `*` is taken back.
    case saveFailed(Story, String)
    /// An answer with no origin of its own (terms, pages) came from this copy: the site
    /// could not be reached.
    case copyServed(StoryList.Origin)
    /// A site was followed from More; `line` says so ("added 'campus': …").
    case siteFollowed(line: String)
    /// The timer, while `AppState.wantsTicks`: the spinner turns, a flash ends.
    case tick
}

/// Whose comments the reader asks for: a story's, or a page's of the site.
public enum Commented: Sendable, Hashable {
    case story(Story)
    case protectedStory(Story, password: String)
    case page(id: Int)
}

/// What `update` asks the runtime to do.
public enum Effect: Sendable, Hashable {
    /// A page of a story list; `refresh` asks the site even when the cache is fresh.
    case loadList(ScreenID, ListRequest, page: Int, refresh: Bool)
    /// A page of a story list opened at a date (`:`), going down or up from it.
    case loadDatedList(ScreenID, ListRequest, DatedPage, refresh: Bool)
    case loadTerms(ScreenID, TermList, refresh: Bool)
    case loadArticle(ScreenID, storyID: Int, refresh: Bool)
    /// A password-protected story, read with its password; `refresh` as for `loadArticle`.
    case unlockArticle(ScreenID, storyID: Int, password: String, refresh: Bool)
    case loadPage(ScreenID, pageID: Int)
    case loadComments(ScreenID, Commented)
    /// The story's article from its own web page (`F`).
    case loadFullText(ScreenID, storyID: Int)
    /// The article's pictures, each slot answered as it is drawn, in at most this many cells;
    /// `sources`: the sizes they come in (`srcset`).
    case loadPictures(ScreenID, slots: [PictureSlot], sources: [String: ImageSources], columns: Int, rows: Int)
    case setRead([Story], Bool)
    case setHidden(Story, Bool)
    case unhide(storyID: Int)
    /// Saves the story with its article, or forgets it.
    case setSaved(Story, Bool)
    /// A saved story's kept article, of any site: read from the user's data, never the network.
    case loadSaved(ScreenID, siteRoot: String, storyID: Int)
    /// An `http(s)` address in an article: looked up among the followed sites' stories and
    /// the site's pages (`AppEvent.linkFollowed` answers).
    case followLink(ScreenID, String)
    /// An `http(s)` address for `$BROWSER` or `xdg-open`.
    case openInBrowser(String)
    /// A link for the terminal's clipboard (OSC 52).
    case copy(String)
    /// Follows the site at `url` as `wpnews sites add` does, under `name` (nil: one made
    /// from its title or address).
    case followSite(url: String, name: String?)
    /// Another followed site, by name: the app starts again on it.
    case switchSite(String)
    case search(String)
    /// The next page of the search results, under them.
    case searchMore
    /// The site's tags by name, for the Tags tab's filter.
    case searchTags(String)
    /// Ctrl-Z: the terminal given back and the job stopped until `fg`.
    case suspend
    case quit
}
