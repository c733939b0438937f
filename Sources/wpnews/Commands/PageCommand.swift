import ArgumentParser
import NewsCore
import TerminalRender

struct PageCommand: WPNewsCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Read one of the site's pages, by slug or id (`wpnews pages` lists them).",
        discussion: """
            Examples:
              wpnews page about
              wpnews page contact --no-pager
            """
    )

    @Argument(help: "The page's slug or id.")
    var page: String

    @Flag(name: .long, help: "Print instead of using the pager.")
    var noPager = false

    @OptionGroup var fetch: FetchOptions
    @OptionGroup var global: GlobalOptions

    struct PageJSON: Encodable {
        let id: Int
        let slug: String
        let title: String
        let link: String
        let contentHTML: String
        let contentText: String

        enum CodingKeys: String, CodingKey {
            case id, slug, title, link, contentHTML = "content_html", contentText = "content_text"
        }
    }

    func run(context: CommandContext) async throws {
        let content = try context.content(mode: fetch.mode)
        let found = try await content.page(page)
        context.reportCopies(of: content)
        let html = found.html ?? ""
        let layout = ArticleLayout(width: context.width)
        let body = layout.lines(for: Article(html: html, baseURL: found.link))
        if global.json {
            let text = body.map(\.plainText).joined(separator: "\n")
            return try context.printJSON(PageJSON(id: found.id, slug: found.slug, title: found.title, link: found.link, contentHTML: html, contentText: text))
        }
        let title = TextWrapper.wrap(found.displayTitle, width: context.width)
            .map { StyledLine([Span($0, Style(bold: true))]) }
        let rule = StyledLine([Span(String(repeating: "─", count: context.width), Style(dim: true))])
        let footer = [StyledLine(), rule, StyledLine([Span("Permalink: ", Style(dim: true)), Span(found.link, link: found.link)])]
        let lines = title + [rule, StyledLine()] + body + footer
        Pager(terminal: context.terminal, output: context.output).show(ANSIEncoder(colors: context.colors).terminalText(lines), enabled: !noPager)
    }
}
