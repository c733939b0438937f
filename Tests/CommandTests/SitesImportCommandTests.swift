import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// `wpnews sites import` and `export`: subscription lists from feed readers in, the followed
/// sites out, against the seeded WordPress, a server that is not WordPress and a dead port.
@Suite struct SitesImportCommandTests {
    /// A port nothing listens on.
    static let deadFeed = "http://127.0.0.1:9/feed/"

    @Test func newsboatsExportImportsExportsAndImportsBackTheSame() async throws {
        let site = try TestSites.site
        let plain = try TestHTTPServer { _ in .html("<html><body>Just a page, no WordPress here.</body></html>") }
        defer { plain.stop() }
        let newsboat = try Newsboat()
        try newsboat.subscribe(to: [site + "/feed/", plain.url("/feed.xml"), Self.deadFeed])
        _ = try await newsboat.run(["-x", "reload"])
        let exported = try newsboat.write(try await newsboat.run(["-e"]), to: "newsboat.opml")

        let home = try TestSites.freshHome()
        let imported = try await CommandRun.run(["sites", "import", exported], environment: ["HOME": home])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderrLines == [
            "added 'the-riverside-ledger': The Riverside Ledger (\(site)/feed/)",
            "not a WordPress site: \(plain.url("/feed.xml"))",
            "unreachable: \(Self.deadFeed): could not connect to 127.0.0.1:9 (connection refused): check that the site is up and the address and port are right",
            "1 added, 1 not a WordPress site, 1 unreachable; 'the-riverside-ledger' is the default site",
        ], "\(imported.stderr)")
        let followed = try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home])
        #expect(try followed.json().map { $0["api_root"] as? String } == ["\(site)/wp-json/"])

        let export = try await CommandRun.run(["sites", "export"], environment: ["HOME": home])
        #expect(export.status == 0 && export.stderr.isEmpty, "\(export.stderr)")
        #expect(export.stdout.contains("<opml version=\"2.0\">"))
        #expect(export.stdout.contains("<outline type=\"rss\" text=\"the-riverside-ledger\" title=\"the-riverside-ledger\" xmlUrl=\"\(site)/feed/\" htmlUrl=\"\(site)/\"/>"), "\(export.stdout)")
        let ours = try newsboat.write(export.stdout, to: "wpnews.opml")

        let freshHome = try TestSites.freshHome()
        let again = try await CommandRun.run(["sites", "import", ours], environment: ["HOME": freshHome])
        #expect(again.stderrLines.last == "1 added; 'the-riverside-ledger' is the default site", "\(again.stderr)")
        #expect(try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": freshHome]).stdout == followed.stdout)

        // newsboat reads our export too.
        let readBack = try Newsboat()
        _ = try await readBack.run(["-i", ours])
        #expect(try readBack.subscriptions() == ["\(site)/feed/"])
    }

    @Test func titlesBecomeUniqueNamesAndAFollowedSiteIsLeftAlone() async throws {
        let site = try TestSites.site
        let (first, second) = (try FakeWordPress.start { _, _ in nil }, try FakeWordPress.start { _, _ in nil })
        defer { first.stop(); second.stop() }
        let home = try TestSites.freshHome()
        #expect(try await CommandRun.run(["sites", "add", "ledger", site], environment: ["HOME": home]).status == 0)
        let list = try Self.write(opml: """
            <outline text="Folder"><outline type="rss" title="The Ledger again" xmlUrl="\(site)/feed/"/>
              <outline type="rss" title="Campus" xmlUrl="\(first.url("/feed/"))"/></outline>
            <outline type="rss" title="Camp&#x9b;us&#x202e;" xmlUrl="\(second.url("/feed/"))"/>
            """)
        let run = try await CommandRun.run(["sites", "import", list], environment: ["HOME": home])
        #expect(run.status == 0)
        #expect(run.stderrLines == [
            "followed already, as 'ledger': The Ledger again (\(site)/feed/)",
            "added 'campus': Campus (\(first.url("/feed/")))",
            "added 'campus-2': Campus (\(second.url("/feed/")))",
            "2 added, 1 followed already",
        ], "\(run.stderr)")
        let sites = try await CommandRun.run(["sites", "list", "--json"], environment: ["HOME": home]).json()
        #expect(sites.map { $0["name"] as? String } == ["campus", "campus-2", "ledger"])
        #expect(sites.first { $0["default"] as? Bool == true }?["name"] as? String == "ledger")
    }

    @Test func feedsAreLookedUpTogetherWithinTheLimitPerHost() async throws {
        let server = try TestHTTPServer { _ in TestResponse.html("<html>not WordPress</html>").delayed(0.05) }
        defer { server.stop() }
        let list = try Self.write(opml: (1...20).map { "<outline type=\"rss\" xmlUrl=\"\(server.url("/feed/\($0)"))\"/>" }.joined(separator: "\n"))
        let run = try await CommandRun.run(["sites", "import", list])
        #expect(run.stderrLines.last == "0 added, 20 not WordPress sites", "\(run.stderr)")
        #expect((2...6).contains(server.peakRequestsInProgress), "\(server.peakRequestsInProgress) at once")
    }

    @Test(arguments: [
        "billion-laughs.opml", "external-entity.opml", "truncated.opml", "html-page.opml", "xhtml-page.opml", "not-utf8.opml",
    ])
    func aHostileOrBrokenListIsOneLineAndChangesNothing(file: String) async throws {
        let home = try TestSites.freshHome()
        let path = TestSites.packageRoot.appendingPathComponent("Tests/Fixtures/opml/\(file)").path
        let run = try await CommandRun.run(["sites", "import", path], environment: ["HOME": home])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("wpnews: cannot import \(path): "), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home + "/.config/wpnews/sites.toml"))
    }

    @Test func aMissingFileSaysSo() async throws {
        let run = try await CommandRun.run(["sites", "import", "/nonexistent/feeds.opml"])
        #expect(run.status == 1 && run.stderrLines.count == 1 && run.stderr.contains("cannot read /nonexistent/feeds.opml"), "\(run.stderr)")
    }

    @Test func exportingNoSitesIsAnEmptyList() async throws {
        let run = try await CommandRun.run(["sites", "export"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("<body/>"), "\(run.stdout)")
    }

    /// An OPML file around `outlines`, in a folder of its own.
    static func write(opml outlines: String) throws -> String {
        let path = try TestSites.freshHome() + "/feeds.opml"
        try "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><head><title>t</title></head><body>\n\(outlines)\n</body></opml>\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// newsboat with a urls file, config and cache in a folder of its own.
struct Newsboat {
    let folder: String

    init() throws {
        folder = try TestSites.freshHome()
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/newsboat"), "newsboat is not installed: `make test` installs it")
        try "".write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
        try "".write(toFile: folder + "/config", atomically: true, encoding: .utf8)
    }

    func subscribe(to feeds: [String]) throws {
        try feeds.map { $0 + "\n" }.joined().write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
    }

    func subscriptions() throws -> [String] {
        try String(contentsOfFile: folder + "/urls", encoding: .utf8).split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    }

    func write(_ text: String, to name: String) throws -> String {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        return folder + "/" + name
    }

    /// Its stdout; waits without holding a thread, so the in-process servers it reads keep answering.
    func run(_ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/newsboat")
        process.arguments = ["-u", folder + "/urls", "-C", folder + "/config", "-c", folder + "/cache.db"] + arguments
        process.environment = ["HOME": folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = folder + "/stdout"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.runWithSignalsUnblocked() } catch { continuation.resume(throwing: error) }
        }
        try #require(status == 0, "newsboat \(arguments.joined(separator: " ")) exited with \(status)")
        return try String(contentsOfFile: output, encoding: .utf8)
    }
}
