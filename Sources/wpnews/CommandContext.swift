import FeedFormats
import Glibc
import Foundation
import HTTPClient
import NewsCore
import Synchronization
import TerminalRender
import WordPressAPI

/// What a command needs to run, built once from the global options, the environment and
/// where the output goes: the process's streams, or the tests' buffers.
struct CommandContext: Sendable {
    let options: any GlobalOptionValues
    let output: Output
    let terminal: Terminal
    let paths: Paths
    let settings: Settings
    /// As read at the start; the app's runtime keeps it current as sites are followed in it.
    var sites: FollowedSites
    let environment: [String: String]
    let trace: Trace
    /// Where the command reaches the cache, the user's state and the network: the process's
    /// `ContentManager.shared`, or a test's own.
    let contentManager: ContentManager
    private let selected = SiteSelectedOnce()

    /// `settingsNeed`: what the command needs of config.toml and sites.toml.
    init(
        options: any GlobalOptionValues, environment: [String: String] = ProcessInfo.processInfo.environment,
        output: Output = .process, contentManager: ContentManager, settingsNeed: SettingsNeed
    ) throws {
        self.options = options
        self.contentManager = contentManager
        self.environment = environment
        self.output = output
        trace = Trace(environment: environment)
        terminal = output.isProcess ? Terminal.current(environment: environment) : Terminal.none(environment: environment)
        paths = Paths(environment: environment)
        let notice: (String) -> Void = { output.note("wpnews: " + $0) }
        switch settingsNeed {
        case .none:
            settings = Settings()
            sites = FollowedSites()
        case .sections(let needed):
            settings = try Self.settings(path: paths.configFile, needing: needed, notice: notice)
            sites = try FollowedSites.load(path: paths.sitesFile, config: paths.configFile, settings: settings, notice: notice)
        }
    }

    /// config.toml as far as a command needs it: a mistake in a section it needs stops it;
    /// mistakes in the others are one warning, and their sections' defaults stand.
    private static func settings(path: String, needing needed: Set<Settings.Section>, notice: (String) -> Void) throws -> Settings {
        let settings: Settings
        do {
            settings = try Settings.load(path: path, notice: notice)
        } catch let error as SettingsError where needed.isEmpty {
            notice("warning: \(error.description) (this command uses none of its settings)")
            return Settings()
        }
        let invalid = Settings.Section.allCases.compactMap { section in
            settings.invalidSections[section].map { (section: section, detail: $0) }
        }
        if let needed = invalid.first(where: { needed.contains($0.section) }) {
            throw SettingsError.invalid(path: path, detail: needed.detail)
        }
        if !invalid.isEmpty {
            let error = SettingsError.invalid(path: path, detail: invalid.map(\.detail).joined(separator: "; "))
            let names = invalid.map { "[\($0.section.rawValue)]" }
            let sections = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            notice("warning: \(error.description) (this command does not use \(sections), so the defaults stand)")
        }
        return settings
    }

    var colors: Bool { !options.json && terminal.usesColor(noColorFlag: options.noColor) }
    /// Full-screen screens keep bold, reverse video and underline without colour: the cursor
    /// row must show.
    var screenStyles: ANSIEncoder.Styles { terminal.usesColor(noColorFlag: options.noColor) ? .color : .monochrome }
    var width: Int { terminal.width(override: options.width) }
    /// An article's columns: `--width` as given, else the terminal's, at most `[reader]
    /// max_width` (80 by default), where the app's reader wraps too.
    var articleWidth: Int { options.width ?? min(settings.readerMaxWidth ?? width, width) }
    /// A list on screen shows no tags or images, so it does not wait for their names.
    var storyDetail: StoryDetail { options.json ? .full : .summary }

    /// The picture cache's cap: `[images] cache_mb`, 200 MB by default.
    var imageCache: ImageCache {
        ImageCache(directory: paths.imageCacheDirectory, capBytes: max(0, settings.images?.cacheMB ?? 200) * 1_048_576)
    }

    /// The saved stories' pictures: the user's, so no cap.
    var savedPictures: ImageCache {
        ImageCache(directory: paths.savedPicturesDirectory, capBytes: .max)
    }

    /// The site this command reads (`SiteSelection`), resolved on first use.
    func siteSelection() throws -> SiteSelection {
        try selected.selection {
            try SiteSelection.resolve(option: options.site, environment: environment["WPNEWS_SITE"], sites: sites)
        }
    }

    /// Notices from the layers below, one line each on stderr.
    var notice: @Sendable (String) -> Void {
        { [output] in output.note("wpnews: " + $0) }
    }

    /// A progress line on stderr for work that may take a while, when stderr is a terminal.
    func progressLine() -> ProgressLine {
        ProgressLine(enabled: output.isProcess && ProgressLine.enabled(json: options.json))
    }

    /// The selected site's content (or `selection`'s), as the content manager serves it: the
    /// app asks for each site it switches to, the river and watch for each of theirs. The demo
    /// site is read offline from a copy of the bundled snapshot.
    func content(mode: FetchMode, selection: SiteSelection? = nil) throws -> SiteContent {
        let site: SiteChoice
        let cache: String
        switch try selection ?? siteSelection() {
        case .site(let choice, let name):
            (site, cache) = (try signedIn(followed(choice, name: name), name: name), paths.cacheFile)
        case .demo:
            (site, cache) = (try demoSite(mode: mode), paths.demoCacheFile)
        }
        return contentManager.site(
            site, cache: AppDatabase.Files(cache: cache, state: paths.stateFile), mode: mode, freshness: settings.freshness,
            pruneAfter: settings.pruneAfter, notice: notice, progress: ProgressLine.report, wordPressCom: wordPressCom,
            httpClient: makeHTTPClient
        )
    }

    /// WordPress.com's API host, or the stand-in `WPNEWS_WPCOM_API` names (for tests).
    var wordPressCom: WordPressCom { WordPressCom(apiBase: environment["WPNEWS_WPCOM_API"]) }

    /// Finds sites' API roots, WordPress.com's included.
    func siteDiscovery(credential: BasicCredential? = nil) -> SiteDiscovery {
        SiteDiscovery(http: httpClient(), credential: credential, wordPressCom: wordPressCom)
    }

    /// Where application passwords are kept: the keyring when `secret-tool` can reach one.
    var credentials: CredentialStore {
        CredentialStore(file: paths.credentialsFile, keyring: SecretTool.find(environment: environment))
    }

    /// A followed site with its entry in sites.toml, which a fetch updates when the site's
    /// feed moves for good or is gone.
    private func followed(_ choice: SiteChoice, name: String?) -> SiteChoice {
        guard let name, let followed = sites.sites[name] else { return choice }
        return choice.following(FollowedEntry(
            name: name, file: paths.sitesFile, goneSince: followed.goneSince, fullText: followed.fullText ?? false,
            fullTextSelector: followed.fullTextSelector
        ))
    }

    /// A followed site added with `--user`, with its password: every request to it signs in.
    private func signedIn(_ choice: SiteChoice, name: String?) throws -> SiteChoice {
        guard let name, let followed = sites.sites[name], let key = followed.loginKey else { return choice }
        guard let password = try credentials.password(for: key) else { throw CredentialError.missing(user: key.user, site: name) }
        let credential = BasicCredential(user: key.user, password: password)
        return choice.signedIn(SiteLogin(credential: credential, readsPrivatePosts: followed.privatePosts ?? false))
    }

    /// The user's cache (not the demo's) with the user's state attached.
    func database() -> AppDatabase {
        contentManager.database(AppDatabase.Files(cache: paths.cacheFile, state: paths.stateFile), notice: notice)
    }

    /// The last list printed, for `read -n`.
    var shownList: ShownList { ShownList(database: database()) }

    /// The content manager's HTTP client, shared by every site the run reads.
    func httpClient() -> HTTPClient {
        contentManager.httpClient(makeHTTPClient)
    }

    private func makeHTTPClient() -> HTTPClient {
        let (verbose, trace, output) = (options.verbose, trace, output)
        let observe: @Sendable (HTTPExchange) -> Void = { exchange in
            if verbose { Self.logExchange(exchange, to: output) }
            trace.event("exchange", "\(exchange.milliseconds) \(exchange.url) \(exchange.headerBytes + exchange.bytes)")
        }
        let client = HTTPClient(configuration: HTTPClientConfiguration(
            userAgent: Version.userAgent, timeout: options.timeout,
            requestsPerHost: settings.network?.requestsPerHost ?? 6, caFile: settings.network?.caFile,
            proxy: ProxySettings(environment: environment, configured: settings.network?.proxy),
            onExchange: verbose || trace.isOn ? observe : nil, onBackoff: { output.note("wpnews: \($0)") }
        ))
        Interrupts.register(client)
        return client
    }

    private func demoSite(mode: FetchMode) throws -> SiteChoice {
        guard let bundled = paths.bundledDemo else { throw SetupError.noSite }
        let demo = try DemoSite.prepare(bundled: bundled, copy: paths.demoCacheFile)
        output.note(mode == .refresh
            ? "demo site: a bundled snapshot, it cannot be refreshed; add your own with `wpnews sites add NAME URL`"
            : "demo site: add your own with `wpnews sites add NAME URL`")
        return demo
    }

    // MARK: Output

    /// Prints lines on stdout, styled when colour is on.
    func print(_ lines: [StyledLine]) {
        output.write(ANSIEncoder(colors: colors).terminalText(lines))
    }

    /// Prints the one JSON document of `--json`.
    func printJSON(_ value: some Encodable) throws {
        output.writeJSON(try JSONText.document(value))
    }

    /// One line of JSON Lines (`watch --json`): compact, written and flushed at once.
    func printJSONLine(_ value: some Encodable) throws {
        output.writeJSON(try JSONText.line(value))
    }

    /// In the local time zone, as the C library knows it (TZ, /etc/localtime).
    var relativeDates: RelativeDate { .local(now: Date()) }

    /// `compact`: one line a story (`--compact`).
    func storyListView(compact: Bool = false) -> StoryListView {
        StoryListView(width: width, dates: relativeDates, colors: colors, compact: compact)
    }

    /// Says on stderr when a list came from the cache because of `--offline` or a failure.
    func reportOrigin(_ origin: StoryList.Origin, mode: FetchMode) {
        switch origin {
        case .network:
            break
        case .cache(let fetchedAt):
            // The site was resolved before any list came; the demo, always offline, goes unsaid.
            if mode == .offline, case .site? = try? siteSelection() {
                output.note("offline: showing the copy from \(relativeDates.describe(fetchedAt))")
            }
        case .staleCache(let fetchedAt, let reason):
            output.note("offline: showing the copy from \(relativeDates.describe(fetchedAt)): \(reason)")
        }
    }

    /// Says on stderr which copies `content` showed because its site could not be reached,
    /// for answers that carry no origin of their own (terms, pages).
    func reportCopies(of content: SiteContent) {
        for origin in content.copiesServed() { reportOrigin(origin, mode: .normal) }
    }

    private static func logExchange(_ exchange: HTTPExchange, to output: Output) {
        let outcome = exchange.status.map { "\($0)" } ?? "failed"
        let retry = exchange.attempt > 1 ? " (attempt \(exchange.attempt))" : ""
        let tenths = (exchange.bytes * 10 + 512) / 1024
        let size = tenths < 100 ? "\(tenths / 10).\(tenths % 10)" : "\(tenths / 10)"
        output.note("\(exchange.method.rawValue) \(exchange.url) -> \(outcome), \(size) KB, \(Int(exchange.milliseconds.rounded())) ms\(retry)")
        for target in exchange.redirectedTo { output.note("  redirected to \(target)") }
    }
}

/// The site a run reads, resolved the first time it is asked for.
final class SiteSelectedOnce: Sendable {
    private let selected = Mutex<Result<SiteSelection, any Error>?>(nil)

    /// A failure is kept too: asked again, the command hears the same error, once resolved.
    func selection(_ resolve: () throws -> SiteSelection) throws -> SiteSelection {
        try selected.withLock { selected in
            if let selected { return selected }
            let result = Result { try resolve() }
            selected = result
            return result
        }.get()
    }
}

/// Failures of the executable's own.
enum SetupError: ExplainedError {
    case noSite
    case noTerminal
    case needsTerminal(String)
    case demoNotWatchable
    case unreadable(String, reason: String)
    case notASubscriptionList(String, reason: SubscriptionListError)
    case noPassword(user: String)
    /// `saved --export` to a file that is there, without `--force`.
    case fileExists(String)

    var description: String {
        switch self {
        case .noSite: "no site given and no demo site found: pass --site URL or add one with `wpnews sites add NAME URL`"
        case .noTerminal: "live search needs a terminal: give the words to search for instead"
        case .needsTerminal(let command): "\(command) needs a terminal: for scripts, use `wpnews featured`, `latest` or `read`"
        case .demoNotWatchable: "the demo site is a snapshot and never changes, so it cannot be watched: pass --site URL, or add a site with `wpnews sites add NAME URL`"
        case .unreadable(let file, let reason): "cannot read \(file) (\(reason)): check the path"
        case .notASubscriptionList(let file, let reason):
            "cannot import \(file): \(reason): export the subscriptions from your reader as OPML again, or give newsboat's urls file"
        case .noPassword(let user): "no application password given for \(user): type it when asked, or pipe it to stdin"
        case .fileExists(let file): "\(file) already exists: give --force to write over it, or another file name"
        }
    }

    /// A file that could not be read, and why in words: Foundation's own message for a
    /// directory is "NSCocoaErrorDomain error 256".
    static func unreadable(_ path: String, error: any Error) -> SetupError {
        var isDirectory: ObjCBool = false
        let reason = if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            "no such file"
        } else if isDirectory.boolValue {
            "it is a directory"
        } else if !FileManager.default.isReadableFile(atPath: path) {
            "permission denied"
        } else {
            (error as NSError).localizedDescription
        }
        return .unreadable(path, reason: reason)
    }
}

extension RelativeDate {
    /// In the local time zone, as the C library knows it (TZ, /etc/localtime).
    static func local(now: Date) -> RelativeDate {
        RelativeDate(now: now) { date in
            var time = time_t(date.timeIntervalSince1970)
            var local = tm()
            return localtime_r(&time, &local) == nil ? 0 : local.tm_gmtoff
        }
    }
}
