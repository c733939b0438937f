import ArgumentParser

struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration.wpnews(
        commandName: "cache",
        abstract: "The offline cache: where it is, what it holds; clear or prune it.",
        discussion: """
            Examples:
              wpnews cache
              wpnews cache clear --site campus
              wpnews cache prune
            """,
        subcommands: [CacheShowCommand.self, CacheClearCommand.self, CachePruneCommand.self],
        defaultSubcommand: CacheShowCommand.self
    )
}
