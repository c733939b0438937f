import BuildVersion
import HTMLParsing
import HTTPClient
import NewsCore
import TerminalImages

enum Version {
    /// What `--version` prints: `wpnews 0.1.0 (1a2b3c4, 2026-11-26)`.
    static let current = BuildVersion.current.line
    static let userAgent = "wpnews/\(BuildVersion.current.version) (terminal news reader for WordPress)"

    /// `wpnews -v --version` (or `--verbose`, in either order): the version, then the
    /// libraries found at run time. libcurl, chafa and gdk-pixbuf are opened here as on first
    /// use.
    static func isVerboseRequest(_ arguments: [String]) -> Bool {
        arguments.contains("--version") && arguments.count > 1
            && arguments.allSatisfy { ["--version", "-v", "--verbose"].contains($0) }
    }

    static var withLibraries: String {
        let pictures = ImageLibraries.versions()
        let lines = [
            current,
            "libcurl " + (HTTPClient.libcurlVersion ?? "not installed: `apt install libcurl4` installs it"),
            "libxml2 " + LibXML2.version,
            "SQLite " + (AppDatabase.sqliteVersion ?? "could not be opened"),
            "gdk-pixbuf " + (pictures?.gdkPixbuf ?? "not installed"),
            "chafa " + (pictures?.chafa ?? "not installed"),
        ]
        return lines.joined(separator: "\n")
    }
}
