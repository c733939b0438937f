import CommandRuns
import Foundation
import Testing

/// The built binary says the commit it was built from (`git rev-parse --short HEAD`) and that
/// commit's date, as the StampVersion plugin wrote them into it: the release build too.
@Suite struct VersionE2ETests {
    @Test func theBinaryNamesTheCommitItWasBuiltFromAndItsDate() async throws {
        let root = TestSites.packageRoot.path
        let commit = try await WPNewsRun.run(["-C", root, "rev-parse", "--short", "HEAD"], executable: "/usr/bin/git")
        let date = try await WPNewsRun.run(["-C", root, "log", "-1", "--date=format-local:%Y-%m-%d", "--format=%cd"], executable: "/usr/bin/git")
        let versionFile = try String(contentsOf: TestSites.packageRoot.appending(path: "VERSION"), encoding: .utf8)
        try #require(commit.status == 0 && date.status == 0, "\(commit.stderr) \(date.stderr)")
        let version = try await WPNewsRun.run(["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        let expected = "wpnews \(versionFile.trimmingCharacters(in: .whitespacesAndNewlines)) "
            + "(\(commit.stdout.trimmingCharacters(in: .newlines)), \(date.stdout.trimmingCharacters(in: .newlines)))\n"
        #expect(version.stdout == expected, "built from another commit? make the binary again")
    }
}
