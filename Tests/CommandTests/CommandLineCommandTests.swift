import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// The small promises of the command line: clear answers for usage mistakes, mistyped site
/// names, missing copies, and commands that have no JSON form.
@Suite struct CommandLineCommandTests {
    @Test func aUsageErrorIsOneLineAndWhereToFindHelp() async throws {
        let run = try await CommandRun.run(["latest", "--per-page", "0"])
        #expect(run.status == 64)
        #expect(run.stderrLines == ["wpnews: --per-page must be between 1 and 100, not 0", "  see `wpnews latest --help`"], "\(run.stderr)")
        let nested = try await CommandRun.run(["sites", "add", "--bogus"])
        #expect(nested.status == 64 && nested.stderrLines.count == 2 && nested.stderrLines.last == "  see `wpnews sites add --help`", "\(nested.stderr)")
    }

    /// The old binary's words for an option before the command and for a mistyped option.
    @Test func anOptionBeforeTheCommandOrMistypedSaysWhatToType() async throws {
        let early = try await CommandRun.run(["--site", "x"])
        #expect(early.status == 64 && early.stdout.isEmpty)
        #expect(early.stderrLines == ["wpnews: Unknown option '--site': options go after the command (wpnews COMMAND --site)", "  see `wpnews --help`"],
                "\(early.stderr)")
        let watch = try await CommandRun.run(["watch", "--every"])
        #expect(watch.status == 64)
        #expect(watch.stderrLines.first == "wpnews: Unknown option '--every'. Did you mean '--exec'?", "\(watch.stderr)")
        let help = try await CommandRun.run(["help", "latest", "--bogus"])
        #expect(help.status == 64 && help.stdout.isEmpty, "\(help.stdout)")
    }

    /// A value outside a list keeps the list on its one line: the choices are what to do next.
    @Test func aValueNotInTheListSaysWhichAreOnOneLine() async throws {
        let run = try await CommandRun.run(["read", "20", "--images", "bogus"])
        #expect(run.status == 64)
        #expect(run.stderrLines == [
            "wpnews: The value 'bogus' is invalid for '--images <mode>'. Please provide one of the following: auto, kitty, sixel, iterm, symbols, none",
            "  see `wpnews read --help`",
        ], "\(run.stderr)")
    }

    @Test(arguments: [["render", "--json"], ["sites", "default", "x", "--json"], ["sites", "remove", "x", "--json"],
                      ["sites", "add", "x", "http://127.0.0.1:1", "--json"], ["cache", "clear", "--json"], ["cache", "prune", "--json"],
                      ["sites", "import", "feeds.opml", "--json"], ["sites", "export", "--json"]])
    func aCommandWithoutAJSONFormRefusesJSON(arguments: [String]) async throws {
        let run = try await CommandRun.run(arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stdout.isEmpty && run.stderr.contains("has no JSON form"))
    }

    @Test func aMistypedSiteNameIsNotLookedUpAsAHost() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "ledger", site], environment: ["HOME": home]).status == 0)
        let run = try await CommandRun.run(["latest", "--site", "ledgr"], environment: ["HOME": home])
        #expect(run.status == 1)
        #expect(run.stderrLines == ["wpnews: no site named 'ledgr' (followed: ledger)"], "\(run.stderr)")
    }

    @Test func aDefaultSiteThatIsNotFollowedSaysSo() async throws {
        let home = try TestSites.freshHome()
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try "default = \"gone\"\n".write(toFile: home + "/.config/wpnews/sites.toml", atomically: true, encoding: .utf8)
        let run = try await CommandRun.run(["latest"], environment: ["HOME": home, "WPNEWS_RESOURCES": TestSites.demoResources])
        #expect(run.status == 1, "not the demo in silence")
        #expect(run.stderr.contains("the default site 'gone' is not followed"), "\(run.stderr)")
    }

    @Test func sitesAddRefusesADashNameAndASiteFollowedAlready() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let dash = try await CommandRun.run(["sites", "add", "--", "-x", site], environment: ["HOME": home])
        #expect(dash.status == 1 && dash.stderr.contains("cannot name a site"), "\(dash.stderr)")
        #expect(try await CommandRun.run(["sites", "add", "ledger", site], environment: ["HOME": home]).status == 0)
        let twice = try await CommandRun.run(["sites", "add", "again", site], environment: ["HOME": home])
        #expect(twice.status == 1 && twice.stderr.contains("is followed already, as 'ledger'"), "\(twice.stderr)")
    }

    @Test func offlineSaysWhatExactlyIsNotInTheCopy() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["latest", "--site", site], environment: ["HOME": home]).status == 0)
        let page = try await CommandRun.run(["latest", "--site", site, "--offline", "--page", "2"], environment: ["HOME": home])
        #expect(page.status == 1 && page.stderr.contains("page 2 of the latest stories is not in the offline copy of \(site)"), "\(page.stderr)")
        let story = try await CommandRun.run(["read", "1000", "--site", site, "--offline"], environment: ["HOME": home])
        #expect(story.status == 1 && story.stderr.contains("story 1000 is not in the offline copy of \(site)"), "\(story.stderr)")
    }

    /// Pages of another size cover the page asked for when the site cannot be asked.
    @Test func offlineAPageOfAnotherSizeIsCutFromWhatIsCached() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let all = try await CommandRun.run(["latest", "--site", site, "--per-page", "30", "--json"], environment: ["HOME": home]).json()
        let third = try await CommandRun.run(["latest", "--site", site, "--offline", "--per-page", "5", "--page", "3", "--json"], environment: ["HOME": home])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try third.json().compactMap { $0["id"] as? Int } == all[10..<15].compactMap { $0["id"] as? Int })
    }

    @Test func theSearchFooterKeepsThePageSize() async throws {
        let site = try TestSites.site
        let run = try await CommandRun.run(["search", "the", "--site", site, "--per-page", "3"])
        #expect(run.stdout.contains("next: wpnews search the --site \(site) --per-page 3 --page 2"), "\(run.stdout.suffix(200))")
    }

    @Test func aSearchWordPressReducesToNothingFindsNothing() async throws {
        let site = try TestSites.site
        for query in ["<script>", "<b></b>"] {
            let run = try await CommandRun.run(["search", query, "--site", site])
            #expect(run.status == 0, "\(query): \(run.stderr)")
            #expect(run.stdout.hasPrefix("No stories match"), "\(query): \(run.stdout)")
        }
    }

    @Test func theFeaturedTagCanBeGivenByName() async throws {
        let site = try TestSites.site
        let bySlug = try await CommandRun.run(["featured", "--site", site, "--json"])
        let byName = try await CommandRun.run(["featured", "--site", site, "--featured-tag", "Featured", "--json"])
        #expect(byName.status == 0 && byName.stderr.isEmpty, "\(byName.stderr)")
        #expect(try byName.json().compactMap { $0["id"] as? Int } == (try bySlug.json().compactMap { $0["id"] as? Int }))
    }
}
