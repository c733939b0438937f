import CommandLineParsing
import Foundation
import Glibc
import HTTPClient
import NewsCore
import TerminalRender
import WordPressAPI

@main
enum WPNews {
    /// What wpnews is and how it is used, as `--help` and the manual page begin.
    static let overview = """
        Point wpnews at any URL of a WordPress site with --site or WPNEWS_SITE, or \
        add it under a name; with no site it shows a bundled demo:
          wpnews featured --site https://news.example.org
          wpnews sites add campus https://news.example.org
          wpnews latest --offline

        Options go after the command. Output: the result on stdout (one JSON \
        document with --json), everything else on stderr. Exit status: 0 success \
        (also an empty list), 1 failure, 64 usage error, 130, 143 and 129 stopped \
        by Ctrl-C (SIGINT), SIGTERM or SIGHUP.
        """

    static let description = CommandDescription(
        name: "wpnews",
        abstract: "Read WordPress news sites in the terminal.",
        discussion: overview + "\n\n" + ManualPage.pointer,
        subcommands: [
            Subcommand("featured", FeaturedCommand.description),
            Subcommand("latest", LatestCommand.description),
            Subcommand("search", SearchCommand.description),
            Subcommand("read", ReadCommand.description),
            Subcommand("categories", CategoriesCommand.description),
            Subcommand("category", CategoryCommand.description),
            Subcommand("tags", TagsCommand.description),
            Subcommand("tag", TagCommand.description),
            Subcommand("author", AuthorCommand.description),
            Subcommand("pages", PagesCommand.description),
            Subcommand("page", PageCommand.description),
            Subcommand("render", RenderCommand.description),
            Subcommand("sites", SitesCommand.description),
            Subcommand("cache", CacheCommand.description),
            Subcommand("browse", BrowseCommand.description),
            Subcommand("watch", WatchCommand.description),
            Subcommand("save", SaveCommand.description),
            Subcommand("unsave", UnsaveCommand.description),
            Subcommand("saved", SavedCommand.description),
            Subcommand("mark", MarkCommand.description),
        ]
    )

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        Interrupts.watchOneShot()
        let status = await run(opensTheApp(arguments) ? ["browse"] + arguments : arguments,
                               environment: ProcessInfo.processInfo.environment, output: .process, contentManager: .shared)
        end(status)
    }

    /// The one way the process ends: after a run, on SIGINT or SIGTERM during a one-shot
    /// command (`Interrupts`, its transfers cancelled first), and when stdout refuses the
    /// output (`Output`). A full screen's signals come back through `run` as its status.
    static func end(_ status: Int32) -> Never {
        Glibc.exit(status)
    }

    /// One run, from the words after `wpnews` to the exit status: wpnews's own errors become
    /// one line on stderr and status 1, usage errors one line and where to find help (64);
    /// help and the version print on stdout. The tests run commands here, with their own
    /// environment, output and content manager. The environment is read only for a command
    /// that runs: help and the version do without it.
    static func run(
        _ arguments: [String], environment: @autoclosure @Sendable () -> [String: String], output: Output, contentManager: ContentManager
    ) async -> Int32 {
        if let version = Version.request(arguments) {
            writePlain(version.text, to: output)
            return 0
        }
        var helpPath = [description.name]
        do {
            if let text = try shellIntegration(arguments) {
                // No candidate is no line: an empty one would be a candidate the shell takes.
                if !text.isEmpty { writePlain(text, to: output) }
                return 0
            }
            switch try CommandLineParser.parse(arguments, root: description) {
            case .version:
                writePlain(Version.current, to: output)
            case .help(let command, let path):
                writePlain(HelpText(command, path: path, columns: helpColumns(output)).text, to: output)
            case .run(let parsed):
                helpPath = parsed.helpPath
                guard let command = command(at: parsed.path) else { throw UsageError("no command '\(parsed.path.joined(separator: " "))'") }
                try await run(command, parsed, environment: environment(), output: output, contentManager: contentManager)
            }
            return 0
        } catch let error as UsageError {
            output.note("wpnews: " + error.message)
            output.note("  see `\((error.commandPath.isEmpty ? helpPath : error.commandPath).joined(separator: " ")) --help`")
            return 64
        } catch let status as ExitStatus {
            return status.code
        } catch {
            output.note("wpnews: " + ErrorMessage.line(for: error))
            return 1
        }
    }

    /// A command made from its values and run with a context of the process (or the test).
    private static func run<Command: WPNewsCommand>(
        _ type: Command.Type, _ parsed: ParsedArguments, environment: [String: String], output: Output, contentManager: ContentManager
    ) async throws {
        let command = try Command(parsed)
        let context = try CommandContext(
            options: command.global, environment: environment, output: output, contentManager: contentManager, settingsNeed: command.settingsNeed
        )
        defer { contentManager.foldLongLogs() }
        try await command.run(context: context)
    }

    /// The command a parse ended at: `["wpnews", "sites", "add"]`.
    static func command(at path: [String]) -> (any WPNewsCommand.Type)? {
        switch path.dropFirst().joined(separator: " ") {
        case "featured": FeaturedCommand.self
        case "latest": LatestCommand.self
        case "search": SearchCommand.self
        case "read": ReadCommand.self
        case "categories": CategoriesCommand.self
        case "category": CategoryCommand.self
        case "tags": TagsCommand.self
        case "tag": TagCommand.self
        case "author": AuthorCommand.self
        case "pages": PagesCommand.self
        case "page": PageCommand.self
        case "render": RenderCommand.self
        case "sites list": SitesListCommand.self
        case "sites add": SitesAddCommand.self
        case "sites default": SitesDefaultCommand.self
        case "sites remove": SitesRemoveCommand.self
        case "sites import": SitesImportCommand.self
        case "sites export": SitesExportCommand.self
        case "sites set": SitesSetCommand.self
        case "cache show": CacheShowCommand.self
        case "cache clear": CacheClearCommand.self
        case "cache prune": CachePruneCommand.self
        case "browse": BrowseCommand.self
        case "watch": WatchCommand.self
        case "save": SaveCommand.self
        case "unsave": UnsaveCommand.self
        case "saved": SavedCommand.self
        case "mark": MarkCommand.self
        default: nil
        }
    }

    /// Help is filled to the terminal it is read on, else to 80 columns.
    private static func helpColumns(_ output: Output) -> Int {
        var size = winsize()
        guard output.isProcess, isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// What the shells and scripts/install.sh ask of wpnews, answered from the descriptions:
    /// TAB's candidates (`---completion`), a shell's completion script, the manual page
    /// (`---manual DATE`). Nil for any other command line.
    private static func shellIntegration(_ arguments: [String]) throws(UsageError) -> String? {
        if arguments.first == "---completion" { return Completions.answer(arguments.dropFirst(), root: description).joined(separator: "\n") }
        if arguments.first == "---manual", arguments.count == 2 { return ManualPage.text(date: arguments[1]) }
        let request = "--generate-completion-script"
        guard let at = arguments.firstIndex(where: { $0 == request || $0.hasPrefix(request + "=") }) else { return nil }
        let shell = arguments[at] == request ? arguments.dropFirst(at + 1).first : String(arguments[at].dropFirst(request.count + 1))
        guard let shell else { throw UsageError("Missing value for '\(request) <shell>'") }
        guard let script = CompletionScript.script(for: shell, program: description.name) else {
            throw UsageError("no completion script for '\(shell)': bash, zsh or fish")
        }
        return script
    }

    /// `wpnews` alone, or with only options (`wpnews --site X`), on a terminal: the app.
    /// Anywhere else it prints help as before, so a script never finds itself in a full screen.
    private static func opensTheApp(_ arguments: [String]) -> Bool {
        guard Version.request(arguments) == nil else { return false }
        let onlyOptions = arguments.first.map { $0.hasPrefix("-") && !["-h", "--help", "--version"].contains($0) } ?? true
        return onlyOptions && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Text of wpnews's own (help, versions, scripts, the page) on stdout, through the output
    /// boundary like any result; its last line end is the output's.
    private static func writePlain(_ text: String, to output: Output) {
        let lines = (text.hasSuffix("\n") ? text.dropLast() : text[...]).split(separator: "\n", omittingEmptySubsequences: false)
        output.write(ANSIEncoder(styles: .none).terminalText(lines.map { StyledLine([Span(String($0))]) }))
    }
}
