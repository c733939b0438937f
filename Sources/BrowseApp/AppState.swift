import NewsCore
import TerminalInput
import TerminalRender

/// Everything `wpnews browse` shows, as a value: the tabs, each with its stack of screens
/// (a list, a category's stories over it, a story over that), and the window's size.
/// Only `update` changes it; the runtime draws it and runs the effects `update` asks for.
public struct AppState: Sendable {
    public enum Tab: Int, CaseIterable, Sendable {
        case featured = 1, latest, categories, tags, search, more

        var title: String {
            switch self {
            case .featured: "Featured"
            case .latest: "Latest"
            case .categories: "Categories"
            case .tags: "Tags"
            case .search: "Search"
            case .more: "More"
            }
        }
    }

    public let siteName: String
    public let dates: RelativeDate
    public let keys: KeyMap
    public internal(set) var width: Int
    public internal(set) var height: Int
    public internal(set) var tab: Tab = .featured
    /// Each tab's screens, the top one shown; a tab's first screen is never popped.
    public internal(set) var stacks: [Tab: [Screen]] = [:]
    public internal(set) var search = SearchField()
    public internal(set) var status: String?
    public internal(set) var showsHelp = false
    /// The first line of the help shown: it scrolls when the window is short.
    public internal(set) var helpTop = 0
    /// A line typed on the status line: a list's filter or a search in the article.
    public internal(set) var prompt: Prompt?
    /// Read and unread marks given in this session, over what the lists came with.
    public internal(set) var readMarks: [Int: Bool] = [:]
    /// Saved and unsaved in this session (`s`), over what the lists came with.
    public internal(set) var savedMarks: [Int: Bool] = [:]
    /// The passwords given for protected stories, by story id: in memory only, for this run.
    var passwords: [Int: String] = [:]
    /// Stories hidden in this session, the last one last: `u` brings it back.
    public internal(set) var hidden: [Story] = []
    public internal(set) var unreadOnly = false
    /// Digits typed in the reader: the number of the link Enter follows.
    public internal(set) var linkNumber = ""
    /// Counts the timer's ticks while something waits (the spinner turns) or flashes.
    public internal(set) var ticks = 0
    /// New rows of a refresh are highlighted until this tick.
    var flashUntil = 0
    var nextScreenID = 1

    /// `showsPictures`: the reader asks for the article's pictures after its text.
    public let showsPictures: Bool
    /// Story lists as a line a story or as cards (`v` switches).
    public internal(set) var density: ListDensity
    /// The reader's widest line (`[reader] max_width`); nil for the window's width.
    public let readerMaxWidth: Int?
    /// Clicks do something (`[app] mouse`); off, the runtime does not ask for them either.
    public let mouse: Bool
    /// For screen readers and braille displays (`--accessible`, `[app] accessible`): the
    /// cursor shown, a story a sentence, no box-drawing or block characters, nothing that
    /// moves or flashes but the status line. Pictures are drawn with block characters, so
    /// none are asked for.
    public let accessible: Bool

    public init(siteName: String, dates: RelativeDate, width: Int, height: Int, keys: KeyMap = KeyMap(), showsPictures: Bool = false,
                density: ListDensity = .compact, readerMaxWidth: Int? = 80, mouse: Bool = true, accessible: Bool = false) {
        self.mouse = mouse
        self.accessible = accessible
        self.showsPictures = showsPictures && !accessible
        self.density = density
        self.readerMaxWidth = readerMaxWidth
        self.siteName = siteName
        self.dates = dates
        self.width = width
        self.height = height
        self.keys = keys
    }

    public func isRead(_ story: Story) -> Bool {
        readMarks[story.id] ?? story.state.isRead
    }

    public func isSaved(_ story: Story) -> Bool {
        savedMarks[story.id] ?? story.state.isSaved
    }

    /// The runtime's timer runs only while this is true: a spinner to turn, rows to flash.
    public var wantsTicks: Bool {
        // The accessible layout's status line does not spin: a screen reader would read every turn.
        ticks < flashUntil || !accessible && (stacks.values.contains { $0.contains(where: \.loading) } || search.state?.phase == .searching)
    }

    /// Rows a refresh brought show highlighted for a moment, but not to a screen reader.
    var isFlashing: Bool { ticks < flashUntil && !accessible }

    /// The screen on top of the current tab's stack, if the tab has been opened.
    public var screen: Screen? { stacks[tab]?.last }

    /// The current tab's screens, bottom first: none while the tab has not been opened, so
    /// reading it cannot crash; writing it opens the tab.
    var shownStack: [Screen] {
        get { stacks[tab] ?? [] }
        set { stacks[tab] = newValue }
    }

    /// Rows between the tab bar and the status line.
    var contentHeight: Int { max(height - 2, 1) }

    /// The columns an article is laid out in: at most `readerMaxWidth`.
    var readerWidth: Int { min(readerMaxWidth ?? width, width) }

    /// The reader's left margin, so that a narrow text sits towards the middle of a wide
    /// window: half the room left over, but no more than half the text's width, so the
    /// text does not drift far from where the eye starts a line.
    var readerMargin: Int { min((width - readerWidth) / 2, readerWidth / 2) }
}

public struct ScreenID: Hashable, Sendable {
    public let value: Int
}

/// One screen of a tab: what it shows, where its cursor is, whether it waits for an answer.
public struct Screen: Sendable {
    public enum Content: Sendable {
        case stories(StoryListContent)
        case terms(TermListContent)
        case reader(ReaderContent)
    }

    public let id: ScreenID
    public internal(set) var content: Content
    /// The selected row (a story, a term) or, in the reader, the first line shown.
    public internal(set) var cursor = 0
    /// The first row shown.
    public internal(set) var top = 0
    public internal(set) var loading = true
    public internal(set) var error: String?

    /// What the moving keys move: the reader's first line, a list's cursor.
    var position: Int {
        get { if case .reader = content { top } else { cursor } }
        set { if case .reader = content { top = newValue } else { cursor = newValue } }
    }
}

/// What a story list asks the site for, page after page.
public enum ListRequest: Sendable, Hashable {
    case featured
    case latest
    case category(Category, descendants: [Int])
    case tag(Tag)
    case author(Author)
}

public struct StoryListContent: Sendable {
    public let title: String
    public let request: ListRequest
    /// Every story loaded, page after page.
    public internal(set) var stories: [Story] = []
    /// The rows on screen: indices into `stories`, without the hidden, the filtered out and,
    /// with `U`, the read. The cursor counts these rows.
    public internal(set) var rows: [Int] = []
    public internal(set) var filter = ""
    public internal(set) var pagesLoaded = 0
    public internal(set) var totalPages: Int?
    /// How many stories the list has on the site (`X-WP-Total`); nil while not known.
    public internal(set) var total: Int?
    public internal(set) var origin: StoryList.Origin?
    /// Ids that arrived with the last refresh and were not there before (shown highlighted).
    public internal(set) var arrived: Set<Int> = []
    /// Where the list was opened at a date (`:`); nil for a list from the newest story.
    public internal(set) var dated: ListDate?

    var hasMore: Bool { pagesLoaded < (totalPages ?? pagesLoaded) }

    /// The stories loaded of the list's total, `20 of 141`; only the count loaded while the
    /// total is not known, and nothing before the first page came.
    var totals: String? {
        guard pagesLoaded > 0 else { return nil }
        return total.map { "\(stories.count) of \($0)" } ?? String(stories.count)
    }

    public func story(atRow row: Int) -> Story? {
        rows.indices.contains(row) ? stories[rows[row]] : nil
    }

    /// Where a story is shown now: the cursor follows its story when rows come and go.
    func row(of storyID: Int?) -> Int? {
        storyID.flatMap { id in rows.firstIndex { stories[$0].id == id } }
    }
}

/// A row of the Categories, Tags or More tab, or of an article's links, and what Enter on
/// it does.
public struct TermRow: Sendable, Hashable {
    public enum Target: Sendable, Hashable {
        case stories(ListRequest)
        case page(id: Int, title: String)
        case site(name: String)
        case hidden(storyID: Int)
        /// A saved story, of any site: it opens from the copy kept with the user's data.
        case saved(siteRoot: String, storyID: Int, title: String)
        case link(String)
        /// The author, a category or a tag of the story read: its list opens.
        case headerLink(HeaderLink)
        /// More's "Follow a site…": asks for an address and a name.
        case followSite
        /// A section's title in the More tab: the cursor passes over it.
        case heading
    }

    /// What a key does to a heading's rows ("Enter unhides"): the key is named when the row
    /// is drawn, from the user's key map.
    public struct KeyNote: Sendable, Hashable {
        public let action: Action
        public let does: String

        public init(_ action: Action, does: String) {
            self.action = action
            self.does = does
        }
    }

    public let label: String
    public let depth: Int
    public let count: Int?
    /// A tag's weight in the cloud, 1 (lightest) to `TagCloud.levels`.
    public let level: Int?
    public let target: Target
    public let keyNote: KeyNote?

    public init(label: String, depth: Int = 0, count: Int? = nil, level: Int? = nil, target: Target, keyNote: KeyNote? = nil) {
        self.label = label
        self.depth = depth
        self.count = count
        self.level = level
        self.target = target
        self.keyNote = keyNote
    }
}

public enum TermList: Sendable, Hashable {
    case categories, tags, more
    /// An article's links: no request, the reader gives them.
    case links
}

public struct TermListContent: Sendable {
    public let kind: TermList
    /// The rows on screen: every row, or those `filter` keeps. The cursor counts these.
    public internal(set) var rows: [TermRow] = []
    /// What `/` narrows the rows to.
    public internal(set) var filter = ""
    /// Every row while a filter is on.
    var unfiltered: [TermRow]?
    /// The tags the site found by name for `filter` (Tags): the cloud holds only the heaviest.
    public internal(set) var found: [TermRow] = []
    /// The site is being asked for tags by name.
    public internal(set) var askingSite = false
}

/// An article (a story, or a page of the site) laid out at the window's width.
public struct ReaderContent: Sendable {
    public let title: String
    /// The story, for n/p and for marking it read; nil for a page of the site.
    public let story: Story?
    /// The page of the site shown, for its comments; nil for a story.
    public internal(set) var pageID: Int?
    /// The address its relative links are read against, and what `o` and `y` give.
    public internal(set) var link: String?
    /// The article, parsed once when it came (with the comments once they came): laid out
    /// again from this at each width.
    public internal(set) var article: Article?
    /// Why the article could not be read: the story's excerpt shows with it instead.
    var unreadable: String?
    /// Shown under the article once `c` has fetched them.
    public internal(set) var comments: [Comment]?
    /// The summary, kept while the article read from the story's web page shows (`F`): `F`
    /// again shows it back (`hadComments`: they are in it already).
    var summary: (article: Article, hadComments: Bool)?
    /// The article laid out at `laidOutWidth`, without pictures.
    var text = LaidOutArticle()
    /// The lines shown: `text`'s, with the pictures that came in place.
    public internal(set) var lines: [StyledLine] = []
    /// Where each of `text`'s lines is among `lines`.
    var shownLines: [Int] = []
    /// A search in the article: its text and the lines it is on.
    public internal(set) var find = ""
    public internal(set) var matches: [Int] = []
    /// Which of `matches` n and N went to last: its line shows the match reversed.
    var currentMatch = 0
    var laidOutWidth = 0
    /// The featured picture's address: known once the article came (lists do not name it).
    var featuredImage: String?
    /// The sizes its pictures come in, read with its text.
    var imageSources: [String: ImageSources] = [:]
    /// Pictures that came, drawn; each goes above its placeholder.
    var pictures: [PictureSlot: ReaderPicture] = [:]
    /// The graphics among them, by the line their first row is on.
    public internal(set) var placements: [Int: TerminalGraphics] = [:]

    /// The links of the article, numbered as the text numbers them.
    public var links: [String] { text.links }
    /// The header's names that open a list, numbered after `links`.
    public var headerLinks: [HeaderLink] { text.headerLinks }
    /// The story's site is read through its feed: its header numbers only what that can list.
    var readThroughFeed = false

    /// What the article's relative links are read against: a story's own address.
    var baseURL: String? { story?.link ?? link }
}

/// A line being typed on the status line.
public struct Prompt: Sendable {
    public enum Purpose: Sendable, Equatable {
        case filter, find
        /// The reader's story is protected; `again`: the last password was not right. What is
        /// typed is never shown.
        case password(again: Bool)
        /// The date a story list opens at (`:`).
        case goToDate
        /// A site to follow: its address first (`url` nil), then its name.
        case followSite(url: String?)
    }

    public let purpose: Purpose
    public internal(set) var editor: LineEditor
}

/// The Search tab's query field and what the live search last said.
public struct SearchField: Sendable {
    public internal(set) var editor = LineEditor()
    /// Typing goes to the field; after Esc, keys move through the results.
    public internal(set) var editing = true
    public internal(set) var state: LiveSearchState?
    public internal(set) var selection = 0
    /// The next page of results was asked for and has not come yet.
    public internal(set) var loadingMore = false

    var hits: [SearchResults.Hit] { state?.hits ?? [] }
}
