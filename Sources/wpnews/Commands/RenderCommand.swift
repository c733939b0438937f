import CommandLineParsing
import Foundation
import HTMLParsing
import NewsModels
import TerminalRender

struct RenderCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "render",
        abstract: "Render an HTML file (or stdin) to terminal text, as `read` does.",
        discussion: """
            With --extract the file is taken as a whole web page, and only its article is \
            rendered: on a WordPress page the post's own content, elsewhere the block of \
            the page that reads most like an article, without menus, share bars, comments, \
            newsletter boxes or related stories. This is how to try the extractor on a saved \
            page.

            Examples:
              wpnews render post.html --width 72
              curl -s https://news.example.org/some-post/ | wpnews render --no-color
              wpnews render --extract saved-page.html --url https://news.example.org/some-post/
            """,
        arguments: [ArgumentDescription("file", optional: true, completion: .files(extensions: []), help: "An HTML file; stdin when left out or '-'.")],
        options: [
            .flag("extract", help: "Render only the article found on the page, leaving out the rest of the page."),
            .value("url", valueName: "URL", help: "The page's address: relative links and pictures are resolved against it."),
        ] + GlobalOptionsWithoutJSON.descriptions
    )

    let file: String?
    let extract: Bool
    let url: String?
    let global: GlobalOptionsWithoutJSON

    init(_ arguments: ParsedArguments) throws {
        file = arguments.argument("file")
        extract = arguments.flag("extract")
        url = arguments.value("url")
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
    }

    /// Renders a file: no site, so a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .none }

    func run(context: CommandContext) async throws {
        let source = file.flatMap { $0 == "-" ? nil : $0 }
        let html: Data
        do {
            html = try source.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
                ?? FileHandle.standardInput.readToEnd() ?? Data()
        } catch {
            throw SetupError.unreadable(file ?? "stdin", error: error)
        }
        let article: Article
        if extract {
            // The page's own bytes: libxml2 reads the charset its <meta> declares.
            guard let found = ArticleExtractor.extract(page: [UInt8](html), charset: nil, pageURL: url ?? "", selector: nil, postID: nil) else {
                throw NoArticleFound(source: source ?? "stdin")
            }
            article = Article(html: found.html, baseURL: url)
            if let next = found.nextPageURL {
                context.output.note("wpnews: the article goes on at \(next): save that page and render it too")
            }
        } else {
            // Invalid UTF-8 is repaired, not refused: a page that is mostly readable still reads.
            article = Article(html: String(decoding: html, as: UTF8.self), baseURL: url)
        }
        context.print(ArticleLayout(width: context.width).lines(for: article))
    }
}

/// `render --extract` on a page with nothing that reads like an article.
struct NoArticleFound: ExplainedError {
    let source: String

    var description: String {
        "found no article in \(source): render it whole without --extract"
    }
}
