import CommandLineParsing
import NewsCore
import TerminalRender

struct PageCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "page",
        abstract: "Read one of the site's pages, by slug or id (`wpnews pages` lists them).",
        discussion: """
            Examples:
              wpnews page about
              wpnews page contact --no-pager
              wpnews page letters --comments
            """,
        arguments: [ArgumentDescription("page", help: "The page's slug or id.")],
        options: [
            .flag("comments", help: "Threaded comments after the page."),
            .flag("no-pager", help: "Print instead of using the pager."),
        ] + FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let page: String
    let comments: Bool
    let noPager: Bool
    let fetch: FetchOptions
    let global: GlobalOptions

    init(_ arguments: ParsedArguments) throws {
        page = try arguments.argument(required: "page")
        comments = arguments.flag("comments")
        noPager = arguments.flag("no-pager")
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
    }

    func run(context: CommandContext) async throws {
        let content = try context.content(mode: fetch.mode)
        let found = try await content.page(page)
        context.reportCopies(of: content)
        let html = found.html ?? ""
        let threads = comments ? try await context.commentsOrNotice { try await content.comments(forPage: found.id) } : nil
        let view = StoryArticleView(width: context.width, dates: context.relativeDates)
        if global.json {
            return try context.printJSON(PageJSON(page: found, comments: threads, plainText: ArticlePlainText.text(html:baseURL:)))
        }
        let article = Article(html: html, baseURL: found.link)
        let lines = view.layout(ofPage: found.title, link: found.link, article: threads.map { article.addingComments($0, baseURL: found.link) } ?? article).lines
        Pager(terminal: context.terminal, output: context.output).show(ANSIEncoder(colors: context.colors).terminalText(lines), enabled: !noPager)
    }
}
