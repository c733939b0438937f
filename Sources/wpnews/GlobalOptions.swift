import ArgumentParser
import CommandLineParsing
import NewsCore
import WordPressAPI

/// What a command's `--json` does, which its help line says: print one JSON document, or,
/// for a command whose output has no JSON form, nothing but a usage error.
protocol JSONForm {
    static var jsonHelp: String { get }
}

enum PrintsJSON: JSONForm {
    static var jsonHelp: String { "Print one JSON document on stdout, for scripts." }
}

enum PrintsNoJSON: JSONForm {
    static var jsonHelp: String { "Refused (exit status 64): this command has no JSON form." }
}

/// The global options as the context reads them, whichever `--json` help the command has.
protocol GlobalOptionValues: Sendable {
    var site: String? { get }
    var json: Bool { get }
    var noColor: Bool { get }
    var width: Int? { get }
    var timeout: Double { get }
    var verbose: Bool { get }
}

/// Options every command takes, after its name: `wpnews latest --site URL --json`.
typealias GlobalOptions = CommandOptions<PrintsJSON>
/// The same for a command with no JSON form: its `refuseJSON()` makes `--json` a usage error.
typealias GlobalOptionsWithoutJSON = CommandOptions<PrintsNoJSON>

struct CommandOptions<Form: JSONForm>: ParsableArguments, GlobalOptionValues {
    static var descriptions: [OptionDescription] {
        [
            .value("site", valueName: "name-or-url", completion: .dynamic(Completions.siteNamesKey),
                   help: "The site: a configured name or any of its URLs. Default: $WPNEWS_SITE, else the default site."),
            .flag("json", help: Form.jsonHelp),
            .flag("no-color", help: "No colours or styles (also when NO_COLOR is set or stdout is not a terminal)."),
            .value("width", valueName: "columns", takesDashedValue: true, help: "Lay out for this many columns (default: the terminal's, 80 when piped)."),
            .value("timeout", valueName: "seconds", default: "30.0", takesDashedValue: true, help: "Give up on a request after this many seconds."),
            .flag("verbose", short: "v", help: "Print each request with its status, size and time on stderr."),
        ]
    }

    @Option(name: .long, help: ArgumentHelp(
        "The site: a configured name or any of its URLs. Default: $WPNEWS_SITE, else the default site.",
        valueName: "name-or-url"
    ))
    var site: String?

    @Flag(name: .long, help: ArgumentHelp(Form.jsonHelp))
    var json = false

    @Flag(name: .long, help: "No colours or styles (also when NO_COLOR is set or stdout is not a terminal).")
    var noColor = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Lay out for this many columns (default: the terminal's, 80 when piped).", valueName: "columns"))
    var width: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Give up on a request after this many seconds.", valueName: "seconds"))
    var timeout: Double = 30

    @Flag(name: [.short, .long], help: "Print each request with its status, size and time on stderr.")
    var verbose = false

    func validate() throws {
        if let width, width < 20 || width > 1000 {
            throw ValidationError("--width must be between 20 and 1000 columns, not \(width)")
        }
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be more than 0 and at most 3600 seconds, not \(timeout)")
        }
        if let site {
            do {
                _ = try SiteAddress.candidates(for: site)
            } catch {
                throw ValidationError("--site: " + ErrorMessage.line(for: error))
            }
        }
    }
}

extension GlobalOptionsWithoutJSON {
    /// For commands whose output has no JSON form: `--json` is a usage error, not ignored.
    func refuseJSON() throws {
        if json { throw ValidationError("this command has no JSON form: leave out --json") }
    }
}

/// Several followed sites at once: `--sites all`, `--sites campus,club`.
struct SitesOptions: ParsableArguments {
    static let descriptions: [OptionDescription] = [
        .value("sites", valueName: "all|names", completion: .dynamic(Completions.sitesAndGroupsKey),
               help: "Followed sites read together: 'all', or names of sites or groups separated by commas. Not with --site."),
    ]

    @Option(name: .long, help: ArgumentHelp(
        "Followed sites read together: 'all', or names of sites or groups separated by commas. Not with --site.",
        valueName: "all|names"
    ))
    var sites: String?

    /// `--site` names one site, `--sites` several: together they are a usage error.
    func validate(with global: some GlobalOptionValues) throws {
        if sites != nil && global.site != nil {
            throw ValidationError("--site and --sites cannot go together: --sites all, or --sites NAME,NAME")
        }
    }
}

/// Whether a command may use the network.
struct FetchOptions: ParsableArguments {
    static let descriptions: [OptionDescription] = [
        .flag("refresh", help: "Ask the site even when the cached copy is fresh."),
        .flag("offline", help: "Never touch the network: show the cached copy and say how old it is."),
    ]

    @Flag(name: .long, help: "Ask the site even when the cached copy is fresh.")
    var refresh = false

    @Flag(name: .long, help: "Never touch the network: show the cached copy and say how old it is.")
    var offline = false

    func validate() throws {
        if refresh && offline { throw ValidationError("--refresh and --offline cannot go together") }
    }

    var mode: FetchMode { refresh ? .refresh : offline ? .offline : .normal }
}

/// Which page of a story list to show, and which of its stories.
struct ListOptions: ParsableArguments {
    static let descriptions: [OptionDescription] = [
        .value("page", default: "1", takesDashedValue: true, help: "The page to show, from 1."),
        .value("per-page", default: "10", takesDashedValue: true, help: "Stories per page, 1 to 100."),
        .flag("unread", help: "Only the stories not read yet."),
        .flag("all", help: "Every page, one after another (asked for a hundred stories at a time)."),
        .flag("compact", help: "One line a story: its number, date, NEW or UPDATED and title (--json is unchanged)."),
    ] + DateWindowOptions.descriptions

    @Option(name: .long, parsing: .unconditional, help: "The page to show, from 1.")
    var page = 1

    @Option(name: .long, parsing: .unconditional, help: "Stories per page, 1 to 100.")
    var perPage = 10

    @Flag(name: .long, help: "Only the stories not read yet.")
    var unread = false

    @Flag(name: .long, help: "Every page, one after another (asked for a hundred stories at a time).")
    var all = false

    @Flag(name: .long, help: "One line a story: its number, date, NEW or UPDATED and title (--json is unchanged).")
    var compact = false

    @OptionGroup var dates: DateWindowOptions

    /// Stories per request: WordPress's most for `--all`, whatever the screen shows.
    var pageSize: Int { all ? 100 : perPage }

    func validate() throws {
        guard page >= 1 else { throw ValidationError("--page must be 1 or more, not \(page)") }
        guard (1...100).contains(perPage) else { throw ValidationError("--per-page must be between 1 and 100, not \(perPage)") }
        if all && page != 1 { throw ValidationError("--all shows every page: leave out --page") }
    }
}
