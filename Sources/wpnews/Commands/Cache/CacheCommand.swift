import ArgumentParser
import CommandLineParsing

struct CacheCommand: AsyncParsableCommand {
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
    static let configuration = CommandConfiguration.wpnews(
        description, subcommands: [CacheShowCommand.self, CacheClearCommand.self, CachePruneCommand.self], defaultSubcommand: CacheShowCommand.self
    )
}
