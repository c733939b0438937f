import ArgumentParser

/// A command of wpnews. It runs with a `CommandContext`: `wpnews` itself builds one from the
/// process (its environment, stdout and stderr), the tests build one that writes to memory,
/// so a command's test needs no process of its own.
protocol WPNewsCommand: AsyncParsableCommand {
    /// `GlobalOptions`, or `GlobalOptionsWithoutJSON` for a command with no JSON form.
    associatedtype Options: GlobalOptionValues
    var global: Options { get }
    /// False for a command that reads no site (`render`): a broken config.toml cannot stop it.
    static var loadsSettings: Bool { get }

    func run(context: CommandContext) async throws
}

extension WPNewsCommand {
    static var loadsSettings: Bool { true }

    func run() async throws {
        try await run(context: CommandContext(options: global, loadingSettings: Self.loadsSettings))
    }
}
