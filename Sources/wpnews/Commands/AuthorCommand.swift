import ArgumentParser
import NewsCore

struct AuthorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "author",
        abstract: "Stories by an author (by slug or name).",
        discussion: """
            Examples:
              wpnews author jane
              wpnews author "Mei Lin" --page 2
            """
    )

    @Argument(help: "The author's slug or name.")
    var author: String

    @OptionGroup var list: ListOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(options: global)
        let content = try context.content(mode: fetch.mode)
        let found = try await content.author(author)
        let perPage = list.perPage
        var printer = StoryListPrinter(
            context: context, content: content, options: list, query: { .author(id: found.id, page: $0, perPage: perPage) },
            command: "wpnews author \(StoryListPrinter.shellQuoted(author))"
        )
        printer.emptyPlace = "by \(found.name)"
        try await printer.show(mode: fetch.mode)
    }
}
