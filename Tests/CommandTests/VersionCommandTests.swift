import CommandRuns
import Foundation
import Testing

/// `--version` names the version in VERSION, the commit the build was made from and that
/// commit's date; `-v --version` adds the libraries found at run time.
@Suite struct VersionCommandTests {
    static func versionFile() throws -> String {
        try String(contentsOf: TestSites.packageRoot.appending(path: "VERSION"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theVersionIsVERSIONsWithTheCommitAndItsDate() async throws {
        let run = try await CommandRun.run(["--version"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let line = try #require(run.stdout.wholeMatch(of: /wpnews (\S+) \(([0-9a-f]{7,}), (\d{4}-\d{2}-\d{2})\)\n/), "\(run.stdout)")
        #expect(String(line.1) == (try Self.versionFile()))
    }

    @Test(arguments: [["-v", "--version"], ["--version", "--verbose"]])
    func verboseAddsTheLibrariesFoundAtRunTime(arguments: [String]) async throws {
        let run = try await CommandRun.run(arguments)
        let version = try await CommandRun.run(["--version"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first.map { $0 + "\n" } == version.stdout)
        let expected: [Regex<Substring>] = [
            /libcurl \d+\.\d+\.\d+/, /libxml2 \d+\.\d+\.\d+/, /SQLite \d+\.\d+\.\d+/, /gdk-pixbuf \d+\.\d+\.\d+/, /chafa libchafa\.so\.0[.0-9]*/,
        ]
        #expect(lines.count == expected.count + 1, "\(run.stdout)")
        for (line, pattern) in zip(lines.dropFirst(), expected) {
            #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
        }
    }
}
