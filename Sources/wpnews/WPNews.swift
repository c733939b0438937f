import ArgumentParser
import Glibc
import HTTPClient
import NewsCore
import WordPressAPI

@main
struct WPNews: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wpnews",
        abstract: "Read WordPress news sites in the terminal.",
        discussion: ManualPage.rootDiscussion("""
            Point wpnews at any URL of a WordPress site with --site or WPNEWS_SITE, or
            add it under a name; with no site it shows a bundled demo:
              wpnews featured --site https://news.example.org
              wpnews sites add campus https://news.example.org
              wpnews latest --offline

            Options go after the command. Output: the result on stdout (one JSON
            document with --json), everything else on stderr. Exit status: 0 success
            (also an empty list), 1 failure, 64 usage error.
            """),
        version: Version.current,
        subcommands: [
            FeaturedCommand.self, LatestCommand.self, SearchCommand.self, ReadCommand.self, CategoriesCommand.self, CategoryCommand.self,
            TagsCommand.self, TagCommand.self, AuthorCommand.self, PagesCommand.self, PageCommand.self,
            RenderCommand.self, SitesCommand.self, CacheCommand.self, BrowseCommand.self,
        ]
    )

    /// Runs the command; wpnews's own errors become one line on stderr and exit status 1,
    /// usage errors one line and where to find help (64); help and version print as usual.
    static func main() async {
        do {
            var command = try parseAsRoot(opensTheApp ? ["browse"] + CommandLine.arguments.dropFirst() : nil)
            Interrupts.watchOneShot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error where exitCode(for: error) != .failure {
            reportUsage(error)
        } catch {
            Output.note("wpnews: " + (ErrorMessage.line(for: error) ?? String(describing: error)))
            Glibc.exit(1)
        }
    }

    /// `wpnews` alone, or with only options (`wpnews --site X`), on a terminal: the app.
    /// Anywhere else it prints help as before, so a script never finds itself in a full screen.
    private static var opensTheApp: Bool {
        let arguments = CommandLine.arguments.dropFirst()
        let onlyOptions = arguments.first.map { $0.hasPrefix("-") && !["-h", "--help", "--version"].contains($0) } ?? true
        return onlyOptions && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// A usage error as one line and a pointer to the help of the command it was for;
    /// anything else ArgumentParser stopped for (help, version) as ArgumentParser prints it.
    private static func reportUsage(_ error: any Error) -> Never {
        guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
        let message = message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "the command line is not right"
        Output.note("wpnews: " + message)
        Output.note("  see `\(commandPath(CommandLine.arguments.dropFirst())) --help`")
        Glibc.exit(ExitCode.validationFailure.rawValue)
    }

    /// `wpnews sites add` for `sites add x --bad`: the words that name (sub)commands.
    static func commandPath(_ arguments: ArraySlice<String>) -> String {
        var path = [configuration.commandName ?? "wpnews"]
        var commands: [any ParsableCommand.Type] = configuration.subcommands
        for word in arguments {
            guard let next = commands.first(where: { $0.configuration.commandName == word }) else { break }
            path.append(word)
            commands = next.configuration.subcommands
        }
        return path.joined(separator: " ")
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
        case is CancellationError: message = "cancelled"
        default: return CacheFailure.line(for: error)
        }
        return message
    }
}
