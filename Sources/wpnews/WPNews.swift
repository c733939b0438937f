import ArgumentParser
import CommandLineParsing
import Foundation
import Glibc
import HTTPClient
import NewsCore
import TerminalRender
import WordPressAPI

@main
struct WPNews: AsyncParsableCommand {
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

    static let configuration = CommandConfiguration(
        commandName: description.name,
        abstract: description.abstract,
        discussion: description.discussion,
        version: Version.current,
        subcommands: [
            FeaturedCommand.self, LatestCommand.self, SearchCommand.self, ReadCommand.self, CategoriesCommand.self, CategoryCommand.self,
            TagsCommand.self, TagCommand.self, AuthorCommand.self, PagesCommand.self, PageCommand.self,
            RenderCommand.self, SitesCommand.self, CacheCommand.self, BrowseCommand.self, WatchCommand.self,
            SaveCommand.self, UnsaveCommand.self, SavedCommand.self, MarkCommand.self,
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
    /// help prints as ArgumentParser words it, the version as `Version` does. The tests run
    /// commands here, with their own environment, output and content manager. The environment
    /// is read only for a command that runs: help and the version do without it.
    static func run(
        _ arguments: [String], environment: @autoclosure @Sendable () -> [String: String], output: Output, contentManager: ContentManager
    ) async -> Int32 {
        if let version = Version.request(arguments) {
            writePlain(version.text, to: output)
            return 0
        }
        if let text = shellIntegration(arguments) {
            // Written as lines: the file's last line end is the output's.
            writePlain(text.hasSuffix("\n") ? String(text.dropLast()) : text, to: output)
            return 0
        }
        let root = parseRoot(arguments)
        do {
            if let topic = unknownHelpTopic(arguments) { throw ValidationError("no command '\(topic)'") }
            var command = try root.command.parseAsRoot(root.arguments)
            if let command = command as? any WPNewsCommand {
                let context = try CommandContext(
                    options: command.global, environment: environment(), output: output, contentManager: contentManager,
                    settingsNeed: command.settingsNeed
                )
                defer { contentManager.foldLongLogs() }
                try await command.run(context: context)
            } else {
                // ArgumentParser's own `help`, or wpnews alone: its answer is always help text,
                // which is built once here rather than again for its exit status.
                do {
                    try command.run()
                } catch {
                    writePlain(root.command.fullMessage(for: error), to: output)
                }
            }
            return 0
        } catch {
            return report(error, root: root.command, arguments: arguments, output: output)
        }
    }

    /// What ArgumentParser parses a command line as: the command its first word names, as the
    /// root (`CommandConfiguration.wpnews` gives it wpnews's name and version), with the words
    /// after it. ArgumentParser's costly part is reflecting over a command's arguments (each
    /// property wrapper's type has its protocol conformances looked up in the binary's whole
    /// table of them), so it then reflects over that one command and skips the root's check
    /// for a completion-script request. `help X Y` is `X Y --help`, which ArgumentParser
    /// answers with the same text. What only the whole tree answers gets the whole tree: no
    /// command named, a word that names none (ArgumentParser's message and suggestions),
    /// `help` alone, completion scripts, the manual's dump, the shells' `---completion`, and
    /// `sites help`, which a group parsed as the root would take for ArgumentParser's `help`.
    static func parseRoot(_ arguments: [String]) -> (command: any ParsableCommand.Type, arguments: [String]) {
        let wholeTree: (command: any ParsableCommand.Type, arguments: [String]) = (Self.self, arguments)
        let treeRequests = ["--generate-completion-script", "--experimental-dump-help"]
        guard !arguments.contains(where: { word in treeRequests.contains { word == $0 || word.hasPrefix($0 + "=") } }) else {
            return wholeTree
        }
        let asksForHelp = arguments.first == "help"
        let words = asksForHelp ? arguments.dropFirst() : arguments[...]
        guard let name = words.first, let command = configuration.subcommands.first(where: { $0.configuration.commandName == name }) else {
            return wholeTree
        }
        let rest = Array(words.dropFirst())
        if asksForHelp {
            let named = commandPath(words).split(separator: " ").count - 1
            return named == words.count ? (command, rest + ["--help"]) : wholeTree
        }
        if rest.first == "help" && !command.configuration.subcommands.isEmpty { return wholeTree }
        return (command, rest)
    }

    /// What the shells and scripts/install.sh ask of wpnews, answered from the descriptions:
    /// TAB's candidates (`---completion`), a shell's completion script, the manual page
    /// (`---manual DATE`). Nil for any other command line.
    private static func shellIntegration(_ arguments: [String]) -> String? {
        if arguments.first == "---completion" { return Completions.answer(arguments.dropFirst(), root: description).joined(separator: "\n") }
        if arguments.first == "---manual", arguments.count == 2 { return ManualPage.text(date: arguments[1]) }
        let request = "--generate-completion-script"
        guard let at = arguments.firstIndex(where: { $0 == request || $0.hasPrefix(request + "=") }) else { return nil }
        let shell = arguments[at] == request ? arguments.dropFirst(at + 1).first : String(arguments[at].dropFirst(request.count + 1))
        return shell.flatMap { CompletionScript.script(for: $0, program: description.name) }
    }

    /// `wpnews` alone, or with only options (`wpnews --site X`), on a terminal: the app.
    /// Anywhere else it prints help as before, so a script never finds itself in a full screen.
    private static func opensTheApp(_ arguments: [String]) -> Bool {
        guard Version.request(arguments) == nil else { return false }
        let onlyOptions = arguments.first.map { $0.hasPrefix("-") && !["-h", "--help", "--version"].contains($0) } ?? true
        return onlyOptions && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// A failure as its one line (status 1); a usage error as one line and a pointer to the
    /// help of the command it was for (64); help, version and an exit status as ArgumentParser
    /// words them: on stdout when they are the answer asked for, else on stderr.
    private static func report(_ error: any Error, root: any ParsableCommand.Type, arguments: [String], output: Output) -> Int32 {
        let status = root.exitCode(for: error)
        if status == .failure {
            output.note("wpnews: " + ErrorMessage.line(for: error))
            return 1
        }
        guard status != .validationFailure else {
            output.note("wpnews: " + usageLine(root.message(for: error)))
            output.note("  see `\(commandPath(arguments[...])) --help`")
            return status.rawValue
        }
        let text = root.fullMessage(for: error)
        if status.isSuccess {
            writePlain(text, to: output)
        } else if !text.isEmpty {
            output.note(text)
        }
        return status.rawValue
    }

    /// Text of wpnews's own (help, versions) on stdout, through the output boundary like any result.
    private static func writePlain(_ text: String, to output: Output) {
        output.write(ANSIEncoder(styles: .none).terminalText(text.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine([Span(String($0))]) }))
    }

    /// ArgumentParser's usage message on one line: a list of the values allowed ("Please
    /// provide one of the following:" then "- auto", "- kitty" ... a line each) is kept,
    /// joined; anything else after the first line (its help) is left to `--help`.
    static func usageLine(_ message: String) -> String {
        let lines = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = lines.first else { return "the command line is not right" }
        let values = lines.dropFirst().prefix { $0.hasPrefix("- ") }.map { $0.dropFirst(2) }
        return first.hasSuffix(":") && !values.isEmpty ? first + " " + values.joined(separator: ", ") : first
    }

    /// The word of `wpnews help WORD...` that names no command. ArgumentParser answers it with
    /// the main help and status 0; a command that does not exist is a usage error anywhere else.
    /// `help help` is ArgumentParser's own command, which no configuration lists.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help", arguments.dropFirst().first != "help" else { return nil }
        let words = arguments.dropFirst().prefix { !$0.hasPrefix("-") }
        let named = commandPath(words).split(separator: " ").count - 1
        return named < words.count ? words[words.startIndex + named] : nil
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
