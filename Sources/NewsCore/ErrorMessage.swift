import FeedFormats
import Foundation
import GRDB
import HTMLParsing
import HTTPClient
import WordPressAPI

extension NewsError: ExplainedError {}
extension SettingsError: ExplainedError {}
extension CredentialError: ExplainedError {}
extension LibXML2Unavailable: ExplainedError {}

/// The one line any failure prints, whichever layer threw it: on stderr when a command
/// fails, in a warning that lets it go on, on the app's status line. Errors of other
/// libraries (GRDB, Foundation, the standard library) are said in words, never dumped.
public enum ErrorMessage {
    public static func line(for error: any Error) -> String {
        switch error {
        case let error as any ExplainedError: error.description
        case let error as HTTPError: error.description
        case let error as WordPressError: error.description
        case let error as FeedError: "cannot read the feed: \(error.description)"
        case let error as SubscriptionListError: "cannot read the subscription list: \(error.description)"
        case let error as DatabaseError: cacheFailed(error)
        case is CancellationError: "cancelled"
        case let error as CocoaError: fileFailed(error)
        case let error as POSIXError: "a system call failed: \(String(cString: strerror(error.code.rawValue))): check the files and directories wpnews uses"
        case is EncodingError: "a result could not be written as JSON: please report this as a bug of wpnews"
        case is DecodingError: "wpnews could not read data it wrote or was given: if a file of wpnews's was edited by hand, check it"
        default: "an unexpected failure (\(String(describing: type(of: error)))): please report this as a bug of wpnews"
        }
    }

    /// The cache's database failed: SQLite's reason in words where SQLite's own would puzzle.
    static func cacheFailed(_ error: DatabaseError) -> String {
        "the cache failed (\(AppDatabase.reason(error))): if it keeps failing, run `wpnews cache clear`"
    }

    /// A file operation Foundation refused, with the file it names: Foundation's own text on
    /// Linux is often "The operation could not be completed".
    private static func fileFailed(_ error: CocoaError) -> String {
        let file = error.filePath ?? error.url?.path ?? "a file"
        let reason = switch error.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: "no such file"
        case .fileReadNoPermission, .fileWriteNoPermission: "permission denied"
        case .fileWriteOutOfSpace: "the disk is full"
        case .fileWriteFileExists: "it exists already"
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: "it is not in a form wpnews reads"
        default: "it could not be used"
        }
        return "cannot use \(file): \(reason): check the path and its permissions"
    }
}
