import CommandLineParsing
import NewsCore
import TerminalRender

struct PagesCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "pages",
        abstract: "The site's pages (About, Contact ...), as a tree; read one with `wpnews page SLUG`.",
        options: FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let fetch: FetchOptions
    let global: GlobalOptions

    init(_ arguments: ParsedArguments) throws {
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
    }

    struct Entry: Encodable {
        let id: Int
        let slug: String
        let title: String
        let link: String
        @NullWhenAbsent var parent: Int?
    }

    func run(context: CommandContext) async throws {
        let content = try context.content(mode: fetch.mode)
        let pages = try await content.pages()
        context.reportCopies(of: content)
        if global.json {
            return try context.printJSON(pages.map { Entry(id: $0.id, slug: $0.slug, title: $0.title, link: $0.link, parent: $0.parent) })
        }
        guard !pages.isEmpty else {
            return context.print([StyledLine([Span("This site has no pages.")])])
        }
        context.print(TreeOrder(pages, id: \.id, parent: \.parent).rows.map { row in
            StyledLine([Span(String(repeating: "  ", count: row.depth)), Span(row.item.displayTitle, Style(bold: row.depth == 0)),
                        Span("  " + row.item.slug, Style(dim: true))])
        })
    }
}
