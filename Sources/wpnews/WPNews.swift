import ArgumentParser
import GRDB
import Glibc
import HTTPClient
import NewsCore
import WordPressAPI

@main
struct WPNews: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wpnews",
        abstract: "Read WordPress news sites in the terminal.",
        discussion: """
            Point wpnews at any URL of a WordPress site with --site or WPNEWS_SITE, or
            add it under a name; with no site it shows a bundled demo:
              wpnews featured --site https://news.example.org
              wpnews sites add campus https://news.example.org
              wpnews latest --offline

            Options go after the command. Output: the result on stdout (one JSON
            document with --json), everything else on stderr. Exit status: 0 success
            (also an empty list), 1 failure, 64 usage error.
            """,
        version: Version.current,
        subcommands: [
            FeaturedCommand.self, LatestCommand.self, SearchCommand.self, ReadCommand.self, CategoriesCommand.self, CategoryCommand.self,
            TagsCommand.self, TagCommand.self, AuthorCommand.self, PagesCommand.self, PageCommand.self,
            RenderCommand.self, SitesCommand.self, CacheCommand.self,
        ]
    )

    /// Runs the command; wpnews's own errors become one line on stderr and exit status 1,
    /// ArgumentParser's (usage, help, version) keep their own handling.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // ArgumentParser's own (help, usage, exit codes) keep its handling.
            guard let message = ErrorMessage.line(for: error) else { exit(withError: error) }
            Output.note("wpnews: " + message)
            Glibc.exit(1)
        }
    }
}

/// The one line a failure prints.
enum ErrorMessage {
    static func line(for error: any Error) -> String? {
        let message: String
        switch error {
        // Each error type of wpnews's own describes itself as one line that says what to do.
        case let error as HTTPError: message = error.description
        case let error as WordPressError: message = error.description
        case let error as NewsError: message = error.description
        case let error as SettingsError: message = error.description
        case let error as SetupError: message = error.description
        case let error as DatabaseError:
            message = "the cache failed (\(error.message ?? "SQLite error \(error.resultCode)")): if it keeps failing, run `wpnews cache clear`"
        case is CancellationError: message = "cancelled"
        default: return nil
        }
        // Server text is sanitized when decoded; URLs and the like are not, so sanitize the line.
        return PlainText.sanitize(message).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
