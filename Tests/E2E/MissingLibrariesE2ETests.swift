import CommandRuns
import Foundation
import Testing

/// What wpnews says on a machine without a library it opens only when needed. The library is
/// taken away for real, from the run alone: a private mount namespace (`unshare`, which needs
/// root, as `make test` has) puts an empty file over the library's file, so the dynamic
/// loader finds nothing it can load there; the machine's own file is untouched.
@Suite(.enabled(if: getuid() == 0, "unshare and mount need root"))
struct MissingLibrariesE2ETests {
    /// The file the loader opens for `soname`, as ldconfig knows it.
    static func libraryFile(_ soname: String) async throws -> String {
        let cache = try await WPNewsRun.run(["-p"], executable: "/sbin/ldconfig")
        let line = try #require(cache.stdout.split(separator: "\n").first { $0.contains("\(soname) (") && $0.contains("x86-64") })
        let path = try #require(line.split(separator: " ").last.map(String.init))
        return URL(filePath: path).resolvingSymlinksInPath().path
    }

    /// wpnews with `arguments`, `soname`'s file hidden from it.
    static func runWithout(_ soname: String, _ arguments: [String]) async throws -> WPNewsRun {
        let file = try await libraryFile(soname)
        return try await WPNewsRun.run(
            ["--mount", "--propagation", "private", "/bin/sh", "-c", "mount --bind /dev/null \"$0\" && exec \"$@\"", file, WPNewsRun.binary] + arguments,
            executable: "/usr/bin/unshare"
        )
    }

    @Test func withoutChafaAnArticleIsReadAndItsPicturesSayWhatToInstall() async throws {
        let run = try await Self.runWithout("libchafa.so.0", ["read", "38", "--site", try TestSites.site, "--images", "symbols", "--no-pager"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("[image:") && !PicturesE2ETests.hasBlocks(run.stdout), "placeholders: \(run.stdout.prefix(500))")
        #expect(run.stderr == "wpnews: pictures are not shown: libchafa.so.0 is missing: install it with `apt install libchafa0`, or pass --images none\n")
    }

    @Test func withoutChafaTheVersionsSayWhatToInstall() async throws {
        let run = try await Self.runWithout("libchafa.so.0", ["-v", "--version"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").last == "gdk-pixbuf and chafa not installed: `apt install libchafa0`", "\(run.stdout)")
    }

    /// The release binary does not need libxml2 to start (the Makefile takes it out of its
    /// NEEDED entries): a run that reads no HTML or XML never loads it.
    @Test func withoutLibxml2TheVersionsSayWhatToInstall() async throws {
        let run = try await Self.runWithout("libxml2.so.2", ["-v", "--version"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").contains("libxml2 not installed: `apt install libxml2`"), "\(run.stdout)")
    }

    @Test func withoutLibxml2RenderingHTMLStopsWithOneLineNamingItsPackage() async throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-e2e-\(UUID().uuidString).html")
        try "<p>A page.</p>".write(to: page, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: page) }
        let run = try await Self.runWithout("libxml2.so.2", ["render", page.path])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("wpnews: reading HTML and XML needs libxml2, which could not be loaded ("), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("): install it with `apt install libxml2`\n") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func withoutLibcurlReadingASiteStopsWithOneLineNamingItsPackage() async throws {
        let run = try await Self.runWithout("libcurl.so.4", ["latest", "--site", try TestSites.site])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("wpnews: reaching a site needs libcurl, which could not be loaded ("), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("): install it with `apt install libcurl4`\n") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}
