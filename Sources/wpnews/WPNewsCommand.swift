import ArgumentParser
import CommandLineParsing
import NewsCore

/// A command of wpnews. It runs with a `CommandContext`: `wpnews` itself builds one from the
/// process (its environment, stdout and stderr), the tests build one that writes to memory,
/// so a command's test needs no process of its own.
protocol WPNewsCommand: AsyncParsableCommand {
    /// `GlobalOptions`, or `GlobalOptionsWithoutJSON` for a command with no JSON form.
    associatedtype Options: GlobalOptionValues
    var global: Options { get }
    /// What of config.toml the command depends on: a mistake stops only the commands that
    /// need the section it is in.
    var settingsNeed: SettingsNeed { get }

    func run(context: CommandContext) async throws
}

extension WPNewsCommand {
    var settingsNeed: SettingsNeed { .stories }

    func run() async throws {
        try await run(context: CommandContext(options: global, contentManager: .shared, settingsNeed: settingsNeed))
    }
}

/// What a command needs of the user's files.
enum SettingsNeed {
    /// It reads no site (`render`): neither config.toml nor sites.toml is read.
    case none
    /// It reads sites.toml and these sections of config.toml. A mistake in one of them stops
    /// it; one in another section is a warning, and that section's defaults stand. A file that
    /// is not TOML at all stops every command that needs a section.
    case sections(Set<Settings.Section>)

    /// The followed sites or the cache, and no setting (`sites list`, `cache show`).
    static let sitesOnly = SettingsNeed.sections([])
    /// A site's stories: how long copies stay fresh and are kept, how the site is asked.
    static let stories = SettingsNeed.sections([.freshness, .cache, .network])
    /// Stories and their pictures (`read`, the app).
    static let storiesWithPictures = SettingsNeed.sections([.freshness, .cache, .network, .images])
    /// The full-screen app: stories, pictures, and how it draws lists and articles.
    static let app = SettingsNeed.sections([.freshness, .cache, .network, .images, .app, .reader])
}

extension CommandConfiguration {
    /// The configuration of a command `wpnews` lists (`latest`, `sites` ...), read from its
    /// description. `WPNews.run` hands ArgumentParser the command a command line names as the
    /// root of its parse (`WPNews.parseRoot`), so the command carries what it would otherwise
    /// take from the root: `wpnews` before its own name in help, usage and errors, and the
    /// version. Within the whole tree (`wpnews --help`, completion scripts, the manual)
    /// ArgumentParser reads both from the tree's root only, so neither changes what they say.
    static func wpnews(
        _ description: CommandDescription, subcommands: [any ParsableCommand.Type] = [], defaultSubcommand: (any ParsableCommand.Type)? = nil
    ) -> CommandConfiguration {
        CommandConfiguration(
            commandName: description.name, _superCommandName: "wpnews", abstract: description.abstract, discussion: description.discussion,
            version: Version.current, subcommands: subcommands, defaultSubcommand: defaultSubcommand
        )
    }

    /// The configuration of a subcommand of a group (`sites add`), read from its description.
    init(described description: CommandDescription) {
        self.init(commandName: description.name, abstract: description.abstract, discussion: description.discussion)
    }
}
