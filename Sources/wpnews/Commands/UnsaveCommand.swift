import CommandLineParsing
import NewsCore

struct UnsaveCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "unsave",
        abstract: "Forget a saved story, its kept article and its kept pictures.",
        discussion: """
            Examples:
              wpnews unsave 1234
              wpnews unsave 1234 --site campus
            """,
        arguments: [ArgumentDescription("id", help: "The saved story's id, as `wpnews saved` shows it.")],
        options: GlobalOptionsWithoutJSON.descriptions
    )

    let id: Int
    let global: GlobalOptionsWithoutJSON

    init(_ arguments: ParsedArguments) throws {
        id = try arguments.argument(required: "id", as: Int.init)
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        let content = try context.content(mode: .offline)
        Pictures.forget(try content.unsave(storyID: id), content: content, context: context)
        context.output.note("unsaved story \(id) of \(try context.siteSelection().label)")
    }
}
