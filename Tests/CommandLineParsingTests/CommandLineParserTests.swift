import Testing
@testable import CommandLineParsing

/// The parser read against a small tree shaped like wpnews's: awkward command lines included.
@Suite struct CommandLineParserTests {
    static let latest = CommandDescription(
        name: "latest", abstract: "The newest stories.",
        options: [
            .value("page", default: "1", takesDashedValue: true, help: "The page to show, from 1."),
            .value("site", valueName: "name-or-url", help: "The site."),
            .value("sites", valueName: "all|names", help: "Several sites."),
            .flag("json", help: "JSON."),
            .flag("verbose", short: "v", help: "Say more."),
            .value("number", short: "n", shortOnly: true, takesDashedValue: true, help: "A number."),
        ]
    )
    static let add = CommandDescription(
        name: "add", abstract: "Follow a site.",
        arguments: [ArgumentDescription("name", help: "Its name."), ArgumentDescription("url", help: "Its address.")],
        options: [.value("group", help: "A group.")]
    )
    static let list = CommandDescription(name: "list", abstract: "The sites.", options: [.flag("json", help: "JSON.")])
    static let mark = CommandDescription(
        name: "mark", abstract: "Mark stories.",
        arguments: [ArgumentDescription("mark", help: "read or unread."), ArgumentDescription("ids", repeated: true, help: "Ids.")]
    )
    static let root = CommandDescription(
        name: "wpnews", abstract: "Read news.",
        subcommands: [
            Subcommand("latest", latest),
            Subcommand("mark", mark),
            Subcommand("sites", CommandDescription(name: "sites", abstract: "Sites.", subcommands: [Subcommand("list", list), Subcommand("add", add)],
                                                   defaultSubcommand: "list")),
        ]
    )

    private func parsed(_ words: [String]) throws -> ParsedArguments {
        guard case .run(let parsed) = try CommandLineParser.parse(words, root: Self.root) else {
            throw UsageError("not a run: \(words)")
        }
        return parsed
    }

    private func usageError(_ words: [String]) -> UsageError? {
        do {
            _ = try CommandLineParser.parse(words, root: Self.root)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesComeEitherWayAndTheLastOneWins() throws {
        let run = try parsed(["latest", "--site=a", "--site", "b", "--json", "--json"])
        #expect(run.path == ["wpnews", "latest"])
        #expect(run.value("site") == "b" && run.flag("json") && !run.flag("verbose") && run.value("page") == nil)
        #expect(try parsed(["latest", "--site="]).value("site") == "")
    }

    @Test func aValueThatStartsWithADash() throws {
        #expect(try parsed(["latest", "--page", "-3"]).value("page") == "-3")
        #expect(try parsed(["latest", "-n", "-3"]).value("number") == "-3")
        #expect(try parsed(["latest", "--site", "-"]).value("site") == "-")
        #expect(usageError(["latest", "--site", "--json"]) == UsageError("Missing value for '--site <name-or-url>'", path: ["wpnews", "latest"]))
    }

    @Test func anOptionAtTheEndWithoutItsValue() {
        #expect(usageError(["latest", "--site"])?.message == "Missing value for '--site <name-or-url>'")
        #expect(usageError(["latest", "-n"])?.message == "Missing value for '-n <number>'")
    }

    @Test func shortFlagsTogetherAndAShortOptionsValue() throws {
        let run = try parsed(["latest", "-vn", "3"])
        #expect(run.flag("verbose") && run.value("number") == "3")
        #expect(try parsed(["latest", "-n7"]).value("number") == "7")
        #expect(usageError(["latest", "-vx"])?.message == "Unknown option '-x'")
    }

    /// ArgumentParser read `-n=3` as `-n 3`.
    @Test func aShortOptionsValueAfterAnEqualsSign() throws {
        #expect(try parsed(["latest", "-n=3"]).value("number") == "3")
        #expect(try parsed(["latest", "-vn=3"]).value("number") == "3")
        // Nothing after the = is an empty value, as after `--number=`: never the next word.
        #expect(try parsed(["latest", "-n="]).value("number") == "")
        #expect(usageError(["latest", "-n=", "3"])?.message == "Unexpected argument '3'")
    }

    @Test func anUnknownOptionWithASuggestion() {
        #expect(usageError(["latest", "--sitex"]) == UsageError("Unknown option '--sitex'. Did you mean '--site'?", path: ["wpnews", "latest"]))
        #expect(usageError(["latest", "--zzzzzzzz"])?.message == "Unknown option '--zzzzzzzz'")
        #expect(usageError(["latest", "--json=yes"])?.message == "The option '--json' takes no value, not 'yes'")
    }

    /// ArgumentParser's words: an option before any command is an unknown option (options go
    /// after the command), and a suggestion comes within its edit distance, under 4.
    @Test func anOptionBeforeTheCommandAndSuggestionsAFewLettersOff() {
        #expect(usageError(["--site", "x"]) == UsageError("Unknown option '--site': options go after the command (wpnews COMMAND --site)", path: ["wpnews"]))
        #expect(usageError(["--json", "latest"])?.message == "Unknown option '--json': options go after the command (wpnews COMMAND --json)")
        #expect(usageError(["--page=2"])?.message == "Unknown option '--page': options go after the command (wpnews COMMAND --page)")
        #expect(usageError(["latest", "--sitexyz"])?.message == "Unknown option '--sitexyz'. Did you mean '--site'?")
        #expect(usageError(["latest", "--verbosity"])?.message == "Unknown option '--verbosity'. Did you mean '--verbose'?")
    }

    /// `help` reads only commands: any other word is a mistake, pointing to the help it names.
    @Test func helpWithAWordThatIsNoCommand() {
        #expect(usageError(["help", "latest", "--bogus"]) == UsageError("Unknown option '--bogus'", path: ["wpnews", "latest"]))
        #expect(usageError(["help", "sites", "bogus"]) == UsageError("no command 'bogus'", path: ["wpnews", "sites"]))
    }

    @Test func wordsAfterTwoDashesAreArguments() throws {
        let run = try parsed(["mark", "read", "--", "--json", "-3", "--help"])
        #expect(run.argument("mark") == "read" && run.arguments("ids") == ["--json", "-3", "--help"])
    }

    @Test func wordsThatLookOdd() throws {
        let odd = "caf\u{e9}\u{301}\u{FFFD}\u{1b}[31m"
        let run = try parsed(["sites", "add", odd, "http://x", "--group", "a", "--group", odd])
        #expect(run.argument("name") == odd && run.values("group") == ["a", odd])
    }

    @Test func argumentsMissingOrLeftOver() {
        #expect(usageError(["sites", "add", "campus"]) == UsageError("Missing expected argument '<url>'", path: ["wpnews", "sites", "add"]))
        #expect(usageError(["lates"]) == UsageError("Unexpected argument 'lates'", path: ["wpnews"]))
        // The default subcommand's mistakes point to its group.
        #expect(usageError(["sites", "help", "add"]) == UsageError("2 unexpected arguments: 'help', 'add'", path: ["wpnews", "sites"]))
    }

    @Test func theDefaultSubcommandRunsUnderItsGroup() throws {
        let run = try parsed(["sites", "--json"])
        #expect(run.path == ["wpnews", "sites", "list"] && run.helpPath == ["wpnews", "sites"] && run.flag("json"))
    }

    @Test func helpAndTheVersionWhereverTheyAreAsked() throws {
        for words in [["latest", "--help"], ["latest", "--site", "x", "-h"], ["help", "latest"]] {
            guard case .help(let command, let path) = try CommandLineParser.parse(words, root: Self.root) else {
                Issue.record("\(words) is not help")
                continue
            }
            #expect(command.name == "latest" && path == ["wpnews", "latest"], "\(words)")
        }
        guard case .help(let add, let path) = try CommandLineParser.parse(["help", "sites", "add"], root: Self.root) else {
            Issue.record("help sites add")
            return
        }
        #expect(add.name == "add" && path == ["wpnews", "sites", "add"])
        guard case .help(let root, _) = try CommandLineParser.parse([], root: Self.root), case .help(let help, _) = try CommandLineParser.parse(["help", "help"], root: Self.root) else {
            Issue.record("the root alone, or help help")
            return
        }
        #expect(root.name == "wpnews" && help.name == "help")
        // A short flag among others, as ArgumentParser read it: `-vh` is help.
        guard case .help(let bundled, _) = try CommandLineParser.parse(["latest", "-vh"], root: Self.root) else {
            Issue.record("-vh is not help")
            return
        }
        #expect(bundled.name == "latest")
        guard case .version = try CommandLineParser.parse(["latest", "--page", "x", "--version"], root: Self.root) else {
            Issue.record("--version after a command")
            return
        }
        #expect(usageError(["help", "bogus"]) == UsageError("no command 'bogus'", path: ["wpnews"]))
        // After `--`, a word is a word.
        #expect(try parsed(["mark", "read", "--", "--help"]).arguments("ids") == ["--help"])
    }

    /// ArgumentParser split every word of short flags and looked for `-h` among them, at the
    /// root and in a group as in a command: `wpnews -vh`, `wpnews sites -vh` are help.
    @Test func hAmongShortFlagsIsHelpAtTheRootAndInAGroup() throws {
        for (words, path) in [(["-vh"], ["wpnews"]), (["sites", "-vh"], ["wpnews", "sites"]), (["latest", "-xh"], ["wpnews", "latest"])] {
            guard case .help(_, let helpPath) = try CommandLineParser.parse(words, root: Self.root) else {
                Issue.record("\(words) is not help")
                continue
            }
            #expect(helpPath == path, "\(words)")
        }
        // Letters after an option that takes a value are its value, not flags.
        #expect(try parsed(["latest", "-nh"]).value("number") == "h")
    }

    /// A value that starts with a dash is the option's, whatever letters it holds: `-1h` after
    /// `--interval` is an interval to check, not a request for help that exits 0.
    @Test func anHInADashedValueIsTheValueNotHelp() throws {
        let root = CommandDescription(name: "wpnews", abstract: "", subcommands: [
            Subcommand("watch", CommandDescription(name: "watch", abstract: "", options: [
                .value("interval", takesDashedValue: true, help: "How often."),
                .value("number", short: "n", takesDashedValue: true, help: "Which."),
            ])),
        ])
        for words in [["watch", "--interval", "-1h"], ["watch", "-n", "-2h"], ["watch", "--interval", "-h"]] {
            guard case .run(let parsed) = try CommandLineParser.parse(words, root: root) else {
                Issue.record("\(words) is not a run")
                continue
            }
            #expect(parsed.value(words[1] == "-n" ? "number" : "interval") == words[2], "\(words)")
        }
    }

    @Test func typedValuesNameTheOptionTheyCameWith() throws {
        let run = try parsed(["latest", "--page", "x", "--site", "auto"])
        #expect(throws: UsageError("The value 'x' is invalid for '--page <page>'", path: ["wpnews", "latest"])) { try run.value("page", as: Int.init) }
        #expect(try run.value("site", as: Mode.self) == .auto)
        let other = try parsed(["latest", "--site", "kitty"])
        #expect(throws: UsageError("The value 'kitty' is invalid for '--site <name-or-url>'. Please provide one of the following: auto, none",
                                   path: ["wpnews", "latest"])) { try other.value("site", as: Mode.self) }
        let mark = try parsed(["mark", "read"])
        #expect(throws: UsageError("The value 'read' is invalid for '<mark>'. Please provide one of the following: auto, none", path: ["wpnews", "mark"])) {
            try mark.argument(required: "mark", as: Mode.self)
        }
        let ids = try parsed(["mark", "read", "1", "x"])
        #expect(throws: UsageError("The value 'x' is invalid for '<ids>'", path: ["wpnews", "mark"])) { try ids.arguments("ids", as: Int.init) }
    }

    @Test func onlyTheCommandNamedIsDescribed() throws {
        let described = Counter()
        let root = CommandDescription(name: "wpnews", abstract: "", subcommands: [
            Subcommand("a", described.count(CommandDescription(name: "a", abstract: ""))),
            Subcommand("b", described.count(CommandDescription(name: "b", abstract: ""))),
        ])
        _ = try CommandLineParser.parse(["b"], root: root)
        #expect(described.names == ["b"])
    }
}

enum Mode: String, CaseIterable {
    case auto, none
}

/// Which descriptions were built.
final class Counter: @unchecked Sendable {
    private(set) var names: [String] = []

    func count(_ description: CommandDescription) -> CommandDescription {
        names.append(description.name)
        return description
    }
}
