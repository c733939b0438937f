import Testing
@testable import CommandLineParsing

@Suite struct HelpTextLayoutTests {
    static let read = CommandDescription(
        name: "read", abstract: "Read a story: by id, slug or URL, or by its number in the last list shown.",
        discussion: "On a terminal the article goes through the pager, and its lines are at most as wide as the reader's.\n\nExamples:\n  wpnews read 1234\n  wpnews read -n 3                  # the 3rd story",
        arguments: [ArgumentDescription("story", optional: true, help: "The story's id, slug or URL.")],
        options: [
            .value("number", short: "n", shortOnly: true, takesDashedValue: true, help: "The story with this number in the last list shown."),
            .value("full-text-selector", valueName: "selector", help: "Where the article is."),
            .value("timeout", valueName: "seconds", default: "30", help: "Give up on a request after this many seconds."),
            .flag("verbose", short: "v", help: "Print each request."),
        ]
    )

    @Test func theHelpSaysEachPartInItsPlace() {
        let text = HelpText(Self.read, path: ["wpnews", "read"], columns: 80).text
        #expect(text == """
            OVERVIEW: Read a story: by id, slug or URL, or by its number in the last list
            shown.

            On a terminal the article goes through the pager, and its lines are at most as
            wide as the reader's.

            Examples:
              wpnews read 1234
              wpnews read -n 3                  # the 3rd story

            USAGE: wpnews read [<story>] [<options>]

            ARGUMENTS:
              <story>                 The story's id, slug or URL.

            OPTIONS:
              -n <number>             The story with this number in the last list shown.
              --full-text-selector <selector>
                                      Where the article is.
              --timeout <seconds>     Give up on a request after this many seconds.
                                      (default: 30)
              -v, --verbose           Print each request.
              --version               Show the version.
              -h, --help              Show help information.

            """)
    }

    /// ArgumentParser listed the words an option or argument takes after its help.
    @Test func aFixedSetOfValuesIsListed() {
        let mark = CommandDescription(
            name: "mark", abstract: "Mark stories.",
            arguments: [ArgumentDescription("mark", completion: .values(["read", "unread"]), help: "What to mark.")],
            options: [.value("images", valueName: "mode", default: "auto", completion: .values(["auto", "none"]), help: "Pictures.")]
        )
        let text = HelpText(mark, path: ["wpnews", "mark"], columns: 80).text
        #expect(text.contains("  <mark>                  What to mark. (values: read, unread)\n"), "\(text)")
        #expect(text.contains("  --images <mode>         Pictures. (default: auto) (values: auto, none)\n"), "\(text)")
    }

    @Test(arguments: [40, 64, 100])
    func proseIsFilledToTheWidthLeavingTheLastColumn(columns: Int) {
        let lines = HelpText(Self.read, path: ["wpnews", "read"], columns: columns).text.split(separator: "\n")
        // Examples, indented, are kept as written.
        for line in lines where !line.hasPrefix("  wpnews") {
            #expect(line.count < columns, "\(line)")
        }
    }

    @Test func aGroupListsItsSubcommandsAndItsDefault() {
        let sites = CommandDescription(name: "sites", abstract: "The sites you follow.", subcommands: [
            Subcommand("list", CommandDescription(name: "list", abstract: "The followed sites.")),
            Subcommand("add", CommandDescription(name: "add", abstract: "Follow a site.")),
        ], defaultSubcommand: "list")
        let text = HelpText(sites, path: ["wpnews", "sites"]).text
        #expect(text.contains("USAGE: wpnews sites [<subcommand>]\n"))
        #expect(text.contains("SUBCOMMANDS:\n  list (default)          The followed sites.\n  add                     Follow a site.\n"))
        #expect(text.hasSuffix("  See 'wpnews help sites <subcommand>' for detailed help.\n"))
    }
}
