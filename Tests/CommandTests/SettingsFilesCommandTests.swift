import CommandRuns
import Foundation
import Testing

/// config.toml and sites.toml as people write them: with typos, and with mistakes that
/// should stop only what they concern.
@Suite struct SettingsFilesCommandTests {
    func home(config: String?, sites: String?) throws -> String {
        let home = try TestSites.freshHome()
        let directory = home + "/.config/wpnews"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if let config { try Data(config.utf8).write(to: URL(fileURLWithPath: directory + "/config.toml")) }
        if let sites { try Data(sites.utf8).write(to: URL(fileURLWithPath: directory + "/sites.toml")) }
        return home
    }

    /// A misspelled key would be ignored in silence: each file names its unknown keys in one warning.
    @Test func misspelledKeysAreNamedInOneWarningPerFile() async throws {
        let home = try home(
            config: "[freshness]\nlist_minutes = 1\nterms_hours = 2\n[netwrk]\nproxy = \"\"\n",
            sites: "default = \"campus\"\n[sites.campus]\nurl = \"http://127.0.0.1:9\"\napi_rot = \"http://127.0.0.1:9/wp-json/\"\n"
        )
        let run = try await CommandRun.run(["sites", "list"], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderrLines.filter { $0.contains("does not know") }
        #expect(warnings.count == 2, "\(run.stderr)")
        #expect(warnings.contains { $0.contains("config.toml") && $0.contains("freshness.list_minutes") && $0.contains("netwrk") && !$0.contains("terms_hours") },
                "\(run.stderr)")
        #expect(warnings.contains { $0.contains("sites.toml") && $0.contains("sites.campus.api_rot") }, "\(run.stderr)")
    }

    /// A broken config.toml stops the commands that need its settings, not those that read none.
    @Test(arguments: [["sites", "list"], ["cache"], ["cache", "show"]])
    func aBrokenConfigurationDoesNotStopCommandsThatNeedNoSetting(arguments: [String]) async throws {
        let home = try home(config: "[network]\nrequests_per_host = 0\n", sites: nil)
        let run = try await CommandRun.run(arguments, environment: ["HOME": home])
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("requests_per_host"), "said, though not fatal: \(run.stderr)")
        let latest = try await CommandRun.run(["latest", "--site", "http://127.0.0.1:9"], environment: ["HOME": home])
        #expect(latest.status == 1 && latest.stderr.contains("requests_per_host"), "\(latest.stderr)")
    }

    /// A mistake in one section stops only the commands that use that section: the others
    /// say so once and keep its defaults.
    @Test func aBrokenImagesSectionStopsOnlyTheCommandsThatDrawPictures() async throws {
        let site = try TestSites.site
        let home = try home(config: "[images]\nmode = \"bogus\"\n", sites: nil)
        func namesTheKey(_ line: Substring) -> Bool {
            line.contains("config.toml") && line.contains("images.mode") && line.contains("auto, kitty, sixel, iterm, symbols or none")
        }

        let latest = try await CommandRun.run(["latest", "--site", site], environment: ["HOME": home])
        #expect(latest.status == 0, "latest draws no pictures: \(latest.stderr)")
        #expect(latest.stderrLines.count == 1 && latest.stderrLines.allSatisfy(namesTheKey), "one warning: \(latest.stderr)")
        #expect(latest.stdout.contains(" 1. "), "\(latest.stdout)")
        let id = try #require(try await CommandRun.run(["latest", "--site", site, "--json"]).json().first?["id"] as? Int)
        let json = try await CommandRun.run(["read", "--site", site, String(id), "--json"], environment: ["HOME": home])
        #expect(json.status == 0, "read --json draws no pictures: \(json.stderr)")

        for arguments in [["read", "--site", site, String(id), "--images", "symbols"], ["read", "--site", site, String(id)], ["browse", "--site", site]] {
            let run = try await CommandRun.run(arguments, environment: ["HOME": home])
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty && run.stderrLines.count == 1 && run.stderrLines.allSatisfy(namesTheKey), "\(arguments): \(run.stderr)")
        }
    }

    /// A file that is not TOML at all holds no section anyone can trust: every command that
    /// needs a setting stops, and those that need none go on.
    @Test func aConfigurationThatIsNotTOMLStopsEveryCommandThatNeedsASetting() async throws {
        let home = try home(config: "[images\nmode = \"symbols\"\n", sites: nil)
        let latest = try await CommandRun.run(["latest", "--site", "http://127.0.0.1:9"], environment: ["HOME": home])
        #expect(latest.status == 1 && latest.stderr.contains("config.toml") && latest.stderr.contains("line 1"), "\(latest.stderr)")
        let sites = try await CommandRun.run(["sites", "list"], environment: ["HOME": home])
        #expect(sites.status == 0 && sites.stderrLines.count == 1, "\(sites.stderr)")
    }
}
