import Foundation
import Testing

/// What one run of a wpnews command printed and how it ended, whether the tests ran the
/// built binary (`WPNewsRun`) or the command inside their own process (`CommandRun`).
public protocol CommandOutcome {
    var stdout: String { get }
    var stderr: String { get }
    var status: Int32 { get }
}

extension CommandOutcome {
    public var stderrLines: [Substring] { stderr.split(separator: "\n") }
    /// The requests `--verbose` reported.
    public var requestLines: [Substring] { stderrLines.filter { $0.hasPrefix("GET ") || $0.hasPrefix("HEAD ") } }

    public func json() throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(value as? [[String: Any]], "stdout is not one JSON array of objects: \(stdout.prefix(200))")
    }
}

/// Where the command tests' sites, homes and files are.
public enum TestSites {
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled demo site's folder, as `WPNEWS_RESOURCES` names it.
    public static let demoResources = packageRoot.appendingPathComponent("Resources").path

    /// The seeded WordPress that `make test` starts (scripts/with-wordpress.sh exports it).
    public static var site: String {
        get throws {
            try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_SITE"],
                         "WPNEWS_E2E_SITE is not set: run the command tests with `make test`")
        }
    }

    /// The big WordPress (10,000 posts), which `make test` starts too.
    public static var bigSite: String {
        get throws {
            try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_BIG_SITE"],
                         "WPNEWS_E2E_BIG_SITE is not set: run the command tests with `make test`")
        }
    }

    /// The small seed with its REST API closed to visitors (`WPNEWS_WP_SITE=feed`), read
    /// through its feed; `make test` starts it too. Only `FeedSiteCommandTests` use it, since
    /// they switch its REST API on and off.
    public static var feedSite: String {
        get throws {
            try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_FEED_SITE"],
                         "WPNEWS_E2E_FEED_SITE is not set: run the command tests with `make test`")
        }
    }

    /// A shell script made executable at `path`, a stand-in for a program wpnews runs. Its
    /// descriptor is closed on exec: tests run side by side, and a program another test
    /// started while the script was open for writing would otherwise keep it open, making the
    /// script's own start fail with "Text file busy". (Not through another `Process`: two
    /// started at once have crashed Foundation's `Process.run`.)
    public static func writeScript(_ text: String, to path: String) throws {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(file >= 0, "could not write \(path)")
        defer { close(file) }
        let bytes = Array((text + "\n").utf8)
        try #require(bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == bytes.count, "could not write \(path)")
    }

    /// A home of its own (config and cache), so runs share nothing unless a test says so.
    public static func freshHome() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-home-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return home
    }

    /// What every run gets unless the test says otherwise: no stray WPNEWS_SITE or NO_COLOR
    /// from the tests' own environment, and a home of its own.
    public static func environment(_ overrides: [String: String]) throws -> [String: String] {
        var base = ["PATH": "/usr/bin:/bin", "HOME": try overrides["HOME"] ?? freshHome(), "TZ": "UTC", "LANG": "C.UTF-8"]
        base.merge(overrides) { _, new in new }
        return base
    }
}

/// The keys of a story in `--json` output: the output contract scripts depend on.
public enum StoryJSONKeys {
    public static let all: Set<String> = [
        "id", "slug", "title", "link", "date", "modified", "author", "categories", "tags", "excerpt", "sticky", "featured_image",
        "new", "updated", "read",
    ]
}

/// Columns a line takes, for the width checks (East Asian wide characters count two).
public func displayWidth(_ line: Substring) -> Int {
    line.reduce(0) { width, character in
        let wide = character.unicodeScalars.contains { scalar in
            (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0xFF00...0xFF60).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
        }
        return width + (wide ? 2 : 1)
    }
}


extension String {
    /// The text with its relative times ("5 min ago", "yesterday") as `<when>`: two runs a
    /// few seconds apart may fall either side of a minute, and a fresh test site's stories
    /// are minutes old.
    public var withoutRelativeTimes: String {
        replacing(#/just now|\d+ min ago|\d+ h ago|yesterday|\d+ days ago/#, with: "<when>")
    }
}
