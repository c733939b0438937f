import ArgumentParser

struct SitesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sites",
        abstract: "The sites you follow, by name.",
        discussion: """
            Examples:
              wpnews sites add campus https://news.example.org
              wpnews sites list
              wpnews sites default campus
              wpnews sites remove campus
            """,
        subcommands: [SitesListCommand.self, SitesAddCommand.self, SitesDefaultCommand.self, SitesRemoveCommand.self],
        defaultSubcommand: SitesListCommand.self
    )
}
