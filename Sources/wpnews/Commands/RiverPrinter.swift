import NewsCore
import TerminalRender

/// `latest --sites`: the followed sites' latest stories merged by date, each line naming its
/// site. A site that cannot be read is named on stderr and left out; the river fails only
/// when no site gave anything.
struct RiverPrinter {
    let context: CommandContext
    let options: ListOptions
    let mode: FetchMode
    /// The `--sites` value, for the "next page" hint.
    let sitesOption: String

    func show(_ selections: [SiteSelection]) async throws {
        let managers = try selections.map { try context.content(mode: mode, selection: $0) }
        let (perPage, detail) = (options.perPage, context.storyDetail)
        let window = try options.dates.window(dates: context.relativeDates)
        let river = River(sites: managers.map { content in
            { page in try await content.stories(ListQuery.latest(page: page, perPage: perPage).within(window), detail: detail) }
        }, perPage: perPage)
        let page = await river.page(options.page)
        let names = selections.map(\.label)
        try report(page.outcomes, names: names)
        if !window.isOpen {
            for (name, content) in zip(names, managers) where await content.readsDatesFromCache {
                context.output.note("\(name): " + StoryListPrinter.datesFromCacheNote)
            }
        }

        let shown = page.entries.filter { options.showing.shows($0.story) }
        if context.options.json {
            return try context.printJSON(shown.map { RiverStoryJSON(story: $0.story, site: names[$0.site]) })
        }
        let numbered = page.entries.enumerated().map { (number: (page.page - 1) * perPage + $0.offset + 1, entry: $0.element) }
            .filter { item in shown.contains(item.entry) }
        let footer = ListFooter(command: repeatedCommand, width: context.width)
            .texts(page: page.page, totalPages: page.totalPages, hasNextPage: page.hasNextPage, hidden: page.hiddenCount)
            .map(ListFooter.lines) ?? []
        guard let first = numbered.first else {
            return context.print([StyledLine([Span(options.showing.emptyMessage(place: nil, listed: !page.entries.isEmpty, hidden: page.hiddenCount))])] + footer)
        }
        let lines = context.storyListView(compact: options.showing.compact).lines(forSites: numbered.map { ($0.entry.site, $0.entry.story) }, siteNames: names, firstNumber: first.number)
        context.print(lines + footer)
        remember(numbered, managers: managers, selections: selections)
    }

    /// One line per site that was not read as asked: its copy's age, or why it is missing.
    /// Throws when no site gave a story or a copy.
    private func report(_ outcomes: [River.Outcome], names: [String]) throws {
        var answered = false
        for (name, outcome) in zip(names, outcomes) {
            switch outcome {
            case .answered(.network):
                answered = true
            case .answered(.cache(let fetchedAt)):
                answered = true
                if mode == .offline { context.output.note("\(name): offline: showing the copy from \(context.relativeDates.describe(fetchedAt))") }
            case .answered(.staleCache(let fetchedAt, let reason)):
                answered = true
                context.output.note("\(name): showing the copy from \(context.relativeDates.describe(fetchedAt)): \(reason)")
            case .missing(let error):
                context.output.note("\(name): left out, no copy to show: \(ErrorMessage.line(for: error))")
            case .cutShort(let page, let error):
                answered = true
                context.output.note("\(name): its stories stop at page \(page - 1): \(ErrorMessage.line(for: error))")
            }
        }
        if !answered { throw NewsError.noSiteAnswered(count: names.count) }
    }

    /// Marks the printed stories seen, each on its own site, and remembers them for `read -n`.
    private func remember(_ numbered: [(number: Int, entry: River.Entry)], managers: [SiteContent], selections: [SiteSelection]) {
        let printed = managers.enumerated().map { index, content in
            let mine = numbered.filter { $0.entry.site == index }
            context.markSeen(mine.map(\.entry.story), in: content)
            return PrintedLines(content: content, via: selections[index].via, numbered: mine.map { ($0.number, .story, $0.entry.story.id) })
        }
        guard let first = managers.first else { return }
        context.rememberShown(printed, in: first)
    }

    private var repeatedCommand: String {
        (["wpnews latest --sites", StoryListPrinter.shellQuoted(sitesOption)] + options.showing.repeatedWords + options.dates.repeatedWords).joined(separator: " ")
    }
}
