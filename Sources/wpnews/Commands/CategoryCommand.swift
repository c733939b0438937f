import ArgumentParser
import NewsCore

struct CategoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "Stories in a category (by slug, id or name), its children's included.",
        discussion: """
            Examples:
              wpnews category opinion
              wpnews category "City Hall" --page 2
              wpnews category sports --exact      # not the children's
              wpnews category sports --all --json
            """
    )

    @Argument(help: "The category's slug, id or name (any case).")
    var category: String

    @Flag(name: .long, help: "Only stories filed under this category itself, not under its children.")
    var exact = false

    @OptionGroup var list: ListOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(options: global)
        let content = try context.content(mode: fetch.mode)
        let (found, descendants) = try await content.category(category)
        // WordPress matches only the ids it is given: the children's come along unless --exact.
        let ids = [found.id] + (exact ? [] : descendants.map(\.id))
        let perPage = list.perPage
        var printer = StoryListPrinter(
            context: context, content: content, options: list, query: { .category(ids: ids, page: $0, perPage: perPage) },
            command: "wpnews category \(StoryListPrinter.shellQuoted(category))" + (exact ? " --exact" : "")
        )
        printer.emptyPlace = "in \(found.name)"
        try await printer.show(mode: fetch.mode)
    }
}
