import ArgumentParser
import CommandRuns
import Testing
@testable import wpnews

/// ArgumentParser is handed the command a command line names, as the root of its parse
/// (`WPNews.parseRoot`), and the whole tree only for what needs it: what a user sees stays what
/// the whole tree says.
@Suite struct DispatchCommandTests {
    private static func root(_ arguments: [String]) -> (name: String, arguments: [String]) {
        let root = WPNews.parseRoot(arguments)
        return (root.command.configuration.commandName ?? "?", root.arguments)
    }

    /// The structural win: a command line that names a command reflects over that command
    /// alone, and `help` over the command it asks about.
    @Test func aNamedCommandIsParsedAlone() {
        #expect(Self.root(["latest", "--site", "x", "--json"]) == ("latest", ["--site", "x", "--json"]))
        #expect(Self.root(["sites", "add", "campus", "URL"]) == ("sites", ["add", "campus", "URL"]))
        #expect(Self.root(["help", "latest"]) == ("latest", ["--help"]))
        #expect(Self.root(["help", "sites", "add"]) == ("sites", ["add", "--help"]))
    }

    /// The version's own command lines are answered before ArgumentParser, which would reflect
    /// over a command even to print a version; after a command, `--version` is still its flag.
    @Test func onlyTheVersionsOwnCommandLinesAreAnsweredBeforeParsing() {
        #expect(Version.request(["--version"]) == .plain)
        for arguments in [["-v", "--version"], ["--version", "--verbose"], ["--verbose", "--version", "-v"]] {
            #expect(Version.request(arguments) == .verbose, "\(arguments)")
        }
        for arguments in [[], ["-v"], ["--verbose"], ["--version", "--help"], ["-h", "--version"], ["latest", "--version"], ["--version", "latest"]] {
            #expect(Version.request(arguments) == nil, "\(arguments)")
        }
    }

    @Test(arguments: [
        [], ["--version", "--help"], ["--help"], ["-h"], ["help"], ["help", "help"], ["help", "latest", "bogus"], ["lates"],
        ["--generate-completion-script", "bash"], ["latest", "--generate-completion-script", "zsh"],
        ["latest", "--generate-completion-script=fish"], ["--experimental-dump-help"], ["sites", "--experimental-dump-help"],
        ["---completion", "latest", "--", "--site", "0", "0"], ["sites", "help", "add"],
    ])
    func whatOnlyTheWholeTreeAnswersGetsIt(arguments: [String]) {
        #expect(Self.root(arguments) == ("wpnews", arguments))
    }

    /// Every command below the root with the names that lead to it: `["sites", "add"]`.
    private static func commandPaths(under command: any ParsableCommand.Type = WPNews.self, path: [String] = [])
        -> [(command: any ParsableCommand.Type, path: [String])] {
        command.configuration.subcommands.flatMap { subcommand in
            let path = path + [subcommand.configuration.commandName ?? "?"]
            return [(subcommand, path)] + commandPaths(under: subcommand, path: path)
        }
    }

    /// Every way of asking for a command's help prints what the whole tree's help of it says,
    /// `wpnews` before its name included.
    @Test func helpReadsAsTheWholeTreesHelp() async throws {
        let paths = Self.commandPaths()
        #expect(paths.count == HelpTextTests.commands().count - 1)
        for (command, names) in paths {
            let expected = WPNews.helpMessage(for: command).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(expected.hasPrefix("OVERVIEW: ") && expected.contains("USAGE: wpnews \(names.joined(separator: " "))"), "\(expected)")
            for arguments in [["help"] + names, names + ["--help"], names + ["-h"]] {
                let run = try await CommandRun.run(arguments)
                #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
                #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(arguments)")
            }
        }
    }

    @Test func aCommandTakesTheVersionFlagAsTheRootDoes() async throws {
        let version = try await CommandRun.run(["--version"])
        for arguments in [["latest", "--version"], ["sites", "add", "--version"], ["read", "--page", "x", "--version"]] {
            let run = try await CommandRun.run(arguments)
            #expect(run.status == 0 && run.stdout == version.stdout, "\(arguments): \(run.stdout) \(run.stderr)")
        }
    }

    @Test func aWordThatNamesNoCommandIsAUsageError() async throws {
        let run = try await CommandRun.run(["lates"])
        #expect(run.status == 64)
        #expect(run.stderrLines == ["wpnews: Unexpected argument 'lates'", "  see `wpnews --help`"], "\(run.stderr)")
        let nested = try await CommandRun.run(["sites", "help", "add"])
        #expect(nested.status == 64)
        #expect(nested.stderrLines == ["wpnews: 2 unexpected arguments: 'help', 'add'", "  see `wpnews sites --help`"], "\(nested.stderr)")
    }

    /// Asked for after a command's name, a completion script is the same; it asks wpnews at
    /// each TAB, which offers every command.
    @Test func aCompletionScriptCoversEveryCommandWhereverItIsAskedFor() async throws {
        let script = try await CommandRun.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0 && script.stdout.contains("---completion -- any"))
        for (_, path) in Self.commandPaths() {
            let offered = try await CommandRun.run(["---completion", "--", "any", String(path.count), "0", "wpnews"] + path.dropLast() + [""])
            #expect(offered.stdout.split(separator: "\n").contains(Substring(path.last ?? "")), "\(path)")
        }
        let afterACommand = try await CommandRun.run(["latest", "--generate-completion-script", "bash"])
        #expect(afterACommand.status == 0 && afterACommand.stdout == script.stdout)
    }
}
