import CommandLineParsing
import NewsCore

struct SaveCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "save",
        abstract: "Save a story with its article, to read at any time, offline too.",
        discussion: """
            The article is read as `read` reads it (from the cache while fresh), or as the \
            story's own page had it when that was read (`read --full`, the app's F), and kept, with \
            its pictures, beside your reading state, not in the cache: `cache clear` and \
            pruning leave it. A story \
            saved again is kept as it is now. `wpnews saved` lists the saved stories.

            Examples:
              wpnews save 1234
              wpnews save some-slug --site campus
            """,
        arguments: [ArgumentDescription("story", help: "The story's id, slug or URL (a feed story's id too).")],
        options: GlobalOptionsWithoutJSON.descriptions
    )

    let story: String
    let global: GlobalOptionsWithoutJSON

    init(_ arguments: ParsedArguments) throws {
        story = try arguments.argument(required: "story")
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        let selection = try context.siteSelection()
        let content = try context.content(mode: .normal)
        let saved = try await content.save(StoryReference(story), siteName: selection.label)
        let pictures = await Pictures.keep(saved, content: content, context: context)
        context.output.note("saved: \(saved.story.displayTitle) (id \(saved.story.id), \(saved.siteName))"
                            + (pictures == 0 ? "" : " with \(pictures) picture\(pictures == 1 ? "" : "s")"))
    }
}
