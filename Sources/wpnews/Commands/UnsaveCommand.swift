import ArgumentParser
import NewsCore

struct UnsaveCommand: WPNewsCommand {
    static let configuration = CommandConfiguration.wpnews(
        commandName: "unsave",
        abstract: "Forget a saved story, its kept article and its kept pictures.",
        discussion: """
            Examples:
              wpnews unsave 1234
              wpnews unsave 1234 --site campus
            """
    )

    @Argument(help: "The saved story's id, as `wpnews saved` shows it.")
    var id: Int

    @OptionGroup var global: GlobalOptionsWithoutJSON

    func validate() throws {
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        let content = try context.content(mode: .offline)
        Pictures.forget(try content.unsave(storyID: id), content: content, context: context)
        context.output.note("unsaved story \(id) of \(try context.siteSelection().label)")
    }
}
