import NewsCore
import Synchronization
import TerminalRender

/// What a story list is of, once the site has told: its query, and the place the empty
/// state names ("No stories in Opinion yet.").
struct ListChoice: Sendable {
    let query: @Sendable (_ page: Int) -> ListQuery
    let emptyPlace: String
}

/// How the story-list commands print a page: the list (or one JSON array), the empty state,
/// how to get the next page; then the shown stories count as seen.
struct StoryListPrinter {
    let context: CommandContext
    let content: SiteContent
    let options: ListOptions
    /// Which list a page is, so `read -n` can find its stories.
    let query: @Sendable (_ page: Int) -> ListQuery
    /// The command's name and what it lists, for the "next page" hint.
    let command: String
    /// What the list is of, for the empty state: "No stories in Opinion yet."
    var emptyPlace = "here"

    /// The stories printed so far, numbered as printed (all pages of `--all`).
    private let printed = PrintedItems()

    /// A story-list command from start to end: `choose` finds what the list is of (a tag or
    /// an author may need a lookup first); `command` is how the user would type it again.
    static func run(
        _ context: CommandContext, _ options: ListOptions, _ fetch: FetchOptions, command: String,
        choose: (SiteContent) async throws -> ListChoice
    ) async throws {
        let content = try context.content(mode: fetch.mode)
        let window = try options.dates.window(dates: context.relativeDates)
        let choice = try await choose(content)
        let query = choice.query
        var printer = StoryListPrinter(context: context, content: content, options: options, query: { query($0).within(window) }, command: command)
        printer.emptyPlace = choice.emptyPlace
        try await printer.show(mode: fetch.mode)
    }

    /// The page asked for, or with `--all` every page, of a list its query fully describes.
    func show(mode: FetchMode) async throws {
        let (content, query, detail) = (content, query, context.storyDetail)
        try await show(mode: mode) { page in try await content.stories(query(page), detail: detail) }
    }

    /// Fetches and prints the page asked for, or with `--all` every page.
    func show(mode: FetchMode, _ fetch: @escaping @Sendable (_ page: Int) async throws -> StoryList) async throws {
        let first = try await fetch(options.all ? 1 : options.page)
        context.reportOrigin(first.origin, mode: mode)
        if query(1).window != nil, await content.readsDatesFromCache {
            context.output.note(Self.datesFromCacheNote)
        }
        if options.all {
            try await StoryListWalker(printer: self, fetch: fetch).run(first: first)
        } else {
            try print(first)
        }
        if !context.options.json { printed.remember(in: content, via: try context.siteSelection().via, context: context) }
    }

    /// The stories of a page that are printed: not the read ones with `--unread`.
    func shown(of list: StoryList) -> [Story] {
        list.stories.filter(options.showing.shows)
    }

    /// Prints a page (or its empty state) and counts its stories as seen.
    /// `alone`: false when `--all` prints page after page (no footer, no gaps in numbering).
    func print(_ list: StoryList, alone: Bool = true) throws {
        let shown = shown(of: list)
        if context.options.json {
            return try printJSON(shown)
        }
        let footer = alone ? footer(for: list).map(ListFooter.lines) ?? [] : []
        guard !shown.isEmpty || !alone else {
            let message = options.showing.emptyMessage(place: emptyPlace, listed: !list.stories.isEmpty, hidden: list.hiddenCount)
            // The footer still says where the next page is: the stories may be there.
            context.print([StyledLine([Span(message)])] + footer)
            return
        }
        let separator = alone || list.page == 1 || shown.isEmpty || options.showing.compact ? [] : [StyledLine()]
        context.print(separator + context.storyListView(compact: options.showing.compact).lines(for: list, showing: shown) + footer)
        printed.append(StoryListView.numbered(list, showing: shown).map { ($0.number, .story, $0.story.id) })
        context.markSeen(shown, in: content)
    }

    /// A script reading the list does not count as the user seeing it.
    func printJSON(_ stories: [Story]) throws {
        try context.printJSON(stories.map(StoryJSON.init))
    }

    func footer(for list: StoryList) -> [String]? {
        ListFooter(command: repeatedCommand, width: context.width)
            .texts(page: list.page, totalPages: list.totalPages, hasNextPage: list.hasNextPage, hidden: list.hiddenCount)
    }

    /// The command as the user would type it again, with the options that change the list.
    private var repeatedCommand: String {
        var words = [command]
        if let site = context.options.site { words += ["--site", Self.shellQuoted(site)] }
        return (words + options.showing.repeatedWords + options.dates.repeatedWords).joined(separator: " ")
    }

    /// Said when a dated list of a site read through its feed comes from the cache.
    static let datesFromCacheNote = "the site is read through its feed, which cannot be asked by date: showing the stories of those dates the cache holds"

    /// A word a shell reads back as it is: quoted when it holds anything but safe characters.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:@%+=,".contains($0)) }
        return safe && !word.isEmpty ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}

/// What a command printed as a numbered list, gathered page by page and remembered at the
/// end for `read -n` (the last list printed as text wins, whatever printed it).
final class PrintedItems: Sendable {
    private let items = Mutex<[(number: Int, kind: ShownList.Item.Kind, id: Int)]>([])

    func append(_ numbered: [(number: Int, kind: ShownList.Item.Kind, id: Int)]) {
        items.withLock { $0 += numbered }
    }

    func remember(in content: SiteContent, via: SiteVia, context: CommandContext) {
        context.rememberShown([PrintedLines(content: content, via: via, numbered: items.withLock { $0 })], in: content)
    }
}
