import FeedFormats
import Foundation
import GRDB
import HTTPClient
import NewsCore
import TerminalImages
import Testing
import WordPressAPI
@testable import wpnews

/// Every error type wpnews can throw up to a command becomes its own line for a person:
/// never a type's name, a Swift dump of its cases, or a domain and code.
@Suite struct ErrorMessageTests {
    /// One value of each type; the label is what the line must say something of.
    static let errors: [(label: String, error: any Error)] = [
        ("host", HTTPError.hostNotFound(host: "news.example.org")),
        ("WordPress", WordPressError.notWordPress(site: "https://news.example.org")),
        ("page", NewsError.pageOutOfRange(page: 9, totalPages: 3)),
        ("config.toml", SettingsError.invalid(path: "/home/u/.config/wpnews/config.toml", detail: "line 3")),
        ("site", SetupError.noSite),
        ("chmod", CredentialError.readableByOthers(path: "/home/u/.local/share/wpnews/credentials.toml")),
        ("feed", FeedError.notAFeed(rootElement: "html")),
        ("OPML", SubscriptionListError.notOPML(rootElement: "html")),
        ("disk is full", DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full")),
        ("cancelled", CancellationError()),
        ("/tmp/missing", CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/tmp/missing"])),
        ("Permission denied", POSIXError(.EACCES)),
        ("JSON", EncodingError.invalidValue(Double.nan, .init(codingPath: [], debugDescription: "NaN"))),
        ("read", DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not JSON"))),
        ("svg", ImageError.formatRefused("svg")),
        ("apt install libchafa0", ImageError.librariesMissing(sonames: ["libchafa.so.0"])),
        ("apt install libcurl4", HTTPError.libcurlUnavailable(detail: "libcurl.so.4: cannot open shared object file: No such file or directory")),
    ]

    @Test func everyErrorTypeHasALineOfItsOwn() {
        var lines: Set<String> = []
        for (label, error) in Self.errors {
            let line = ErrorMessage.line(for: error)
            let typeName = String(describing: type(of: error))
            #expect(line.localizedCaseInsensitiveContains(label), "\(typeName): \(line)")
            let raw = [typeName, "Swift.", "Context(", "Domain", "Code=", "SQLite error"]
            #expect(!raw.contains { line.contains($0) }, "\(typeName): \(line)")
            #expect(!line.isEmpty && !line.contains("\n"), "\(typeName): \(line)")
            lines.insert(line)
        }
        #expect(lines.count == Self.errors.count)
    }
}
