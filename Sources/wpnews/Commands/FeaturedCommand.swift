import ArgumentParser
import NewsCore

struct FeaturedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "featured",
        abstract: "The site's featured stories: those tagged 'featured', else the sticky posts.",
        discussion: """
            Examples:
              wpnews featured                    # the default site, or the bundled demo
              wpnews featured --site https://news.example.org
              wpnews featured --site news.example.org --featured-tag top-stories
              wpnews featured --site news.example.org --json
            """
    )

    @Option(name: .long, help: ArgumentHelp("The slug of the tag that marks featured stories.", valueName: "slug"))
    var featuredTag = "featured"

    @OptionGroup var list: ListOptions

    func validate() throws {
        guard !featuredTag.isEmpty, !featuredTag.contains(",") else {
            throw ValidationError("--featured-tag takes one tag's slug, such as 'featured'")
        }
    }
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(options: global)
        let content = try context.content(mode: fetch.mode)
        let featured = try await content.featured(
            tagSlug: featuredTag, page: list.page, perPage: list.perPage, detail: context.storyDetail
        )
        context.reportOrigin(featured.list.origin, mode: fetch.mode)
        if case .sticky(let tag, let tagExists) = featured.source {
            let reason = tagExists ? "no stories are tagged '\(tag)'" : "the site has no '\(tag)' tag"
            Output.note(featured.list.stories.isEmpty
                ? "\(reason), and no sticky posts either"
                : "\(reason): showing the sticky posts instead")
        }
        var command = "wpnews featured"
        if featuredTag != "featured" { command += " --featured-tag \(StoryListPrinter.shellQuoted(featuredTag))" }
        try StoryListPrinter(context: context, content: content, options: list, command: command).print(featured.list)
    }
}
