import ArgumentParser
import Testing
@testable import wpnews

/// `--help` reads as paragraphs at any width: a line of prose ends only where the next word
/// would not fit, never because the text was broken by hand for one width.
@Suite struct HelpTextTests {
    static func commands(_ command: any ParsableCommand.Type = WPNews.self) -> [any ParsableCommand.Type] {
        [command] + command.configuration.subcommands.flatMap { commands($0) }
    }

    @Test(arguments: [40, 64, 100, 200])
    func proseLinesAreFilledToTheWidth(columns: Int) throws {
        for command in Self.commands() {
            let lines = WPNews.helpMessage(for: command, columns: columns).split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst()) {
                // Prose starts at the margin; examples and options are indented, laid out by hand.
                guard let first = line.first, first != " ", let nextFirst = next.first, nextFirst != " ", !line.hasSuffix(":") else { continue }
                let nextWord = next.drop { $0 == " " }.prefix { $0 != " " }
                // ArgumentParser leaves the last column free.
                #expect(line.count + 1 + nextWord.count >= columns,
                        "\(command.configuration.commandName ?? "?") at \(columns) columns: '\(nextWord)' would fit after '\(line)'")
            }
        }
    }
}
