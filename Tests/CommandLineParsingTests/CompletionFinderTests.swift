import Testing
@testable import CommandLineParsing

@Suite struct CompletionFinderTests {
    static let root = CommandDescription(name: "wpnews", abstract: "", subcommands: [
        Subcommand("latest", CommandDescription(name: "latest", abstract: "", options: [
            .value("site", completion: .dynamic("site-names"), help: ""),
            .value("images", completion: .values(["auto", "none"]), help: ""),
            .flag("json", help: ""),
            .flag("verbose", short: "v", help: ""),
        ])),
        Subcommand("tag", CommandDescription(name: "tag", abstract: "", arguments: [ArgumentDescription("tag", completion: .dynamic("tag-slugs"), help: "")],
                                             options: [.value("site", completion: .dynamic("site-names"), help: "")])),
        Subcommand("sites", CommandDescription(name: "sites", abstract: "", subcommands: [
            Subcommand("list", CommandDescription(name: "list", abstract: "", options: [.flag("json", help: "")])),
            Subcommand("import", CommandDescription(name: "import", abstract: "", arguments: [ArgumentDescription("file", completion: .files(extensions: []), help: "")])),
        ], defaultSubcommand: "list")),
    ])

    private func complete(_ words: [String]) -> CompletionAnswer {
        CompletionFinder.complete(words, root: Self.root)
    }

    @Test func commandsThenOptionsThenValues() {
        #expect(complete(["la"]) == .words(["latest"]))
        #expect(complete([""]) == .words(["latest", "tag", "sites"]))
        #expect(complete(["latest", "--j"]) == .words(["--json"]))
        #expect(complete(["latest", "-"]) == .words(["--site", "--images", "--json", "--verbose", "-v", "--version", "--help", "-h"]))
        #expect(complete(["latest", "--images", "n"]) == .words(["none"]))
        #expect(complete(["latest", "--json", "--site", "ca"]) == .dynamic("site-names", prefix: "ca"))
    }

    @Test func argumentsCountPastOptionsAndTheirValues() {
        #expect(complete(["tag", "--site", "campus", "fe"]) == .dynamic("tag-slugs", prefix: "fe"))
        #expect(complete(["tag", "ferry", ""]) == .words([]))
        #expect(complete(["sites", "import", "fe"]) == .files(extensions: []))
    }

    /// `--images=n`: the option's value is being typed after the `=`, to be offered with it.
    @Test func aValueAfterAnEqualsSign() {
        #expect(complete(["latest", "--images=n"]) == .attached(to: "--images=", .words(["none"])))
        #expect(complete(["latest", "--site="]) == .attached(to: "--site=", .dynamic("site-names", prefix: "")))
        #expect(complete(["latest", "--json="]) == .words([]))
        #expect(complete(["tag", "--site=campus", "fe"]) == .dynamic("tag-slugs", prefix: "fe"))
    }

    /// The line as typed, split as the shell splits it: not at `=` or `:`, which bash breaks
    /// its own words at.
    @Test func aTypedLineIsSplitAsTheShellSplitsIt() {
        #expect(TypedLine("wpnews tag --width=80 fe").words == ["wpnews", "tag", "--width=80", "fe"])
        #expect(TypedLine("wpnews mark --site https://news.example.org ").words == ["wpnews", "mark", "--site", "https://news.example.org", ""])
        #expect(TypedLine(#"wpnews tag --site 'city hall' "a \"b" c\ d"#).words == ["wpnews", "tag", "--site", "city hall", #"a "b"#, "c d"])
        #expect(TypedLine("wpnews tag 'city ha").words.last == "city ha")
    }

    /// Bash replaces only what follows the last of its word breaks: the rest is kept.
    @Test func whatTheShellKeepsOfTheWordBeingTyped() {
        let breaks = " \t\n\"'><=;|&(:"
        #expect(TypedLine("wpnews latest --site=ca").keptByShell(breaks: breaks) == "--site=")
        #expect(TypedLine("wpnews latest --site https://news.ex").keptByShell(breaks: breaks) == "https:")
        #expect(TypedLine("wpnews tag 'city ha").keptByShell(breaks: breaks) == "")
        #expect(TypedLine("wpnews tag ").keptByShell(breaks: breaks) == "")
        // A break bash breaks at is one typed bare: a quote after it, or an escape, leaves it one.
        #expect(TypedLine(#"wpnews read --site="den"#).keptByShell(breaks: breaks) == "--site=")
        #expect(TypedLine("wpnews read --site='den").keptByShell(breaks: breaks) == "--site=")
        #expect(TypedLine(#"wpnews read --site=de\n"#).keptByShell(breaks: breaks) == "--site=")
        #expect(TypedLine(#"wpnews read "--site=den"#).keptByShell(breaks: breaks) == "")
    }

    @Test func aGroupOffersItsCommandsThenItsDefaultsOptions() {
        #expect(complete(["sites", ""]) == .words(["list", "import"]))
        #expect(complete(["sites", "--"]) == .words(["--json", "--version", "--help"]))
    }
}

@Suite struct ManualPageWriterTests {
    @Test func thePageNestsCommandsAndKeepsTextFromGroff() {
        let root = CommandDescription(name: "wpnews", abstract: "Read \"news\".", discussion: "First.\n\n.dot and \\ back\n  wpnews latest", subcommands: [
            Subcommand("read", CommandDescription(name: "read", abstract: "Read a story.", arguments: [ArgumentDescription("story", help: "Its id.")],
                                                  options: [.value("number", short: "n", shortOnly: true, help: "A number."), .flag("verbose", short: "v", help: "More.")])),
        ])
        let page = ManualPageWriter(root, date: "2026-11-27").text
        #expect(page.hasPrefix(".Dd November 27, 2026\n.Dt WPNEWS 1\n.Os\n.Sh NAME\n.Nm wpnews\n.Nd \"Read \\(dqnews\\(dq.\"\n"))
        #expect(page.contains(".Sh DESCRIPTION\nFirst.\n.Pp\n\\&.dot and \\e back\n  wpnews latest\n.Bl -tag -width 6n\n"))
        #expect(page.contains(".It Em read\nRead a story.\n.Bl -tag -width 6n\n.It Ar story\nIts id.\n.It Fl n Ar number\nA number.\n.It Fl v , -verbose\nMore.\n"))
        #expect(page.hasSuffix(".El\n.El\n.Sh \"EXIT STATUS\"\n.Ex -std\n"))
    }
}
