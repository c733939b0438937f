import CommandLineParsing
import NewsCore

struct AuthorCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "author",
        abstract: "Stories by an author (by slug or name).",
        discussion: """
            Examples:
              wpnews author jane
              wpnews author "Mei Lin" --page 2
            """,
        arguments: [ArgumentDescription("author", help: "The author's slug or name.")],
        options: ListOptions.descriptions + FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let author: String
    let list: ListOptions
    let fetch: FetchOptions
    let global: GlobalOptions

    init(_ arguments: ParsedArguments) throws {
        author = try arguments.argument(required: "author")
        list = try ListOptions(arguments)
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
    }

    func run(context: CommandContext) async throws {
        let (author, perPage) = (author, list.pageSize)
        try await StoryListPrinter.run(context, list, fetch, command: "wpnews author \(StoryListPrinter.shellQuoted(author))") { content in
            let found = try await content.author(author)
            return ListChoice(query: { .author(id: found.id, page: $0, perPage: perPage) }, emptyPlace: "by \(found.name)")
        }
    }
}
