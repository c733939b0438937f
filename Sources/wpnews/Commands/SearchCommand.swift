import CommandLineParsing
import NewsCore
import TerminalRender
import WordPressAPI

struct SearchCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "search",
        abstract: "Search the site's stories, most relevant first; on a terminal with no words, live.",
        discussion: """
            Live search is the Search tab of the app (`wpnews browse`): it searches as you \
            type, Up/Down (Ctrl-P/Ctrl-N) select, Enter reads, Esc gives the list keys (q \
            quits, / returns to the field), Ctrl-C quits. When the site cannot be reached, the cached stories are \
            searched instead.

            Examples:
              wpnews search "city council"
              wpnews search council --pages --json
              wpnews search                    # live
              wpnews search --live coun        # live, starting with "coun"
            """,
        arguments: [ArgumentDescription("query", optional: true, help: "The words to search for.")],
        options: [
            .flag("live", help: "Search as you type (the default on a terminal with no words)."),
            .flag("pages", help: "Also the site's pages, marked as pages."),
            .value("page", default: "1", takesDashedValue: true, help: "The page of results to show, from 1."),
            .value("per-page", default: "10", takesDashedValue: true, help: "Results per page, 1 to 100."),
            .flag("compact", help: "One line a result: its number, date (or \"page\") and title (--json is unchanged)."),
        ] + DateWindowOptions.descriptions + FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let query: String?
    let live: Bool
    let pages: Bool
    let page: Int
    let perPage: Int
    let compact: Bool
    let dates: DateWindowOptions
    let fetch: FetchOptions
    let global: GlobalOptions

    /// Live search is the app, which draws pictures; a search printed as a list draws none.
    var settingsNeed: SettingsNeed { live || query == nil ? .app : .stories }

    init(_ arguments: ParsedArguments) throws {
        query = arguments.argument("query")
        live = arguments.flag("live")
        pages = arguments.flag("pages")
        page = try arguments.valueOrDefault("page", as: Int.init)
        perPage = try arguments.valueOrDefault("per-page", as: Int.init)
        compact = arguments.flag("compact")
        dates = try DateWindowOptions(arguments)
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
        guard page >= 1 else { throw UsageError("--page must be 1 or more, not \(page)") }
        guard (1...100).contains(perPage) else { throw UsageError("--per-page must be between 1 and 100, not \(perPage)") }
        if let query, query.trimmingCharacters(in: .whitespaces).isEmpty, !live {
            throw UsageError("give the words to search for")
        }
        if !dates.isOpen && (pages || live || query == nil) {
            throw UsageError("--before and --after search stories by their words: not with --pages (pages have no dates to ask by) nor live")
        }
    }

    func run(context: CommandContext) async throws {
        if live || query == nil {
            guard context.terminal.isInteractive, !global.json else {
                throw UsageError("give the words to search for: live search needs a terminal (and no --json)")
            }
            // The app's Search tab: one live search in the code base.
            let status = try await AppRuntime(context: context, mode: fetch.mode, searchesPages: pages)
                .run(.search(try context.siteSelection(), text: query ?? ""))
            if status != 0 { throw ExitStatus(code: status) }
            return
        }
        let content = try context.content(mode: fetch.mode)
        let text = query ?? ""
        let window = try dates.window(dates: context.relativeDates)
        let results = try await content.search(text, includePages: pages, page: page, perPage: perPage, detail: context.storyDetail, window: window)
        report(results.origin, context: context, mode: fetch.mode)
        if global.json { return try context.printJSON(results.hits.map(SearchHitJSON.init)) }
        let printed = PrintedItems()
        // `content` came from the resolved site, so its selection cannot fail here.
        defer { printed.remember(in: content, via: (try? context.siteSelection().via) ?? .demo, context: context) }
        let footer = ListFooter(command: repeatedCommand, width: context.width)
            .texts(page: page, totalPages: results.totalPages, hasNextPage: results.hasMorePages, hidden: results.hiddenCount)
            .map(ListFooter.lines) ?? []
        guard !results.hits.isEmpty else {
            // Every hit may be a story the user hid, which the footer counts.
            return context.print([StyledLine([Span(SearchResultsView.noHits(query: text, hidden: results.hiddenCount))])] + footer)
        }
        context.print(SearchResultsView(list: context.storyListView(compact: compact)).lines(for: results) + footer)
        printed.append(results.numbered.map { number, hit in
            switch hit {
            case .story(let story): (number, .story, story.id)
            case .page(let id, _, _): (number, .page, id)
            }
        })
    }

    /// The search as the user would type it again, with the options that change its pages.
    private var repeatedCommand: String {
        var words = ["wpnews search", StoryListPrinter.shellQuoted(query ?? "")]
        if let site = global.site { words += ["--site", StoryListPrinter.shellQuoted(site)] }
        if pages { words.append("--pages") }
        return (words + ListShowing(perPage: perPage, unreadOnly: false, compact: compact).repeatedWords + dates.repeatedWords).joined(separator: " ")
    }

    private func report(_ origin: SearchResults.Origin, context: CommandContext, mode: FetchMode) {
        switch origin {
        case .list(let listOrigin):
            context.reportOrigin(listOrigin, mode: mode)
        case .fullText(let searched, let reason):
            context.output.note("offline: searching \(searched) cached stor\(searched == 1 ? "y" : "ies")" + (reason.map { ": " + $0 } ?? ""))
        case .keptItems(let searched):
            context.output.note("a web feed has no search of its own: searching the \(searched) stor\(searched == 1 ? "y" : "ies") kept of it")
        }
    }
}
