import ArgumentParser

struct SitesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration.wpnews(
        commandName: "sites",
        abstract: "The sites you follow, by name.",
        discussion: """
            Examples:
              wpnews sites add campus https://news.example.org
              wpnews sites list
              wpnews sites default campus
              wpnews sites remove campus
              wpnews sites set campus --groups local,uni
              wpnews sites import feeds.opml
              wpnews sites export > sites.opml
            """,
        subcommands: [SitesListCommand.self, SitesAddCommand.self, SitesDefaultCommand.self, SitesRemoveCommand.self,
                      SitesImportCommand.self, SitesExportCommand.self, SitesSetCommand.self],
        defaultSubcommand: SitesListCommand.self
    )
}
