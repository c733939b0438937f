import Foundation
internal import TOMLKit
import WordPressAPI

/// A setting that is one of a few words: a word wpnews does not know is refused with the
/// list of those it does.
public protocol SettingChoice: RawRepresentable<String>, CaseIterable, Decodable, Sendable {}

extension SettingChoice {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let choice = Self(rawValue: try container.decode(String.self)) else {
            let names = Self.allCases.map(\.rawValue)
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
        }
        self = choice
    }
}

/// How pictures are shown (`[images] mode`, `--images`): what the terminal can do decides
/// `auto`; the executable draws them.
public enum ImageMode: String, SettingChoice {
    case auto, kitty, sixel, iterm, symbols, none
}

/// How the app draws its story lists (`[app] list`, `v`): a line a story, or cards of title,
/// date and names, and excerpt.
public enum ListDensity: String, SettingChoice {
    case compact, cards
}

/// `config.toml`: the user's file. wpnews reads it and never writes it (the followed sites
/// live in `sites.toml`, which wpnews owns).
///
///     [freshness]
///     lists_minutes = 5
///     content_hours = 24
///     terms_hours = 24
///
///     [cache]
///     prune_after_days = 30
///
///     [network]
///     requests_per_host = 6            # in flight to one site at most
///     ca_file = "/etc/ssl/private-ca.pem"
///
///     [images]
///     mode = "auto"                    # "kitty", "sixel", "iterm", "symbols" or "none"
///     cache_mb = 200                   # the picture cache's cap
///     remote = true                    # false: only pictures on the site's own host
///     wait_ms = 1500                   # how long `read` waits for pictures
///
///     [app]
///     list = "compact"                 # the app's story lists: "compact" or "cards"
///     mouse = true                     # false: no clicks, the terminal selects text
///
///     [reader]
///     max_width = 80                   # the app's article lines at most; 0: the window's width
///
///     [keys]                           # `wpnews browse`: an action's keys, one or a list
///     down = ["j", "down"]
///     refresh = "ctrl-r"
///
/// Durations are whole numbers of the unit their key names. `default_site` and `[sites]`
/// are read only to move them to `sites.toml` once (wpnews before 0.2 kept them here).
public struct Settings: Decodable, Sendable, Hashable {
    public struct FreshnessSettings: Decodable, Sendable, Hashable {
        public var listsMinutes: Int?
        public var contentHours: Int?
        public var termsHours: Int?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case listsMinutes = "lists_minutes"
            case contentHours = "content_hours"
            case termsHours = "terms_hours"
        }
    }

    public struct CacheSettings: Decodable, Sendable, Hashable {
        public var pruneAfterDays: Int?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case pruneAfterDays = "prune_after_days"
        }
    }

    public struct NetworkSettings: Decodable, Sendable, Hashable {
        /// Requests in flight to one host at most.
        public var requestsPerHost: Int?
        /// Certificates to trust besides the system's (a PEM file), for sites with a private CA.
        public var caFile: String?
        /// The proxy for every request (`http://host:port`), over `http_proxy` and friends.
        public var proxy: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case requestsPerHost = "requests_per_host"
            case caFile = "ca_file"
            case proxy
        }
    }

    public struct ImagesSettings: Decodable, Sendable, Hashable {
        public var mode: ImageMode?
        public var cacheMB: Int?
        public var remote: Bool?
        public var waitMilliseconds: Int?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case mode
            case cacheMB = "cache_mb"
            case remote
            case waitMilliseconds = "wait_ms"
        }
    }

    public struct AppSettings: Decodable, Sendable, Hashable {
        public var list: ListDensity?
        public var mouse: Bool?
        /// The app's layout for screen readers and braille displays (`--accessible`).
        public var accessible: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case list
            case mouse
            case accessible
        }
    }

    public struct ReaderSettings: Decodable, Sendable, Hashable {
        /// Columns of text at most; 0 for the window's whole width.
        public var maxWidth: Int?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case maxWidth = "max_width"
        }
    }

    /// `[keys]`, as written: the app turns the names into keys, since NewsCore knows nothing of
    /// terminals. Read leniently, so that one mistyped entry costs its action the user's keys,
    /// not the whole configuration.
    public struct KeySettings: Decodable, Sendable, Hashable {
        /// Action name to key names: `down = "j"` and `down = ["j", "down"]` alike.
        public var bindings: [String: [String]]
        /// Entries neither a key name nor a list of them, described for the user.
        public var badEntries: [String]

        public init(bindings: [String: [String]] = [:], badEntries: [String] = []) {
            self.bindings = bindings
            self.badEntries = badEntries
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ActionName.self)
            self.init()
            for action in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                if let name = try? container.decode(String.self, forKey: action) {
                    bindings[action.stringValue] = [name]
                } else if let names = try? container.decode([String].self, forKey: action) {
                    bindings[action.stringValue] = names
                } else {
                    badEntries.append(
                        "keys.\(action.stringValue): not a key name or a list of them, such as \"j\" or [\"j\", \"down\"]; the default stays")
                }
            }
        }

        /// Any key of the table: which actions exist is the app's business.
        private struct ActionName: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    /// The tables of config.toml a mistake is kept to: one that cannot be read leaves the
    /// others usable. (`[keys]` holds none: the app names its bad entries itself.)
    public enum Section: String, CaseIterable, Sendable {
        case freshness, cache, network, images, app, reader
    }

    /// What is wrong with each section that could not be read ("'images.mode' must be ..."):
    /// such a section keeps its defaults here, and a command that needs it stops.
    public private(set) var invalidSections: [Section: String] = [:]

    /// Sites and the default as wpnews before 0.2 wrote them here, to be moved.
    public var legacySites: [String: FollowedSites.Site]
    public var legacyDefaultSite: String?
    public var freshnessSettings: FreshnessSettings?
    public var cache: CacheSettings?
    public var network: NetworkSettings?
    public var images: ImagesSettings?
    public var app: AppSettings?
    public var reader: ReaderSettings?
    public var keys: KeySettings

    public init() {
        legacySites = [:]
        keys = KeySettings()
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case legacyDefaultSite = "default_site"
        case legacySites = "sites"
        case freshnessSettings = "freshness"
        case cache
        case network
        case images
        case app
        case reader
        case keys
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        legacyDefaultSite = try container.decodeIfPresent(String.self, forKey: .legacyDefaultSite)
        legacySites = try container.decodeIfPresent([String: FollowedSites.Site].self, forKey: .legacySites) ?? [:]
        var invalid: [Section: String] = [:]
        func read<Value: Decodable>(_ section: Section, check: (Value) throws -> Void = { _ in }) throws -> Value? {
            do {
                let value = try container.decodeIfPresent(Value.self, forKey: CodingKeys(rawValue: section.rawValue)!)
                try value.map(check)
                return value
            } catch let error as DecodingError {
                invalid[section] = TOMLFile.problem(in: error)
                return nil
            }
        }
        freshnessSettings = try read(.freshness)
        cache = try read(.cache)
        network = try read(.network) { (network: NetworkSettings) in
            if let limit = network.requestsPerHost, !(1...32).contains(limit) {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: [CodingKeys.network, NetworkSettings.CodingKeys.requestsPerHost], debugDescription: "must be 1 to 32"))
            }
        }
        images = try read(.images)
        app = try read(.app)
        reader = try read(.reader) { (reader: ReaderSettings) in
            if let columns = reader.maxWidth, columns != 0 && !(20...1000).contains(columns) {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: [CodingKeys.reader, ReaderSettings.CodingKeys.maxWidth], debugDescription: "must be 0 (the whole width) or 20 to 1000"))
            }
        }
        do {
            keys = try container.decodeIfPresent(KeySettings.self, forKey: .keys) ?? KeySettings()
        } catch {
            keys = KeySettings(badEntries: ["keys: not a table of actions and their keys (write [keys], then lines such as down = \"j\"); the defaults stay"])
        }
        invalidSections = invalid
    }

    public var freshness: Freshness {
        let defaults = Freshness()
        return Freshness(
            lists: freshnessSettings?.listsMinutes.map { TimeInterval($0 * 60) } ?? defaults.lists,
            content: freshnessSettings?.contentHours.map { TimeInterval($0 * 3_600) } ?? defaults.content,
            terms: freshnessSettings?.termsHours.map { TimeInterval($0 * 3_600) } ?? defaults.terms
        )
    }

    /// The app's story lists: compact unless `[app] list` says cards.
    public var listDensity: ListDensity { app?.list ?? .compact }

    /// Whether the app asks the terminal for clicks: yes unless `[app] mouse = false`.
    public var appMouse: Bool { app?.mouse ?? true }
    /// The app's accessible layout: off unless `[app] accessible = true`.
    public var accessible: Bool { app?.accessible ?? false }

    /// The reader's widest line: 80 columns unless `[reader] max_width` says otherwise; nil
    /// for the window's whole width.
    public var readerMaxWidth: Int? {
        let columns = reader?.maxWidth ?? 80
        return columns == 0 ? nil : columns
    }

    /// Stories in no cached list and unread for this long are pruned.
    public var pruneAfter: TimeInterval { TimeInterval((cache?.pruneAfterDays ?? 30) * 86_400) }

    /// The configuration in `path`; an empty one when the file does not exist. `notice`
    /// hears of keys wpnews does not know (misspelled ones, most likely).
    public static func load(path: String, notice: (String) -> Void = { _ in }) throws -> Settings {
        try TOMLFile.read(Settings.self, path: path, known: KnownKeys.config, notice: notice) ?? Settings()
    }
}

/// The keys wpnews reads in config.toml and sites.toml, by table: any other key is named in
/// a warning rather than ignored in silence. They are the settings types' own coding keys,
/// so a key a feature adds to one of them is known here at once.
enum KnownKeys {
    /// A table's dotted path ("" the top, "sites.*" any one site's) to its keys; a table not
    /// listed is not checked (`[keys]`: which actions exist is the app's business).
    typealias Tables = [String: Set<String>]

    static let config: Tables = [
        "": names(Settings.CodingKeys.self),
        "freshness": names(Settings.FreshnessSettings.CodingKeys.self),
        "cache": names(Settings.CacheSettings.CodingKeys.self),
        "network": names(Settings.NetworkSettings.CodingKeys.self),
        "images": names(Settings.ImagesSettings.CodingKeys.self),
        "app": names(Settings.AppSettings.CodingKeys.self),
        "reader": names(Settings.ReaderSettings.CodingKeys.self),
        "sites.*": names(FollowedSites.Site.CodingKeys.self),
    ]

    static let sites: Tables = [
        "": names(FollowedSites.CodingKeys.self),
        "sites.*": names(FollowedSites.Site.CodingKeys.self),
    ]

    private static func names<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) -> Set<String> {
        Set(keys.allCases.map(\.stringValue))
    }

    /// The dotted paths of the keys in `table` that `tables` does not know, in order.
    static func unknown(in table: TOMLTable, _ tables: Tables, path: [String] = []) -> [String] {
        let known = tables[path.joined(separator: ".")] ?? path.last.flatMap { _ in tables[(path.dropLast() + ["*"]).joined(separator: ".")] }
        return table.keys.sorted().flatMap { key -> [String] in
            let keyPath = path + [key]
            if let known, !known.contains(key) { return [keyPath.joined(separator: ".")] }
            return table[key]?.table.map { unknown(in: $0, tables, path: keyPath) } ?? []
        }
    }
}

/// Reading a TOML file into a Decodable value, with errors that name the file and the key.
enum TOMLFile {
    /// Nil when the file does not exist. With `known`, `notice` gets one warning naming the
    /// keys it does not list.
    static func read<Value: Decodable>(
        _ type: Value.Type, path: String, known: KnownKeys.Tables? = nil, notice: (String) -> Void = { _ in }
    ) throws -> Value? {
        guard let data = FileManager.default.contents(atPath: path) else {
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            throw SettingsError.unreadable(path: path)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw SettingsError.invalid(path: path, detail: "not UTF-8 text")
        }
        do {
            let table = try TOMLTable(string: text)
            let value = try TOMLDecoder().decode(type, from: table)
            if let known, case let strays = KnownKeys.unknown(in: table, known), !strays.isEmpty {
                notice("warning: \(path) has keys wpnews does not know, and ignores: \(strays.joined(separator: ", ")): check their spelling")
            }
            return value
        } catch let error as TOMLParseError {
            throw SettingsError.invalid(path: path, detail: "line \(error.source.begin.line): \(error.description)")
        } catch let error as DecodingError {
            throw SettingsError.invalid(path: path, detail: problem(in: error))
        }
    }

    /// What is wrong with a value, naming its key.
    static func problem(in error: DecodingError) -> String {
        if case .dataCorrupted(let context) = error, context.debugDescription.hasPrefix("must be ") {
            // Our own checks of a value (a range, a choice) say what it must be.
            return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' \(context.debugDescription)"
        }
        // TOMLKit reports a value of the wrong type as a missing key: name the key either way.
        return "'\(keyPath(of: error))' is missing or has the wrong type"
    }

    private static func keyPath(of error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            // TOMLKit sometimes puts the key in the path already.
            (context.codingPath.last?.stringValue == key.stringValue ? context.codingPath : context.codingPath + [key])
                .map(\.stringValue).joined(separator: ".")
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath.map(\.stringValue).joined(separator: ".")
        @unknown default:
            "?"
        }
    }
}

public enum SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String)
    case invalid(path: String, detail: String)
    case badName(String)
    case nameTaken(String)
    case urlTaken(String, name: String)
    case unknownSite(String, known: [String])
    case missingDefault(String, known: [String])
    /// Several sites followed and no `default` line in sites.toml.
    case noDefault(known: [String])
    case noSitesFollowed
    /// A group name that is not a name (`--group`, `sites set --groups`).
    case badGroup(String)
    /// A group may not share its name with a site: `--sites NAME` would mean either.
    case groupIsSite(String)
    case nameIsGroup(String)
    case unknownSiteOrGroup(String, sites: [String], groups: [String])

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read the configuration \(path): check its permissions"
        case .invalid(let path, let detail): "the configuration \(path) is not valid (\(detail)): fix or remove it"
        case .badName(let name) where name == FollowedSites.everySite:
            "'all' means every followed site (--sites all), so it cannot name one: pick another name"
        case .badName(let name): "'\(name)' cannot name a site: use letters, digits, '-' and '_', not starting with '-'"
        case .nameTaken(let name): "a site named '\(name)' exists already: remove it first or pick another name"
        case .urlTaken(let url, let name): "\(url) is followed already, as '\(name)'"
        case .unknownSite(let name, let known):
            "no site named '\(name)'" + (known.isEmpty ? ": add one with `wpnews sites add NAME URL`" : " (followed: \(known.joined(separator: ", ")))")
        case .noSitesFollowed: "no sites followed yet: add some with `wpnews sites add NAME URL`"
        case .noDefault(let known):
            "\(known.count) sites are followed and none is the default (\(known.joined(separator: ", "))): choose one with `wpnews sites default NAME`, or pass --site NAME"
        case .missingDefault(let name, let known):
            "the default site '\(name)' is not followed"
                + (known.isEmpty ? ": add it with `wpnews sites add NAME URL`" : " (followed: \(known.joined(separator: ", "))): choose one with `wpnews sites default NAME`")
        case .badGroup(let group) where group == FollowedSites.everySite:
            "'all' means every followed site (--sites all), so it cannot name a group: pick another name"
        case .badGroup(let group): "'\(group)' cannot name a group: use letters, digits, '-' and '_', not starting with '-'"
        case .groupIsSite(let group): "'\(group)' names a followed site, so it cannot name a group too: pick another name"
        case .nameIsGroup(let name): "'\(name)' names a group of sites, so it cannot name a site too: pick another name"
        case .unknownSiteOrGroup(let name, let sites, let groups):
            "no site or group named '\(name)' (sites: \(sites.joined(separator: ", ")); groups: \(groups.joined(separator: ", ")))"
        }
    }
}
