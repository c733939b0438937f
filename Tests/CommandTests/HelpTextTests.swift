import CommandLineParsing
import Testing
@testable import wpnews

/// `--help` reads as paragraphs at any width: a line of prose ends only where the next word
/// would not fit, never because the text was broken by hand for one width.
@Suite struct HelpTextTests {
    /// Every command with the names that lead to it, the root first: `["wpnews", "sites", "add"]`.
    static func commands(_ command: CommandDescription = WPNews.description, path: [String] = ["wpnews"])
        -> [(command: CommandDescription, path: [String])] {
        [(command, path)] + command.subcommands.flatMap { commands($0.description, path: path + [$0.name]) }
    }

    @Test(arguments: [40, 64, 100, 200])
    func proseLinesAreFilledToTheWidth(columns: Int) throws {
        for (command, path) in Self.commands() {
            let lines = HelpText(command, path: path, columns: columns).text.split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst()) {
                // Prose starts at the margin; examples and options are indented, laid out by hand.
                guard let first = line.first, first != " ", let nextFirst = next.first, nextFirst != " ", !line.hasSuffix(":") else { continue }
                let nextWord = next.drop { $0 == " " }.prefix { $0 != " " }
                // The last column is left free.
                #expect(line.count + 1 + nextWord.count >= columns,
                        "\(path.joined(separator: " ")) at \(columns) columns: '\(nextWord)' would fit after '\(line)'")
            }
        }
    }
}
