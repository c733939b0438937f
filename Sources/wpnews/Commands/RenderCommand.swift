import ArgumentParser
import Foundation
import NewsModels
import TerminalRender

struct RenderCommand: WPNewsCommand {
    static let configuration = CommandConfiguration.wpnews(
        commandName: "render",
        abstract: "Render an HTML file (or stdin) to terminal text, as `read` does.",
        discussion: """
            Examples:
              wpnews render post.html --width 72
              curl -s https://news.example.org/some-post/ | wpnews render --no-color
            """
    )

    @Argument(help: "An HTML file; stdin when left out or '-'.")
    var file: String?

    @OptionGroup var global: GlobalOptionsWithoutJSON

    func validate() throws {
        try global.refuseJSON()
    }

    /// Renders a file: no site, so a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .none }

    func run(context: CommandContext) async throws {
        let html: Data
        do {
            html = try file.flatMap { $0 == "-" ? nil : $0 }.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
                ?? FileHandle.standardInput.readToEnd() ?? Data()
        } catch {
            throw SetupError.unreadable(file ?? "stdin", error: error)
        }
        // Invalid UTF-8 is repaired, not refused: a page that is mostly readable still reads.
        let article = Article(html: String(decoding: html, as: UTF8.self))
        context.print(ArticleLayout(width: context.width).lines(for: article))
    }
}
