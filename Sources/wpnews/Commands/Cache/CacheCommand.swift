import CommandLineParsing

/// A group of commands: it runs its default when none is named.
enum CacheCommand {
    static let description = CommandDescription(
        name: "cache",
        abstract: "The offline cache: where it is, what it holds; clear or prune it.",
        discussion: """
            Examples:
              wpnews cache
              wpnews cache clear --site campus
              wpnews cache prune
            """,
        subcommands: [
            Subcommand("show", CacheShowCommand.description),
            Subcommand("clear", CacheClearCommand.description),
            Subcommand("prune", CachePruneCommand.description),
        ],
        defaultSubcommand: "show"
    )
}
