import ArgumentParser
import NewsCore

struct FeaturedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "featured",
        abstract: "The site's featured stories: those tagged 'featured', else the sticky posts.",
        discussion: """
            Examples:
              wpnews featured --site https://news.example.org
              wpnews featured --site news.example.org --featured-tag top-stories
              wpnews featured --site news.example.org --json
            """
    )

    @Option(name: .long, help: ArgumentHelp("The slug of the tag that marks featured stories.", valueName: "slug"))
    var featuredTag = "featured"

    @OptionGroup var paging: PagingOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(options: global)
        let featured = try await context.content.featured(
            tagSlug: featuredTag, page: paging.page, perPage: paging.perPage, detail: context.storyDetail
        )
        if case .sticky(let tag, let tagExists) = featured.source {
            let reason = tagExists ? "no stories are tagged '\(tag)'" : "the site has no '\(tag)' tag"
            Output.note(featured.list.stories.isEmpty
                ? "\(reason), and no sticky posts either"
                : "\(reason): showing the sticky posts instead")
        }
        var command = CommandLine.repeating("wpnews featured", global: global, paging: paging)
        if featuredTag != "featured" { command += " --featured-tag \(featuredTag)" }
        try StoryListPrinter(context: context, command: command).print(featured.list)
    }
}
