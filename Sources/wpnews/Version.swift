import BuildVersion
import HTMLParsing
import HTTPClient
import NewsCore
import TerminalImages

enum Version {
    /// What `--version` prints: `wpnews 0.1.0 (1a2b3c4, 2026-11-26)`.
    static let current = BuildVersion.current.line
    static let userAgent = "wpnews/\(BuildVersion.current.version) (terminal news reader for WordPress)"

    /// What a command line that asks only for the version asks for, answered before any
    /// parse (the root's description names every command). After a command (`latest
    /// --version`) the parse finds the flag, as every command's help lists it.
    enum Request: Equatable {
        /// `wpnews --version`: the version alone.
        case plain
        /// `wpnews -v --version` (or `--verbose`, in either order): the version, then the
        /// libraries found at run time.
        case verbose

        var text: String {
            switch self {
            case .plain: Version.current
            case .verbose: Version.withLibraries
            }
        }
    }

    /// The one place the version's command lines are recognised: `--version`, with `-v` or
    /// `--verbose` for the libraries too, and nothing else; nil for any other command line.
    static func request(_ arguments: [String]) -> Request? {
        guard arguments.contains("--version"), arguments.allSatisfy({ ["--version", "-v", "--verbose"].contains($0) }) else {
            return nil
        }
        return arguments.count > 1 ? .verbose : .plain
    }

    /// libcurl, chafa and gdk-pixbuf are opened here as on first use; one that is missing says
    /// what to install.
    private static var withLibraries: String {
        let pictures = switch (ImageLibraries.versions(), ImageLibraries.problem()) {
        case (let found?, _): ["gdk-pixbuf " + found.gdkPixbuf, "chafa " + found.chafa]
        // The shim opens them together: one missing leaves both unusable.
        case (nil, .librariesMissing(let sonames)?):
            ["gdk-pixbuf and chafa not installed: `apt install \(ImageLibraries.packages(for: sonames).joined(separator: " "))`"]
        case (nil, let problem?): ["gdk-pixbuf and chafa not usable: " + ErrorMessage.line(for: problem)]
        case (nil, nil): ["gdk-pixbuf and chafa not found"]
        }
        let lines = [
            current,
            "libcurl " + (HTTPClient.libcurlVersion ?? "not installed: `apt install libcurl4`"),
            "libxml2 " + (LibXML2.version ?? "not installed: `apt install libxml2`"),
            "SQLite " + (AppDatabase.sqliteVersion ?? "could not be opened"),
        ] + pictures
        return lines.joined(separator: "\n")
    }
}
