import CommandLineParsing
import NewsCore

/// A command of wpnews. It runs with a `CommandContext`: `wpnews` itself builds one from the
/// process (its environment, stdout and stderr), the tests build one that writes to memory,
/// so a command's test needs no process of its own.
protocol WPNewsCommand {
    /// What it takes, which its help, the manual page and TAB read too.
    static var description: CommandDescription { get }
    /// `GlobalOptions`, or `GlobalOptionsWithoutJSON` for a command with no JSON form.
    associatedtype Options: GlobalOptionValues
    var global: Options { get }
    /// What of config.toml the command depends on: a mistake stops only the commands that
    /// need the section it is in.
    var settingsNeed: SettingsNeed { get }

    /// The command as the command line gives it, its values checked: a mistake is a `UsageError`.
    init(_ arguments: ParsedArguments) throws

    func run(context: CommandContext) async throws
}

extension WPNewsCommand {
    var settingsNeed: SettingsNeed { .stories }
}

/// A run that ends with this exit status without an error to say (the app's, after a signal).
struct ExitStatus: Error {
    let code: Int32
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
