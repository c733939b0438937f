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

/// How long a request may take when `--timeout` is not given: what the help shows and what a
/// run uses.
let defaultRequestTimeout = 30.0

struct CommandOptions<Form: JSONForm>: GlobalOptionValues {
    static var descriptions: [OptionDescription] {
        [
            .value("site", valueName: "name-or-url", completion: .dynamic(Completions.siteNamesKey),
                   help: "The site: a configured name or any of its URLs. Default: $WPNEWS_SITE, else the default site."),
            .flag("json", help: Form.jsonHelp),
            .flag("no-color", help: "No colours or styles (also when NO_COLOR is set or stdout is not a terminal)."),
            .value("width", valueName: "columns", takesDashedValue: true, help: "Lay out for this many columns (default: the terminal's, 80 when piped)."),
            .value("timeout", valueName: "seconds", default: "\(defaultRequestTimeout)", takesDashedValue: true, help: "Give up on a request after this many seconds."),
            .flag("verbose", short: "v", help: "Print each request with its status, size and time on stderr."),
        ]
    }

    let site: String?
    let json: Bool
    let noColor: Bool
    let width: Int?
    let timeout: Double
    let verbose: Bool

    init(_ arguments: ParsedArguments) throws {
        try self.init(site: arguments.value("site"), json: arguments.flag("json"), noColor: arguments.flag("no-color"),
                      width: arguments.value("width", as: Int.init), timeout: arguments.valueOrDefault("timeout", as: Double.init),
                      verbose: arguments.flag("verbose"))
    }

    /// The options as checked; TAB's answers make them from the `--site` of the line typed.
    init(site: String? = nil, json: Bool = false, noColor: Bool = false, width: Int? = nil, timeout: Double = defaultRequestTimeout, verbose: Bool = false) throws {
        (self.site, self.json, self.noColor, self.width, self.timeout, self.verbose) = (site, json, noColor, width, timeout, verbose)
        if let width, width < 20 || width > 1000 {
            throw UsageError("--width must be between 20 and 1000 columns, not \(width)")
        }
        guard timeout > 0, timeout <= 3600 else {
            throw UsageError("--timeout must be more than 0 and at most 3600 seconds, not \(timeout)")
        }
        if let site {
            do {
                _ = try SiteAddress.candidates(for: site)
            } catch {
                throw UsageError("--site: " + ErrorMessage.line(for: error))
            }
        }
    }
}

extension GlobalOptionsWithoutJSON {
    /// For commands whose output has no JSON form: `--json` is a usage error, not ignored.
    func refuseJSON() throws {
        if json { throw UsageError("this command has no JSON form: leave out --json") }
    }
}

/// Several followed sites at once: `--sites all`, `--sites campus,club`.
struct SitesOptions {
    static let descriptions: [OptionDescription] = [
        .value("sites", valueName: "all|names", completion: .dynamic(Completions.sitesAndGroupsKey),
               help: "Followed sites read together: 'all', or names of sites or groups separated by commas. Not with --site."),
    ]

    let sites: String?

    init(_ arguments: ParsedArguments) {
        sites = arguments.value("sites")
    }

    /// `--site` names one site, `--sites` several: together they are a usage error.
    func validate(with global: some GlobalOptionValues) throws {
        if sites != nil && global.site != nil {
            throw UsageError("--site and --sites cannot go together: --sites all, or --sites NAME,NAME")
        }
    }
}

/// Whether a command may use the network.
struct FetchOptions {
    static let descriptions: [OptionDescription] = [
        .flag("refresh", help: "Ask the site even when the cached copy is fresh."),
        .flag("offline", help: "Never touch the network: show the cached copy and say how old it is."),
    ]

    let refresh: Bool
    let offline: Bool

    init(_ arguments: ParsedArguments) throws {
        (refresh, offline) = (arguments.flag("refresh"), arguments.flag("offline"))
        if refresh && offline { throw UsageError("--refresh and --offline cannot go together") }
    }

    var mode: FetchMode { refresh ? .refresh : offline ? .offline : .normal }
}

/// Which page of a story list to show, and which of its stories.
struct ListOptions {
    static let descriptions: [OptionDescription] = [
        .value("page", default: "1", takesDashedValue: true, help: "The page to show, from 1."),
        .value("per-page", default: "10", takesDashedValue: true, help: "Stories per page, 1 to 100."),
        .flag("unread", help: "Only the stories not read yet."),
        .flag("all", help: "Every page, one after another (asked for a hundred stories at a time)."),
        .flag("compact", help: "One line a story: its number, date, NEW or UPDATED and title (--json is unchanged)."),
    ] + DateWindowOptions.descriptions

    let page: Int
    let perPage: Int
    let unread: Bool
    let all: Bool
    let compact: Bool
    let dates: DateWindowOptions

    init(_ arguments: ParsedArguments) throws {
        page = try arguments.valueOrDefault("page", as: Int.init)
        perPage = try arguments.valueOrDefault("per-page", as: Int.init)
        (unread, all, compact) = (arguments.flag("unread"), arguments.flag("all"), arguments.flag("compact"))
        dates = try DateWindowOptions(arguments)
        guard page >= 1 else { throw UsageError("--page must be 1 or more, not \(page)") }
        guard (1...100).contains(perPage) else { throw UsageError("--per-page must be between 1 and 100, not \(perPage)") }
        if all && page != 1 { throw UsageError("--all shows every page: leave out --page") }
    }

    /// Stories per request: WordPress's most for `--all`, whatever the screen shows.
    var pageSize: Int { all ? 100 : perPage }
}
