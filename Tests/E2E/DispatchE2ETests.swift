import CommandRuns
import Foundation
import Testing

/// The built binary reads every kind of command line as before, now that it reads each against
/// the description of the command it names: each way of asking for help, the version after a
/// command, usage errors, and completion scripts of the whole tree.
@Suite struct DispatchE2ETests {
    @Test func everyWayOfAskingForACommandsHelpPrintsTheSame() async throws {
        for path in [["latest"], ["sites"], ["sites", "add"], ["cache", "prune"]] {
            let help = try await WPNewsRun.run(["help"] + path)
            #expect(help.status == 0 && help.stderr.isEmpty, "\(path): \(help.stderr)")
            #expect(help.stdout.contains("USAGE: wpnews \(path.joined(separator: " "))"), "\(help.stdout)")
            for arguments in [path + ["--help"], path + ["-h"]] {
                let again = try await WPNewsRun.run(arguments)
                #expect(again.status == 0 && again.stdout == help.stdout, "\(arguments): \(again.stdout.prefix(300)) \(again.stderr)")
            }
        }
        let root = try await WPNewsRun.run(["--help"])
        #expect(root.status == 0 && root.stdout.contains("SUBCOMMANDS:") && root.stdout.contains("watch"), "\(root.stdout)")
        #expect(try await WPNewsRun.run(["-h"]).stdout == root.stdout)
    }

    @Test func theVersionAfterACommandIsTheVersion() async throws {
        let version = try await WPNewsRun.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("wpnews "))
        let afterACommand = try await WPNewsRun.run(["latest", "--version"])
        #expect(afterACommand.status == 0 && afterACommand.stdout == version.stdout, "\(afterACommand.stdout) \(afterACommand.stderr)")
    }

    @Test func usageErrorsNameTheCommandTheyWereFor() async throws {
        let unknown = try await WPNewsRun.run(["lates"])
        #expect(unknown.status == 64 && unknown.stdout.isEmpty)
        #expect(unknown.stderrLines == ["wpnews: Unexpected argument 'lates'", "  see `wpnews --help`"], "\(unknown.stderr)")
        let option = try await WPNewsRun.run(["sites", "add", "campus", "https://news.example.org", "--bogus"])
        #expect(option.status == 64)
        #expect(option.stderrLines == ["wpnews: Unknown option '--bogus'", "  see `wpnews sites add --help`"], "\(option.stderr)")
        let topic = try await WPNewsRun.run(["help", "bogus"])
        #expect(topic.status == 64 && topic.stderrLines.first == "wpnews: no command 'bogus'", "\(topic.stderr)")
    }

    /// Every shell's script asks wpnews at each TAB, which offers every command; asked for
    /// after a command, the script is the same.
    @Test func completionScriptsCoverEveryCommand() async throws {
        let commands = ["featured", "latest", "search", "read", "categories", "category", "tags", "tag", "author", "pages", "page",
                        "render", "sites", "cache", "browse", "watch"]
        let offered = try await WPNewsRun.run(["---completion", "--", "any", "1", "0", "wpnews", ""])
        for command in commands {
            #expect(offered.stdout.split(separator: "\n").contains(Substring(command)), "TAB does not offer \(command)")
        }
        let offeredForTheLine = try await WPNewsRun.run(["---completion", "--", "line", " \t\n\"'><=;|&(:", "wpnews "])
        #expect(offeredForTheLine.stdout == offered.stdout)
        for (shell, mode) in [("bash", "line"), ("zsh", "any"), ("fish", "any")] {
            let script = try await WPNewsRun.run(["--generate-completion-script", shell])
            #expect(script.status == 0 && script.stdout.contains("---completion -- \(mode)"), "\(shell): \(script.stderr)")
            let afterACommand = try await WPNewsRun.run(["latest", "--generate-completion-script", shell])
            #expect(afterACommand.stdout == script.stdout, "\(shell)")
        }
    }
}
