import ArgumentParser
import Testing
@testable import wpnews

/// `--help` reads as paragraphs at any width: a line of prose ends only where the next word
/// would not fit, never because the text was broken by hand for one width.
@Suite struct HelpTextTests {
    static func commands(_ command: any ParsableCommand.Type = WPNews.self) -> [any ParsableCommand.Type] {
        [command] + command.configuration.subcommands.flatMap { commands($0) }
    }

    /// A line that starts an example, an option or a list item, which ends the line before it.
    static func startsItsOwnLine(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " }
        return ["-", "wpnews", "curl", "#", "*"].contains { text.hasPrefix($0) } || text.contains("  ")
    }

    static func indentation(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }

    @Test(arguments: [40, 64, 100, 200])
    func proseLinesAreFilledToTheWidth(columns: Int) throws {
        for command in Self.commands() {
            let lines = WPNews.helpMessage(for: command, columns: columns).split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst()) {
                guard !line.isEmpty, !next.isEmpty, Self.indentation(line) == Self.indentation(next), !Self.startsItsOwnLine(next),
                      !line.hasSuffix(":") else { continue }
                let nextWord = next.drop { $0 == " " }.prefix { $0 != " " }
                // ArgumentParser leaves the last column free.
                #expect(line.count + 1 + nextWord.count >= columns,
                        "\(command.configuration.commandName ?? "?") at \(columns) columns: '\(nextWord)' would fit after '\(line)'")
            }
        }
    }
}
