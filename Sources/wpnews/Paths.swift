import Foundation

/// Where wpnews keeps its files (XDG base directories) and finds what it ships.
struct Paths: Sendable {
    let configFile: String
    /// The followed sites: wpnews's own file, beside the user's config.
    let sitesFile: String
    /// Application passwords, when no keyring takes them (mode 0600).
    let credentialsFile: String
    let cacheFile: String
    /// Pictures, one file each (`ImageCache`).
    let imageCacheDirectory: String
    /// What only the user made (read and seen marks, hidden stories, the last list shown):
    /// not cache, so under `$XDG_STATE_HOME`.
    let stateFile: String
    /// The pictures of saved stories, kept with the user's data (`SiteContent.keepPictures`).
    let savedPicturesDirectory: String
    /// A private copy of the bundled demo site's cache, so reading it can mark stories seen.
    let demoCacheFile: String
    private let environment: [String: String]

    init(environment: [String: String]) {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.cache"
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
        configFile = config + "/wpnews/config.toml"
        sitesFile = config + "/wpnews/sites.toml"
        credentialsFile = config + "/wpnews/credentials"
        cacheFile = cache + "/wpnews/wpnews.sqlite"
        imageCacheDirectory = cache + "/wpnews/images"
        stateFile = state + "/wpnews/state.sqlite"
        savedPicturesDirectory = state + "/wpnews/saved-pictures"
        demoCacheFile = cache + "/wpnews/demo.sqlite"
        self.environment = environment
    }

    /// The bundled demo snapshot, when it can be found. Looked up only when the demo is
    /// used: resolving the executable's place costs every other run for nothing.
    var bundledDemo: String? {
        Self.resources(environment: environment).map { $0 + "/demo/demo.sqlite" }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// `Resources/` beside the build folder (`.build/debug/wpnews`), or `share/wpnews` beside
    /// an installed `bin/wpnews`; `WPNEWS_RESOURCES` overrides both.
    private static func resources(environment: [String: String]) -> [String] {
        if let override = environment["WPNEWS_RESOURCES"] { return [override] }
        // Without /proc, the name it was started by.
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let binDirectory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        return [
            binDirectory.appendingPathComponent("../share/wpnews").standardized.path,
            binDirectory.appendingPathComponent("../../../Resources").standardized.path,
            binDirectory.appendingPathComponent("../../Resources").standardized.path,
        ]
    }
}
