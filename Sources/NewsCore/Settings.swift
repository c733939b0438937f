import Foundation
internal import TOMLKit
import WordPressAPI

/// `config.toml`: the user's sites, the default one, and freshness settings.
///
///     default_site = "campus"
///
///     [sites.campus]
///     url = "https://news.example.org"
///     api_root = "https://news.example.org/wp-json/"
///
///     [freshness]
///     lists_minutes = 5
///     content_hours = 24
///     terms_hours = 24
///
///     [cache]
///     prune_after_days = 30
///
/// Durations are whole numbers of the unit their key names.
public struct Settings: Codable, Sendable, Hashable {
    public struct Site: Codable, Sendable, Hashable {
        public var url: String
        /// The discovered API root, so a configured site costs no discovery request.
        public var apiRoot: String?

        public init(url: String, apiRoot: String?) {
            self.url = url
            self.apiRoot = apiRoot
        }

        enum CodingKeys: String, CodingKey {
            case url
            case apiRoot = "api_root"
        }
    }

    public struct FreshnessSettings: Codable, Sendable, Hashable {
        public var listsMinutes: Int?
        public var contentHours: Int?
        public var termsHours: Int?

        enum CodingKeys: String, CodingKey {
            case listsMinutes = "lists_minutes"
            case contentHours = "content_hours"
            case termsHours = "terms_hours"
        }
    }

    public struct CacheSettings: Codable, Sendable, Hashable {
        public var pruneAfterDays: Int?

        enum CodingKeys: String, CodingKey {
            case pruneAfterDays = "prune_after_days"
        }
    }

    public var defaultSite: String?
    public var sites: [String: Site]
    public var freshnessSettings: FreshnessSettings?
    public var cache: CacheSettings?

    public init(defaultSite: String? = nil, sites: [String: Site] = [:]) {
        self.defaultSite = defaultSite
        self.sites = sites
    }

    enum CodingKeys: String, CodingKey {
        case defaultSite = "default_site"
        case sites
        case freshnessSettings = "freshness"
        case cache
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        defaultSite = try container.decodeIfPresent(String.self, forKey: .defaultSite)
        sites = try container.decodeIfPresent([String: Site].self, forKey: .sites) ?? [:]
        freshnessSettings = try container.decodeIfPresent(FreshnessSettings.self, forKey: .freshnessSettings)
        cache = try container.decodeIfPresent(CacheSettings.self, forKey: .cache)
    }

    public var freshness: Freshness {
        let defaults = Freshness()
        return Freshness(
            lists: freshnessSettings?.listsMinutes.map { TimeInterval($0 * 60) } ?? defaults.lists,
            content: freshnessSettings?.contentHours.map { TimeInterval($0 * 3_600) } ?? defaults.content,
            terms: freshnessSettings?.termsHours.map { TimeInterval($0 * 3_600) } ?? defaults.terms
        )
    }

    /// Stories in no cached list and unread for this long are pruned.
    public var pruneAfter: TimeInterval { TimeInterval((cache?.pruneAfterDays ?? 30) * 86_400) }

    // MARK: The file

    /// The configuration in `path`; an empty one when the file does not exist.
    public static func load(path: String) throws -> Settings {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            guard FileManager.default.fileExists(atPath: path) else { return Settings() }
            throw SettingsError.unreadable(path: path)
        }
        do {
            return try TOMLDecoder().decode(Settings.self, from: text)
        } catch let error as TOMLParseError {
            throw SettingsError.invalid(path: path, detail: "line \(error.source.begin.line): \(error.description)")
        } catch let error as DecodingError {
            // TOMLKit reports a value of the wrong type as a missing key: name the key either way.
            let key = Self.path(of: error)
            throw SettingsError.invalid(path: path, detail: "'\(key)' is missing or has the wrong type")
        }
    }

    /// Writes the file atomically: a crash leaves the old file or the new one, never half of one.
    public func save(path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text: String = try TOMLEncoder().encode(self)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func path(of error: DecodingError) -> String {
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
    case unknownSite(String, known: [String])

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read the configuration \(path): check its permissions"
        case .invalid(let path, let detail): "the configuration \(path) is not valid (\(detail)): fix or remove it"
        case .badName(let name): "'\(name)' cannot name a site: use letters, digits, '-' and '_'"
        case .nameTaken(let name): "a site named '\(name)' exists already: remove it first or pick another name"
        case .unknownSite(let name, let known):
            "no site named '\(name)'" + (known.isEmpty ? ": add one with `wpnews sites add NAME URL`" : " (configured: \(known.joined(separator: ", ")))")
        }
    }
}

// MARK: Changing the sites

extension Settings {
    /// Adds a site under `name`; the first site added becomes the default.
    public mutating func addSite(name: String, url: String, apiRoot: APIRoot) throws(SettingsError) {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw .badName(name)
        }
        guard sites[name] == nil else { throw .nameTaken(name) }
        sites[name] = Site(url: url, apiRoot: apiRoot.description)
        if defaultSite == nil || sites[defaultSite!] == nil { defaultSite = name }
    }

    public mutating func removeSite(name: String) throws(SettingsError) {
        guard sites.removeValue(forKey: name) != nil else { throw .unknownSite(name, known: sites.keys.sorted()) }
        if defaultSite == name { defaultSite = sites.keys.sorted().first }
    }

    public mutating func makeDefault(name: String) throws(SettingsError) {
        guard sites[name] != nil else { throw .unknownSite(name, known: sites.keys.sorted()) }
        defaultSite = name
    }
}
