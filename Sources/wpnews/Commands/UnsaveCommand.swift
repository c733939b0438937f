import ArgumentParser
import NewsCore

struct UnsaveCommand: WPNewsCommand {
    static let configuration = CommandConfiguration.wpnews(
        commandName: "unsave",
        abstract: "Forget a saved story and its kept article.",
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
        try context.content(mode: .offline).unsave(storyID: id)
        context.output.note("unsaved story \(id) of \(try context.siteSelection().label)")
    }
}
