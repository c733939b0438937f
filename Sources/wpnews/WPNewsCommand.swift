import ArgumentParser

/// A command of wpnews. It runs with a `CommandContext`: `wpnews` itself builds one from the
/// process (its environment, stdout and stderr), the tests build one that writes to memory,
/// so a command's test needs no process of its own.
protocol WPNewsCommand: AsyncParsableCommand {
    /// `GlobalOptions`, or `GlobalOptionsWithoutJSON` for a command with no JSON form.
    associatedtype Options: GlobalOptionValues
    var global: Options { get }
    /// How much of config.toml the command depends on: a broken file stops only the commands
    /// whose settings it holds.
    static var settingsNeed: SettingsNeed { get }

    func run(context: CommandContext) async throws
}

extension WPNewsCommand {
    static var settingsNeed: SettingsNeed { .all }

    func run() async throws {
        try await run(context: CommandContext(options: global, settingsNeed: Self.settingsNeed))
    }
}

/// What a command needs of the user's files.
enum SettingsNeed {
    /// It reads no site (`render`): neither config.toml nor sites.toml is read.
    case none
    /// It reads the followed sites or the cache, and no setting (`sites list`, `cache show`):
    /// a broken config.toml is a warning, and the defaults stand.
    case sitesOnly
    /// Its settings shape what it does: a broken config.toml stops it.
    case all
}
