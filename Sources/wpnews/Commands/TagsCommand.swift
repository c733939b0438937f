import CommandLineParsing
import DisplayWidth
import NewsCore
import TerminalRender

struct TagsCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "tags",
        abstract: "The site's tags as a weighted cloud: the more stories, the heavier the word.",
        discussion: """
            The cloud shows the heaviest 100 tags, weighed among themselves as WordPress's own \
            tag cloud does, and asks the site for just those. --limit 0 and --list show every \
            tag, which on a big site takes a request per hundred.

            Examples:
              wpnews tags
              wpnews tags --limit 50 --min-count 2 --sort count --counts
              wpnews tags --min-count 10         # every tag used ten times or more
              wpnews tags --list
            """,
        options: [
            .value("limit", takesDashedValue: true, help: "Show at most this many tags, the heaviest (default 100; 0 for all)."),
            .value("min-count", default: "1", takesDashedValue: true, help: "Leave out tags with fewer stories."),
            .value("sort", valueName: "name|count", default: "name", help: "Order: name (as WordPress does) or count."),
            .flag("counts", help: "Show each tag's number of stories."),
            .flag("list", help: "A table (tag, slug, count) instead of a cloud."),
        ] + FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let limit: Int?
    let minCount: Int
    let sort: String
    let counts: Bool
    let list: Bool
    let fetch: FetchOptions
    let global: GlobalOptions

    init(_ arguments: ParsedArguments) throws {
        limit = try arguments.value("limit", as: Int.init)
        minCount = try arguments.valueOrDefault("min-count", as: Int.init)
        sort = try arguments.valueOrDefault("sort") { $0 }
        counts = arguments.flag("counts")
        list = arguments.flag("list")
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
        guard TagCloud.Order(rawValue: sort) != nil else { throw UsageError("--sort takes name or count, not '\(sort)'") }
        if let limit, limit < 0 { throw UsageError("--limit must be 0 (all) or more, not \(limit)") }
        if minCount < 0 { throw UsageError("--min-count must be 0 or more, not \(minCount)") }
    }

    /// What to ask the site for: only what will be shown.
    var choice: TagChoice {
        switch (limit, list) {
        case (0, _), (nil, true): .all
        case (let limit?, _): .heaviest(limit)
        case (nil, false): minCount > 1 ? .atLeast(minCount) : .heaviest(TagCloud.defaultLimit)
        }
    }

    struct Entry: Encodable {
        let name: String
        let slug: String
        let count: Int
        let weight: Double
        let level: Int
    }

    func run(context: CommandContext) async throws {
        let content = try context.content(mode: fetch.mode)
        let (tags, siteTotal) = try await context.progressLine().during("the site's tags") {
            try await content.tags(choice)
        }
        context.reportCopies(of: content)
        let cloud = TagCloud(tags: tags, minCount: minCount, order: TagCloud.Order(rawValue: sort) ?? .name)
        if minCount > 1, !cloud.entries.isEmpty, cloud.entries.count < tags.count {
            // --min-count left out some of the tags fetched, which come heaviest first: every tag
            // of the site that passes it is shown, and a bigger --limit would show no more.
            context.output.note("showing all \(cloud.entries.count) tags used at least \(minCount) times (of the site's \(siteTotal)): a lower --min-count shows more")
        } else if case .heaviest = choice, cloud.entries.count < siteTotal, !cloud.entries.isEmpty {
            context.output.note("showing the \(cloud.entries.count) heaviest of \(siteTotal) tags: --limit N shows more, --limit 0 all")
        }
        if global.json {
            return try context.printJSON(cloud.entries.map {
                Entry(name: $0.tag.name, slug: $0.tag.slug, count: $0.tag.count ?? 0, weight: $0.weight, level: $0.level)
            })
        }
        guard !cloud.entries.isEmpty else {
            let empty = siteTotal == 0 ? "This site has no tags yet."
                : minCount > 1 ? "No tags are used \(minCount) times or more." : "No tags with stories yet."
            return context.print([StyledLine([Span(empty)])])
        }
        context.print(list ? table(cloud) : TagCloudView(width: context.width, colors: context.colors, showCounts: counts).lines(for: cloud))
    }

    /// tag, slug, count: columns as wide as their longest cell.
    private func table(_ cloud: TagCloud) -> [StyledLine] {
        let nameWidth = max(cloud.entries.map { DisplayWidth.of($0.tag.name) }.max() ?? 0, 3)
        let slugWidth = max(cloud.entries.map { DisplayWidth.of($0.tag.slug) }.max() ?? 0, 4)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(width - DisplayWidth.of(text), 0)) }
        let header = StyledLine([Span(pad("Tag", nameWidth) + "  " + pad("Slug", slugWidth) + "  Count", Style(bold: true))])
        return [header] + cloud.entries.map { entry in
            StyledLine([Span(pad(entry.tag.name, nameWidth) + "  "), Span(pad(entry.tag.slug, slugWidth), Style(dim: true)),
                        Span("  " + String(entry.tag.count ?? 0))])
        }
    }
}
