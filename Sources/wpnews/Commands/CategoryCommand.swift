import CommandLineParsing
import NewsCore

struct CategoryCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "category",
        abstract: "Stories in a category (by slug, id or name), its children's included.",
        discussion: """
            Examples:
              wpnews category opinion
              wpnews category "City Hall" --page 2
              wpnews category sports --exact      # not the children's
              wpnews category sports --all --json
            """,
        arguments: [ArgumentDescription("category", completion: .dynamic(Completions.categorySlugsKey), help: "The category's slug, id or name (any case).")],
        options: [
            .flag("exact", help: "Only stories filed under this category itself, not under its children."),
        ] + ListOptions.descriptions + FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let category: String
    let exact: Bool
    let list: ListOptions
    let fetch: FetchOptions
    let global: GlobalOptions

    init(_ arguments: ParsedArguments) throws {
        category = try arguments.argument(required: "category")
        exact = arguments.flag("exact")
        list = try ListOptions(arguments)
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
    }

    func run(context: CommandContext) async throws {
        let (category, exact, perPage) = (category, exact, list.pageSize)
        let command = "wpnews category \(StoryListPrinter.shellQuoted(category))" + (exact ? " --exact" : "")
        try await StoryListPrinter.run(context, list, fetch, command: command) { content in
            let (found, descendants) = try await content.category(category)
            // WordPress matches only the ids it is given: the children's come along unless --exact.
            let ids = [found.id] + (exact ? [] : descendants.map(\.id))
            return ListChoice(query: { .category(ids: ids, page: $0, perPage: perPage) }, emptyPlace: "in \(found.name)")
        }
    }
}
