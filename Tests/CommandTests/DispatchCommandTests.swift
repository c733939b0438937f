import CommandLineParsing
import CommandRuns
import Testing
@testable import wpnews

/// The command line is read against the descriptions, and only the command it names is
/// described: what a user sees is what each command's description says.
@Suite struct DispatchCommandTests {
    /// Every command below the root, with the names that lead to it: `["sites", "add"]`.
    private static func commandPaths() -> [(command: CommandDescription, path: [String])] {
        HelpTextTests.commands().dropFirst().map { ($0.command, Array($0.path.dropFirst())) }
    }

    /// Every command the descriptions name runs as a command of its own; a group runs its default.
    @Test func everyDescribedCommandRuns() {
        for (command, path) in Self.commandPaths() where command.subcommands.isEmpty {
            #expect(WPNews.command(at: ["wpnews"] + path) != nil, "\(path)")
        }
    }

    /// The version's own command lines are answered before any parse; after a command,
    /// `--version` is still its flag.
    @Test func onlyTheVersionsOwnCommandLinesAreAnsweredBeforeParsing() {
        #expect(Version.request(["--version"]) == .plain)
        for arguments in [["-v", "--version"], ["--version", "--verbose"], ["--verbose", "--version", "-v"]] {
            #expect(Version.request(arguments) == .verbose, "\(arguments)")
        }
        for arguments in [[], ["-v"], ["--verbose"], ["--version", "--help"], ["-h", "--version"], ["latest", "--version"], ["--version", "latest"]] {
            #expect(Version.request(arguments) == nil, "\(arguments)")
        }
    }

    /// Every way of asking for a command's help prints what its description says, `wpnews`
    /// before its name included.
    @Test func helpReadsAsTheDescriptionSaysIt() async throws {
        for (command, names) in Self.commandPaths() {
            let expected = HelpText(command, path: ["wpnews"] + names).text.trimmingCharacters(in: .whitespacesAndNewlines)
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
        #expect(script.status == 0 && script.stdout.contains("---completion -- line"))
        for (_, path) in Self.commandPaths() {
            let offered = try await CommandRun.run(["---completion", "--", "any", String(path.count), "0", "wpnews"] + path.dropLast() + [""])
            #expect(offered.stdout.split(separator: "\n").contains(Substring(path.last ?? "")), "\(path)")
            let line = (["wpnews"] + path.dropLast() + [""]).joined(separator: " ")
            let offeredForTheLine = try await CommandRun.run(["---completion", "--", "line", " \t\n\"'><=;|&(:", line])
            #expect(offeredForTheLine.stdout.split(separator: "\n").contains(Substring(path.last ?? "")), "\(path)")
        }
        let afterACommand = try await CommandRun.run(["latest", "--generate-completion-script", "bash"])
        #expect(afterACommand.status == 0 && afterACommand.stdout == script.stdout)
        let unknown = try await CommandRun.run(["--generate-completion-script", "tcsh"])
        #expect(unknown.status == 64 && unknown.stderrLines == ["wpnews: no completion script for 'tcsh': bash, zsh or fish", "  see `wpnews --help`"],
                "\(unknown.stderr)")
        let missing = try await CommandRun.run(["--generate-completion-script"])
        #expect(missing.status == 64 && missing.stderrLines.first == "wpnews: Missing value for '--generate-completion-script <shell>'", "\(missing.stderr)")
    }

    /// Nothing to offer is no output at all: an empty line would be one empty candidate, which
    /// bash accepts and follows with a space, splitting the word being typed.
    @Test func nothingToOfferPrintsNothing() async throws {
        for line in ["wpnews tags --sort na", "wpnews read --zzz", "wpnews latest --width=8"] {
            let offered = try await CommandRun.run(["---completion", "--", "line", " \t\n\"'><=;|&(:", line])
            #expect(offered.status == 0 && offered.stdout.isEmpty, "\(line): \(offered.stdout.debugDescription)")
        }
        let any = try await CommandRun.run(["---completion", "--", "any", "2", "3", "wpnews", "read", "--zzz"])
        #expect(any.stdout.isEmpty, "\(any.stdout.debugDescription)")
    }
}
