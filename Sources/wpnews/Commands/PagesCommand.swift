import ArgumentParser
import NewsCore
import TerminalRender

struct PagesCommand: WPNewsCommand {
    static let configuration = CommandConfiguration(
        commandName: "pages",
        abstract: "The site's pages (About, Contact ...), as a tree; read one with `wpnews page SLUG`."
    )

    @OptionGroup var fetch: FetchOptions
    @OptionGroup var global: GlobalOptions

    struct Entry: Encodable {
        let id: Int
        let slug: String
        let title: String
        let link: String
        @NullWhenAbsent var parent: Int?
    }

    func run(context: CommandContext) async throws {
        let pages = try await context.content(mode: fetch.mode).pages()
        if global.json {
            return try context.printJSON(pages.map { Entry(id: $0.id, slug: $0.slug, title: $0.title, link: $0.link, parent: $0.parent) })
        }
        guard !pages.isEmpty else {
            return context.print([StyledLine([Span("This site has no pages.")])])
        }
        context.print(PageTree(pages).rows.map { row in
            StyledLine([Span(String(repeating: "  ", count: row.depth)), Span(row.page.displayTitle, Style(bold: row.depth == 0)),
                        Span("  " + row.page.slug, Style(dim: true))])
        })
    }
}

/// Pages in menu order, each followed by its children.
struct PageTree {
    let rows: [(page: Page, depth: Int)]

    init(_ pages: [Page]) {
        let children = Dictionary(grouping: pages, by: \.parent)
        let known = Set(pages.map(\.id))
        var rows: [(Page, Int)] = []
        var stack = pages.filter { $0.parent.map { !known.contains($0) } ?? true }.reversed().map { ($0, 0) }
        while let (page, depth) = stack.popLast() {
            rows.append((page, depth))
            stack += (children[page.id] ?? []).reversed().map { ($0, depth + 1) }
        }
        self.rows = rows
    }
}
