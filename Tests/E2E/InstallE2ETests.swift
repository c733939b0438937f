import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// `scripts/install.sh`, which `make install` runs with the release binary, run here with the
/// built one into a temporary prefix, and what the installed files give a user: the manual
/// page, the demo site, and tab completion of commands, followed sites and cached slugs.
@Suite struct InstallE2ETests {
    static let files = [
        "bin/wpnews",
        "share/bash-completion/completions/wpnews",
        "share/zsh/site-functions/_wpnews",
        "share/fish/vendor_completions.d/wpnews.fish",
        "share/man/man1/wpnews.1",
        "share/wpnews/demo/demo.sqlite",
    ]

    @Test func installsEachFileAndUninstallRemovesExactlyThose() async throws {
        let installed = try await Installed.make()
        for file in Self.files {
            #expect(FileManager.default.fileExists(atPath: installed.prefix + "/" + file), "\(file)")
        }
        let binary = installed.prefix + "/bin/wpnews"
        let symbols = try await WPNewsRun.run(["--syms", binary], executable: "/usr/bin/objdump")
        #expect(symbols.stdout.contains("no symbols"), "stripped: \(symbols.stdout.prefix(300))")
        #expect(try String(contentsOfFile: installed.prefix + "/" + Self.files[1], encoding: .utf8).contains("-F _wpnews wpnews"))
        #expect(try String(contentsOfFile: installed.prefix + "/" + Self.files[2], encoding: .utf8).hasPrefix("#compdef wpnews"))
        #expect(try String(contentsOfFile: installed.prefix + "/" + Self.files[3], encoding: .utf8).contains("complete -c 'wpnews'"))

        // The installed binary finds the demo site in share/wpnews, with nothing to point it there.
        let demo = try await WPNewsRun.run(["latest"], executable: binary)
        #expect(demo.status == 0 && demo.stdout.contains(" 1. "), "\(demo.stderr)")
        #expect(demo.stderr.contains("demo site"))

        // A file of the user's own in a shared folder stays.
        try "".write(toFile: installed.prefix + "/bin/other", atomically: true, encoding: .utf8)
        let uninstall = try await WPNewsRun.run(["--uninstall", installed.prefix], executable: Installed.script)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        let left = try FileManager.default.subpathsOfDirectory(atPath: installed.prefix)
            .filter { path in !Installed.sharedFolders.contains { $0 == path } }
        #expect(left == ["bin/other"], "uninstall leaves only what was not installed")
    }

    @Test func theManualPageRendersWithTheFilesTheSettingsAndTheEnvironment() async throws {
        let installed = try await Installed.make()
        let page = try await WPNewsRun.run(["-l", installed.prefix + "/share/man/man1/wpnews.1"],
                                           environment: ["MANWIDTH": "80", "LANG": "C"], executable: "/usr/bin/man")
        #expect(page.status == 0, "\(page.stderr)")
        // No warning from groff: no blank line, no line of the text taken for a macro.
        #expect(page.stderr.isEmpty, "\(page.stderr)")
        for expected in [
            "wpnews -- Read WordPress news sites in the terminal.", "latest", "--per-page", "sites add",
            "~/.config/wpnews/config.toml", "[freshness]", "lists_minutes = 5", "[cache]", "prune_after_days",
            "[network]", "requests_per_host", "ca_file", "[keys]", "open_in_browser", "wheel-down",
            "WPNEWS_SITE", "WPNEWS_TRACE", "NO_COLOR", "PAGER", "BROWSER", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "wpnews -v --version",
        ] {
            #expect(page.stdout.contains(expected), "\(expected)")
        }
        // `--help` stays short and says where the rest is.
        let help = try await WPNewsRun.run(["--help"], executable: installed.prefix + "/bin/wpnews")
        #expect(!help.stdout.contains("[freshness]") && help.stdout.contains("`man wpnews`"), "\(help.stdout)")
    }

    @Test func bashCompletesCommandsFollowedSitesAndCachedSlugsInATerminal() async throws {
        let installed = try await Installed.make()
        let server = try await installed.followCampus()
        server.stop() // Completion reads local files only: the site is gone before the first TAB.

        let steps = try await TmuxSteps.run("install-completion.sh", site: server.baseURL, home: installed.home)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        for (step, line) in [("command", "$ wpnews latest"), ("site", "$ wpnews latest --site campus"),
                             ("category", "$ wpnews category --site campus city-hall"), ("tag", "$ wpnews tag ferry"),
                             ("attached", "$ wpnews tag --width=80 ferry"), ("equals", "$ wpnews latest --site=campus"),
                             ("address", "$ wpnews tag --site \(server.baseURL) ferry"), ("file", "$ wpnews saved --export=picked.html")] {
            let screen = try steps.screen(step)
            #expect(screen.contains(line), "\(step): \(screen)")
        }
    }

    /// The protocol behind bash's script: `wpnews ---completion -- line BREAKS LINE`, the line
    /// as typed and bash's word breaks, answered with a candidate a line.
    @Test func dynamicCompletionAsksNoSiteAndWritesNothing() async throws {
        let installed = try await Installed.make()
        let server = try await installed.followCampus()
        let asked = server.requests.count
        let complete = { (line: String) in
            try await Self.complete(line, home: installed.home, executable: installed.prefix + "/bin/wpnews").stdout.split(separator: "\n")
        }
        #expect(try await complete("wpnews latest --site ") == ["campus"])
        #expect(try await complete("wpnews category ") == ["arts-culture", "city-hall", "food-drink", "news", "schools", "weather", "youth-league"])
        #expect(try await complete("wpnews tag --site campus wa") == ["water"])
        // A site by URL that the cache does not know: no slugs, rather than asking it.
        #expect(try await complete("wpnews tag --site http://127.0.0.1:9 ").isEmpty)
        #expect(server.requests.count == asked, "completion asked the site: \(server.requests.dropFirst(asked).map(\.path))")

        // With no site followed, the bundled demo's slugs, and no cache made for them.
        let fresh = try TestSites.freshHome()
        let demo = try await Self.complete("wpnews category cit", home: fresh, executable: installed.prefix + "/bin/wpnews")
        #expect(demo.stdout == "city-hall\n", "\(demo.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fresh).isEmpty, "nothing written to a new user's home")
    }

    /// What bash's script asks at a TAB, with bash's own word breaks.
    private static func complete(_ line: String, home: String, executable: String? = nil) async throws -> WPNewsRun {
        let arguments = ["---completion", "--", "line", " \t\n\"'><=;|&(:", line]
        return try await WPNewsRun.run(arguments, environment: ["HOME": home], executable: executable)
    }

    /// A followed site the cache has never held: TAB offers no slugs, and no cache or state
    /// file is made to find that out.
    @Test func dynamicCompletionMakesNoCacheWhereThereIsNone() async throws {
        let home = try TestSites.freshHome()
        let config = home + "/.config/wpnews"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        // Nothing listens on port 9: completion must not ask it anyway.
        try Data("default = \"campus\"\n\n[sites.campus]\nurl = \"http://127.0.0.1:9\"\n".utf8)
            .write(to: URL(filePath: config + "/sites.toml"))
        for line in ["wpnews category ", "wpnews tag --site campus "] {
            let run = try await Self.complete(line, home: home)
            #expect(run.status == 0 && run.stdout.split(separator: "\n").isEmpty && run.stderr.isEmpty, "\(line): \(run.stdout)\(run.stderr)")
        }
        let made = (FileManager.default.enumerator(atPath: home)?.allObjects as? [String])?.sorted()
        #expect(made == [".config", ".config/wpnews", ".config/wpnews/sites.toml"])
    }

    /// `--sites` takes `all`, sites and groups, several separated by commas: TAB offers each,
    /// after the names already typed.
    @Test func sitesCompletesAllSitesAndGroups() async throws {
        let home = try TestSites.freshHome()
        let config = home + "/.config/wpnews"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("""
            [sites.campus]
            url = "http://127.0.0.1:9"
            groups = ["local", "uni"]

            [sites.harbour]
            url = "http://127.0.0.1:9/"
            kind = "web-feed"
            feed = "http://127.0.0.1:9/feed.xml"
            groups = ["local"]
            """.utf8).write(to: URL(filePath: config + "/sites.toml"))
        let complete = { (word: String) in
            try await Self.complete("wpnews latest --sites " + word, home: home).stdout.split(separator: "\n").map(String.init)
        }
        #expect(try await complete("") == ["all", "campus", "harbour", "local", "uni"])
        #expect(try await complete("l") == ["local"])
        #expect(try await complete("campus,") == ["campus,harbour", "campus,local", "campus,uni"])
        #expect(try await complete("local,u") == ["local,uni"])
    }
}

/// wpnews installed by `scripts/install.sh` under HOME/.local, as `make install
/// PREFIX=~/.local` installs it, in a home of its own.
struct Installed {
    let home: String
    var prefix: String { home + "/.local" }

    static let script = TestSites.packageRoot.appendingPathComponent("scripts/install.sh").path
    /// Folders other programs install into too, which uninstalling leaves.
    static let sharedFolders = [
        "bin", "share", "share/man", "share/man/man1", "share/bash-completion", "share/bash-completion/completions",
        "share/zsh", "share/zsh/site-functions", "share/fish", "share/fish/vendor_completions.d",
    ]

    static func make() async throws -> Installed {
        let installed = Installed(home: try TestSites.freshHome())
        let run = try await WPNewsRun.run([WPNewsRun.binary, installed.prefix], executable: script)
        try #require(run.status == 0, "install.sh: \(run.stderr)")
        return installed
    }

    /// Follows a stand-in WordPress as `campus` and caches its categories and tags, as a user
    /// who has listed them once.
    func followCampus() async throws -> TestHTTPServer {
        let server = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        for arguments in [["sites", "add", "campus", server.baseURL], ["categories"], ["tags"]] {
            let run = try await WPNewsRun.run(arguments, environment: ["HOME": home], executable: prefix + "/bin/wpnews")
            try #require(run.status == 0, "wpnews \(arguments.joined(separator: " ")): \(run.stderr)")
        }
        return server
    }
}
