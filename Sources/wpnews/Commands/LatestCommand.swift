import ArgumentParser
import NewsCore

struct LatestCommand: WPNewsCommand {
    static let configuration = CommandConfiguration(
        commandName: "latest",
        abstract: "The newest stories.",
        discussion: """
            A second run within five minutes answers from the cache, with no network.

            Examples:
              wpnews latest --site https://news.example.org
              wpnews latest --site news.example.org --page 2 --per-page 20
              wpnews latest --refresh            # ask the site now
              wpnews latest --offline --unread   # on a train
              WPNEWS_SITE=https://news.example.org wpnews latest --json | jq '.[].title'
            """
    )

    @OptionGroup var list: ListOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var global: GlobalOptions

    func run(context: CommandContext) async throws {
        let perPage = list.pageSize
        try await StoryListPrinter.run(context, list, fetch, command: "wpnews latest") { _ in
            ({ .latest(page: $0, perPage: perPage) }, "here")
        }
    }
}
