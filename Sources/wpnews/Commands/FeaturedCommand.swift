import CommandLineParsing
import NewsCore

struct FeaturedCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "featured",
        abstract: "The site's featured stories: those tagged 'featured', else the sticky posts.",
        discussion: """
            Examples:
              wpnews featured                    # the default site, or the bundled demo
              wpnews featured --site https://news.example.org
              wpnews featured --site news.example.org --featured-tag top-stories
              wpnews featured --site news.example.org --json
            """,
        options: [
            .value("featured-tag", valueName: "slug", default: "featured", help: "The slug of the tag that marks featured stories."),
        ] + ListOptions.descriptions + FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let featuredTag: String
    let list: ListOptions

    init(_ arguments: ParsedArguments) throws {
        featuredTag = try arguments.valueOrDefault("featured-tag") { $0 }
        list = try ListOptions(arguments)
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
        guard !featuredTag.isEmpty, !featuredTag.contains(",") else {
            throw UsageError("--featured-tag takes one tag's slug, such as 'featured'")
        }
        if !list.dates.isOpen { throw UsageError("featured stories are not listed by date: leave out --before and --after") }
    }
    let fetch: FetchOptions
    let global: GlobalOptions

    func run(context: CommandContext) async throws {
        let content = try context.content(mode: fetch.mode)
        let (tag, perPage, detail) = (featuredTag, list.pageSize, context.storyDetail)
        var command = "wpnews featured"
        if tag != "featured" { command += " --featured-tag \(StoryListPrinter.shellQuoted(tag))" }
        let printer = StoryListPrinter(context: context, content: content, options: list,
                                       query: { .featured(tag: tag, page: $0, perPage: perPage) }, command: command)
        try await printer.show(mode: fetch.mode) { page in
            let featured = try await content.featured(tagSlug: tag, page: page, perPage: perPage, detail: detail)
            if page == 1, featured.source == .feed {
                context.output.note("the site is read through its feed, which marks no story featured: showing its first stories")
            }
            if page == 1 || !list.all, case .sticky(let tag, let tagExists) = featured.source {
                let reason = tagExists ? "no stories are tagged '\(tag)'" : "the site has no '\(tag)' tag"
                context.output.note(featured.list.stories.isEmpty && featured.list.hiddenCount == 0
                    ? "\(reason), and no sticky posts either"
                    : "\(reason): showing the sticky posts instead")
            }
            return featured.list
        }
    }
}
