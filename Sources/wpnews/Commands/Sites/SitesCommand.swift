import CommandLineParsing

/// A group of commands: it runs its default when none is named.
enum SitesCommand {
    static let description = CommandDescription(
        name: "sites",
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
        subcommands: [
            Subcommand("list", SitesListCommand.description),
            Subcommand("add", SitesAddCommand.description),
            Subcommand("default", SitesDefaultCommand.description),
            Subcommand("remove", SitesRemoveCommand.description),
            Subcommand("import", SitesImportCommand.description),
            Subcommand("export", SitesExportCommand.description),
            Subcommand("set", SitesSetCommand.description),
        ],
        defaultSubcommand: "list"
    )
}
