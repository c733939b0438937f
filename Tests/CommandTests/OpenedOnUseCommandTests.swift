import CommandRuns
import Foundation
import Testing

/// The cache, the state store and the network are opened when a command first needs them:
/// one that needs none of them works where none could be opened.
@Suite struct OpenedOnUseCommandTests {
    /// A home whose cache and state directories cannot be made: they would be under a file.
    private static func homeWithNowhereToKeepData() throws -> [String: String] {
        let home = try TestSites.freshHome()
        let blocker = home + "/not-a-directory"
        try Data("a file, not a directory".utf8).write(to: URL(filePath: blocker))
        return ["HOME": home, "XDG_CACHE_HOME": blocker + "/cache", "XDG_STATE_HOME": blocker + "/state"]
    }

    @Test(arguments: [["--version"], ["help"], ["--help"], ["latest", "--help"], ["--generate-completion-script", "bash"], ["sites", "list"]])
    func aCommandThatReadsNoSiteOpensNothing(arguments: [String]) async throws {
        let environment = try Self.homeWithNowhereToKeepData()
        let run = try await CommandRun.run(arguments, environment: environment)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        #expect(run.stderr.isEmpty, "\(arguments): \(run.stderr)")
    }

    /// The same home does show when a command opens its cache: the check above can fail.
    @Test func aCommandThatReadsASiteSaysItCannotKeepItsData() async throws {
        let environment = try Self.homeWithNowhereToKeepData()
        let run = try await CommandRun.run(["latest", "--offline"], environment: environment)
        #expect(run.stderr.contains("/not-a-directory/"), "\(run.stderr)")
    }
}
