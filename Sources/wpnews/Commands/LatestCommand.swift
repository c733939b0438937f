import ArgumentParser

struct LatestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latest",
        abstract: "The newest stories.",
        discussion: """
            Examples:
              wpnews latest --site https://news.example.org
              wpnews latest --site news.example.org --page 2 --per-page 20
              WPNEWS_SITE=https://news.example.org wpnews latest --json | jq '.[].title'
            """
    )

    @OptionGroup var paging: PagingOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(options: global)
        let list = try await context.content.latest(page: paging.page, perPage: paging.perPage, detail: context.storyDetail)
        try StoryListPrinter(context: context, command: CommandLine.repeating("wpnews latest", global: global, paging: paging))
            .print(list)
    }
}
