import ArgumentParser
import NewsCore

struct TagCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Stories with a tag (by slug, id or name).",
        discussion: """
            Examples:
              wpnews tag elections
              wpnews tag "city council" --page 2
              wpnews tag ferry --all --json
            """
    )

    @Argument(help: "The tag's slug, id or name (any case).")
    var tag: String

    @OptionGroup var list: ListOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(options: global)
        let content = try context.content(mode: fetch.mode)
        let found = try await content.tag(tag)
        let perPage = list.perPage
        var printer = StoryListPrinter(
            context: context, content: content, options: list, query: { .tag(id: found.id, page: $0, perPage: perPage) },
            command: "wpnews tag \(StoryListPrinter.shellQuoted(tag))"
        )
        printer.emptyPlace = "tagged \(found.name)"
        try await printer.show(mode: fetch.mode)
    }
}
