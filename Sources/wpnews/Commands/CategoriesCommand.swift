import CommandLineParsing
import NewsCore
import TerminalRender

struct CategoriesCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "categories",
        abstract: "The site's categories as a tree, each with its number of stories.",
        discussion: """
            Each number is the stories filed under the category itself, as the site counts \
            them; `wpnews category SLUG` reads them with its children's. A category with \
            none of its own is shown when one below it has stories.
            """,
        options: [
            .flag("empty", help: "Also the categories with no stories."),
        ] + FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let empty: Bool
    let fetch: FetchOptions
    let global: GlobalOptions

    init(_ arguments: ParsedArguments) throws {
        empty = arguments.flag("empty")
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
    }

    struct Entry: Encodable {
        let id: Int
        let name: String
        let slug: String
        @NullWhenAbsent var parent: Int?
        let count: Int
    }

    func run(context: CommandContext) async throws {
        let content = try context.content(mode: fetch.mode)
        let tree = CategoryTree(try await context.progressLine().during("the site's categories") {
            try await content.categories()
        })
        context.reportCopies(of: content)
        if global.json {
            let shown = tree.rows.map(\.category).filter { empty || tree.hasStories($0) }
            return try context.printJSON(shown.map { Entry(id: $0.id, name: $0.name, slug: $0.slug, parent: $0.parent, count: $0.count ?? 0) })
        }
        let lines = CategoryTreeView(width: context.width).lines(for: tree, includeEmpty: empty)
        context.print(lines.isEmpty ? [StyledLine([Span("No categories with stories yet.")])] : lines)
    }
}
