import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// The cache is disposable and the user's own data is not: damage, races and `cache clear`
/// never lock the user out or lose what they read, and wpnews never rewrites config.toml.
@Suite struct UserStateE2ETests {
    /// Fills a cache with enough to be worth damaging: every page of the latest stories and
    /// a few articles.
    func filledCache(site: String) async throws -> (home: String, cache: String) {
        let home = try TestSites.freshHome()
        let all = try await WPNewsRun.run(["latest", "--site", site, "--all"], environment: ["HOME": home])
        #expect(all.status == 0, "\(all.stderr)")
        for number in 1...6 {
            let read = try await WPNewsRun.run(["read", "-n", String(number), "--no-pager"], environment: ["HOME": home])
            #expect(read.status == 0, "\(read.stderr)")
        }
        return (home, home + "/.cache/wpnews/wpnews.sqlite")
    }

    /// 20 KB of random bytes over the middle of the file, as a bad disk or a crash might leave
    /// it. The write-ahead log is folded into the file first (by Python's sqlite3), so the
    /// file holds the stories.
    func damage(_ path: String) async throws {
        let checkpoint = "import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA wal_checkpoint(TRUNCATE)')"
        let folded = try await WPNewsRun.run(["-c", checkpoint, path], executable: "/usr/bin/python3")
        #expect(folded.status == 0, "\(folded.stderr)")
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try #require(size > 80_000, "the cache is big enough to damage in the middle")
        try handle.seek(toOffset: size / 2 - 10_240)
        var generator = SystemRandomNumberGenerator()
        try handle.write(contentsOf: Data((0..<20_480).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        try handle.close()
    }

    @Test func aCacheDamagedInTheMiddleIsSetAsideAndEveryCommandStillWorks() async throws {
        let site = try TestSites.site
        let (home, cache) = try await filledCache(site: site)
        let env = ["HOME": home]
        try await damage(cache)

        // The maintenance commands check the file first: the damage is found there at the latest.
        let shown = try await WPNewsRun.run(["cache"], environment: env)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stderrLines.count == 1 && shown.stderr.contains("was damaged: kept it as"), "\(shown.stderr)")
        let directory = try FileManager.default.contentsOfDirectory(atPath: home + "/.cache/wpnews")
        #expect(directory.contains { $0.hasPrefix("wpnews.sqlite.damaged-") }, "the damaged file is kept for the user")

        let latest = try await WPNewsRun.run(["latest", "--site", site, "--json"], environment: env)
        #expect(latest.status == 0 && latest.stderr.isEmpty, "\(latest.stderr)")
        #expect(try latest.json().first?["read"] as? Bool == true, "what was read survives the damage")
    }

    @Test func everyMaintenanceCommandSurvivesADamagedCache() async throws {
        let site = try TestSites.site
        for command in [["cache", "clear"], ["cache", "prune"], ["sites", "remove", "ledger"], ["latest", "--offline"], ["read", "-n", "2", "--no-pager"]] {
            let (home, cache) = try await filledCache(site: site)
            let env = ["HOME": home]
            #expect(try await WPNewsRun.run(["sites", "add", "ledger", site], environment: env).status == 0)
            try await damage(cache)
            let run = try await WPNewsRun.run(command, environment: env)
            // An offline list may find nothing left to show once the damaged copy is set aside;
            // every other command succeeds. None fails over the damage itself.
            #expect(!run.stderr.contains("malformed") && !run.stderr.contains("cache failed"), "\(command): \(run.stderr)")
            if command != ["latest", "--offline"] { #expect(run.status == 0, "\(command): \(run.stderr)") }
            let sites = try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8)
            #expect(sites.contains("ledger") == (command != ["sites", "remove", "ledger"]), "\(command): the followed sites are kept")
            let after = try await WPNewsRun.run(["latest", "--site", site], environment: env)
            #expect(after.status == 0 && after.stderr.isEmpty, "\(command) left a working cache: \(after.stderr)")
        }
    }

    /// Four runs on a new cache at once: one migrates, the others wait and use it.
    @Test func firstUseByFourProcessesAtOnce() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let runs = try await withThrowingTaskGroup(of: WPNewsRun.self) { group in
            for _ in 0..<4 {
                group.addTask { try await WPNewsRun.run(["latest", "--site", site, "--per-page", "30"], environment: ["HOME": home]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "no run went without the cache: \(run.stderr)")
        }
        let offline = try await WPNewsRun.run(["latest", "--site", site, "--per-page", "30", "--offline", "--json"], environment: ["HOME": home])
        #expect(try offline.json().count == 30)
    }

    @Test func clearingTheCacheKeepsWhatWasReadAndGivesTheSpaceBack() async throws {
        let site = try TestSites.site
        let (home, cache) = try await filledCache(site: site)
        let env = ["HOME": home]
        let before = try await WPNewsRun.run(["latest", "--site", site, "--json"], environment: env).json()
        #expect(before.prefix(6).allSatisfy { $0["read"] as? Bool == true })

        func onDisk() -> Int {
            ["", "-wal"].compactMap { try? FileManager.default.attributesOfItem(atPath: cache + $0)[.size] as? Int }.reduce(0, +)
        }
        let full = onDisk()
        let cleared = try await WPNewsRun.run(["cache", "clear"], environment: env)
        #expect(cleared.status == 0, "\(cleared.stderr)")
        let report = try await WPNewsRun.run(["cache", "--json"], environment: env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        #expect(object["bytes"] as? Int == onDisk(), "the size reported is the size on disk")
        // An empty cache is a page per table and index: 41 pages of 4 KB.
        #expect(onDisk() <= 44 * 4096 && onDisk() < full, "the file shrank from \(full) to \(onDisk()) bytes")

        let after = try await WPNewsRun.run(["latest", "--site", site, "--json"], environment: env).json()
        #expect(after.prefix(6).allSatisfy { $0["read"] as? Bool == true }, "read marks live in the user's state")
        #expect(after.allSatisfy { $0["new"] as? Bool == false }, "and so do the seen ones")
        #expect(FileManager.default.fileExists(atPath: home + "/.local/state/wpnews/state.sqlite"))
    }

    /// Hides stories as the full-screen app does, by writing the user's state file (with
    /// Python's sqlite3, as `damage` folds the cache's log): one-shot commands have no way to hide.
    func hide(_ ids: [Int], home: String) async throws {
        let report = try await WPNewsRun.run(["cache", "--json"], environment: ["HOME": home])
        let sites = try #require((try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])?["sites"] as? [[String: Any]])
        let root = try #require(sites.first?["api_root"] as? String)
        let script = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1])
            for story in sys.argv[3:]:
                db.execute("INSERT INTO storyState (site, storyId, hiddenAt) VALUES (?, ?, ?) "
                           "ON CONFLICT (site, storyId) DO UPDATE SET hiddenAt = excluded.hiddenAt", (sys.argv[2], int(story), time.time()))
            db.commit()
            """
        let state = home + "/.local/state/wpnews/state.sqlite"
        let hidden = try await WPNewsRun.run(["-c", script, state, root] + ids.map(String.init), executable: "/usr/bin/python3")
        #expect(hidden.status == 0, "\(hidden.stderr)")
    }

    /// Hidden stories are not printed, the numbers `read -n` takes are those printed, the text
    /// says how many were left out, and `--json` simply leaves them out.
    @Test func hiddenStoriesAreLeftOutOfEveryListAndCounted() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let env = ["HOME": home]
        let firstPage = try await WPNewsRun.run(["latest", "--site", site, "--json"], environment: env).json()
        let archive = try await WPNewsRun.run(["latest", "--site", site, "--all", "--json"], environment: env).json()
        let ids = firstPage.compactMap { $0["id"] as? Int }
        try #require(ids.count == 10 && archive.count > 20)
        let hidden = [ids[1], ids[4]]
        try await hide(hidden, home: home)
        let left = ids.filter { !hidden.contains($0) }
        func printsNone(_ run: WPNewsRun) -> Bool { hidden.allSatisfy { !run.stdout.contains("· id \($0)\n") } }

        let text = try await WPNewsRun.run(["latest", "--site", site], environment: env)
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text.stderr)")
        #expect(printsNone(text) && text.stdout.contains("· id \(left[0])\n"))
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.compactMap { $0.firstMatch(of: /^ ?(\d+)\.\s/).flatMap { Int($0.1) } } == Array(1...8), "numbered as printed")
        #expect(text.stdout.contains("\npage 1 of \((archive.count + 9) / 10) · 2 hidden"), "\(lines.suffix(2))")
        #expect(lines.last?.hasSuffix("next: wpnews latest --site \(site) --page 2") == true)
        let read = try await WPNewsRun.run(["read", "-n", "2", "--json"], environment: env)
        let story = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any], "\(read.stderr)")
        #expect(story["id"] as? Int == left[1], "number 2 is the second story printed")

        let json = try await WPNewsRun.run(["latest", "--site", site, "--json"], environment: env)
        #expect(json.stderr.isEmpty, "\(json.stderr)")
        #expect(try json.json().compactMap { $0["id"] as? Int } == left)
        #expect(try json.json().allSatisfy { Set($0.keys) == StoryJSONKeys.all })
        let allJSON = try await WPNewsRun.run(["latest", "--site", site, "--all", "--json"], environment: env)
        #expect(try allJSON.json().count == archive.count - 2)

        // A search that finds a hidden story leaves it out and says so.
        let title = try #require(firstPage[1]["title"] as? String)
        let words: [Substring] = title.split { (character: Character) in !character.isLetter }
        let word = String(try #require(words.max { $0.count < $1.count }))
        let searched = try await WPNewsRun.run(["search", word, "--site", site], environment: env)
        #expect(searched.status == 0 && printsNone(searched) && searched.stdout.contains(" hidden\n"), "\(word): \(searched.stdout.suffix(300))")

        // Every page of --all, then one count for them all.
        let all = try await WPNewsRun.run(["latest", "--site", site, "--all"], environment: env)
        #expect(all.status == 0 && all.stderr.isEmpty, "\(all.stderr)")
        #expect(printsNone(all) && all.stdout.hasSuffix("\n\n2 hidden\n"), "\(all.stdout.suffix(200))")
        // A category's single page says it in its footer.
        let category = try #require((firstPage[1]["categories"] as? [String])?.first)
        let inCategory = firstPage.filter { hidden.contains($0["id"] as? Int ?? 0) && ($0["categories"] as? [String])?.contains(category) == true }.count
        let filed = try await WPNewsRun.run(["category", category, "--exact", "--all", "--site", site], environment: env)
        #expect(filed.status == 0 && filed.stderr.isEmpty, "\(filed.stderr)")
        #expect(printsNone(filed) && filed.stdout.hasSuffix("\n\n\(inCategory) hidden\n"), "\(filed.stdout.suffix(200))")
    }

    /// A commented config.toml with keys wpnews does not know stays exactly as written.
    @Test func followingSitesNeverRewritesTheConfig() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let env = ["HOME": home]
        let config = home + "/.config/wpnews/config.toml"
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        let text = """
            # wpnews, my way.
            [freshness]
            lists_minutes = 10   # a slow news town

            [keys]
            down = "j"

            [network]
            requests_per_host = 4
            """
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let commands: [(arguments: [String], status: Int32)] = [
            (["sites", "add", "ledger", site], 0),
            (["sites", "add", "other", "\(site)/wp-json/"], 1),  // the same site under another address
            (["sites", "default", "ledger"], 0), (["latest"], 0), (["sites", "remove", "ledger"], 0),
        ]
        for (arguments, status) in commands {
            let run = try await WPNewsRun.run(arguments, environment: env)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(try String(contentsOfFile: config, encoding: .utf8) == text, "\(arguments) left config.toml as it was")
        }
        let other = try await WPNewsRun.run(["sites", "add", "other", "\(site)/wp-json/"], environment: env)
        #expect(other.status == 0, "another address of a removed site can be followed")
        let sites = try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8)
        #expect(sites.contains("[sites.\"other\"]") && !sites.contains("ledger"))
    }

    @Test func sitesInAnOldConfigMoveToTheSitesFileOnce() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let config = home + "/.config/wpnews/config.toml"
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try """
            # written by hand
            default_site = "ledger"

            [sites.ledger]
            url = "\(site)"
            api_root = "\(site)/wp-json/"

            [freshness]
            lists_minutes = 3
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try await WPNewsRun.run(["latest", "--json"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("moved your followed sites"), "said once")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "# written by hand\n\n\n[freshness]\nlists_minutes = 3")
        let again = try await WPNewsRun.run(["latest", "--json"], environment: ["HOME": home])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
    }

    /// wpnews run as `nobody` (tests run as root, whom no permission stops) with the
    /// arguments given, in `home`.
    func runAsNobody(_ arguments: [String], home: String) async throws -> WPNewsRun {
        try await WPNewsRun.run(["--reuid=nobody", "--regid=nogroup", "--clear-groups", WPNewsRun.binary] + arguments,
                                environment: ["HOME": home], executable: "/usr/bin/setpriv")
    }

    /// A home `nobody` owns in a directory everyone may enter, as a user's home is.
    func homeOfNobody() throws -> String {
        let parent = "/tmp/wpnews-nobody-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: parent + "/home", withIntermediateDirectories: true)
        chmod(parent, 0o755)
        let nobody = try #require(getpwnam("nobody")?.pointee)
        chown(parent + "/home", nobody.pw_uid, nobody.pw_gid)
        return parent + "/home"
    }

    /// Makes `directory` and what is in it root's, readable by everyone and writable by no one else.
    func handToRoot(_ directory: String, mode: mode_t) throws {
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
            chown(directory + "/" + file, 0, 0)
            chmod(directory + "/" + file, 0o644)
        }
        chown(directory, 0, 0)
        chmod(directory, mode)
    }

    /// A state the user cannot write (someone else's, or a directory made read-only) costs
    /// what they read from now on, never what is shown: one plain line says so and where to
    /// look, the list is printed whole, and the command succeeds.
    @Test(.enabled(if: geteuid() == 0, "runs wpnews as another user, which needs root"))
    func aStateTheUserCannotWriteIsSaidOnceAndTheListStillShows() async throws {
        let site = try TestSites.site
        let latest = try await WPNewsRun.run(["latest", "--site", site, "--json"]).json()
        let ids = latest.compactMap { $0["id"] as? Int }
        try #require(ids.count == 10)

        // A state file from earlier runs that has become someone else's. Those runs saw half
        // of the list, so the next one has seen marks to write (a list shown again as it was
        // writes nothing, and then has nothing to say).
        let home = try homeOfNobody()
        let first = try await runAsNobody(["latest", "--site", site, "--per-page", "5"], home: home)
        try #require(first.status == 0 && first.stderr.isEmpty, "wpnews runs as nobody: \(first.stderr)")
        let stateDirectory = home + "/.local/state/wpnews"
        try handToRoot(stateDirectory, mode: 0o755)
        // A new user's home whose state directory is read-only.
        let fresh = try homeOfNobody()
        defer {
            for home in [home, fresh] { try? FileManager.default.removeItem(atPath: (home as NSString).deletingLastPathComponent) }
        }
        try FileManager.default.createDirectory(atPath: fresh + "/.local/state/wpnews", withIntermediateDirectories: true)
        try handToRoot(fresh + "/.local/state/wpnews", mode: 0o555)

        for (home, arguments) in [(home, ["latest", "--site", site]), (home, ["read", "-n", "1", "--no-pager"]), (fresh, ["latest", "--site", site])] {
            let run = try await runAsNobody(arguments, home: home)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stderrLines.count == 1, "said once: \(arguments): \(run.stderr)")
            let line = String(run.stderrLines.first ?? "")
            #expect(line.contains(home + "/.local/state/wpnews") && line.contains("permissions"), "where, and what to do: \(line)")
            for raw in ["SQLite", "executing", "readonly database", "unable to open"] {
                #expect(!line.contains(raw), "no SQLite text: \(line)")
            }
            if arguments[0] == "latest" {
                #expect(ids.allSatisfy { run.stdout.contains("· id \($0)\n") }, "the whole list is shown: \(run.stdout)")
            } else {
                let title = try #require(latest.first?["title"] as? String)
                #expect(run.stdout.contains(title), "the story is shown: \(run.stdout.prefix(300))")
            }
        }
    }
}
