import CommandRuns
import Foundation
import Testing

/// `browse --accessible` and `[app] accessible` in config.toml: read and checked before the
/// app needs a terminal. (The layout itself: BrowseAppTests' `AccessibleLayoutTests`; on a
/// real terminal: E2E's `AccessibleE2ETests`.)
@Suite struct AccessibleCommandTests {
    private func home(config: String) throws -> String {
        try SettingsFilesCommandTests().home(config: config, sites: nil)
    }

    /// The option and the key are known: without a terminal the app stops for that alone.
    @Test func theOptionAndTheKeyAreKnown() async throws {
        let home = try home(config: "[app]\naccessible = true\n")
        let run = try await CommandRun.run(["browse", "--accessible", "--site", "https://ledger.example"], environment: ["HOME": home])
        #expect(run.status == 1 && run.stderrLines.count == 1 && run.stderr.contains("browse needs a terminal"), "\(run.stderr)")
        let help = try await CommandRun.run(["help", "browse"])
        #expect(help.stdout.contains("--accessible"), "\(help.stdout)")
    }

    @Test func aValueThatIsNotTrueOrFalseIsOneLineNamingTheKey() async throws {
        let home = try home(config: "[app]\naccessible = \"yes\"\n")
        let run = try await CommandRun.run(["browse", "--site", "https://ledger.example"], environment: ["HOME": home])
        #expect(run.status == 1 && run.stdout.isEmpty, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("app.accessible"), "\(run.stderr)")
    }
}
