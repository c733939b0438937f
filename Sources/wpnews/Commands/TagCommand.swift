import CommandLineParsing
import NewsCore

struct TagCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "tag",
        abstract: "Stories with a tag (by slug, id or name).",
        discussion: """
            Examples:
              wpnews tag elections
              wpnews tag "city council" --page 2
              wpnews tag ferry --all --json
            """,
        arguments: [ArgumentDescription("tag", completion: .dynamic(Completions.tagSlugsKey), help: "The tag's slug, id or name (any case).")],
        options: ListOptions.descriptions + FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let tag: String
    let list: ListOptions
    let fetch: FetchOptions
    let global: GlobalOptions

    init(_ arguments: ParsedArguments) throws {
        tag = try arguments.argument(required: "tag")
        list = try ListOptions(arguments)
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
    }

    func run(context: CommandContext) async throws {
        let (tag, perPage) = (tag, list.pageSize)
        try await StoryListPrinter.run(context, list, fetch, command: "wpnews tag \(StoryListPrinter.shellQuoted(tag))") { content in
            let found = try await content.tag(tag)
            return ListChoice(query: { .tag(id: found.id, page: $0, perPage: perPage) }, emptyPlace: "tagged \(found.name)")
        }
    }
}
