import Foundation
import Testing
import TestHTTPServer

/// Bad input gets one line on stderr saying what happened and what to do, and a non-zero exit.
@Suite struct ErrorE2ETests {
    func expectFailure(_ arguments: [String], status: Int32 = 1, saying pattern: String,
                       sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let run = try await WPNewsRun.run(arguments)
        #expect(run.status == status, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(run.stderr.contains(pattern), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("Stack dump"), sourceLocation: sourceLocation)
        if status == 1 {
            #expect(run.stderrLines.count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.stderr.hasPrefix("wpnews: "), sourceLocation: sourceLocation)
        }
    }

    @Test func anUnreachablePort() async throws {
        let server = try TestHTTPServer { _ in .text("") }
        let url = server.baseURL
        server.stop()
        try await expectFailure(["latest", "--site", url], saying: "could not connect to 127.0.0.1:")
    }

    @Test func anUnknownHost() async throws {
        try await expectFailure(["featured", "--site", "https://no-such-host.invalid"], saying: "could not find the host 'no-such-host.invalid'")
    }

    @Test func aSiteThatIsNotWordPress() async throws {
        let server = try TestHTTPServer { _ in .html("<html><body>A static site</body></html>") }
        try await expectFailure(["latest", "--site", server.baseURL], saying: "does not look like a WordPress site")
    }

    @Test func aServerThatNeverAnswers() async throws {
        let server = try TestHTTPServer { _ in .stall() }
        try await expectFailure(["latest", "--site", server.baseURL, "--timeout", "1"], saying: "within 1 s: try again later or raise --timeout")
    }

    @Test func malformedJSON() async throws {
        let server = try FakeWordPress.start { route, _ in route == "/wp/v2/posts" ? .json("[{\"id\": 1, \"title\":") : nil }
        try await expectFailure(["latest", "--site", server.baseURL], saying: "cannot read")
    }

    @Test func aServerErrorWithWordPressMessage() async throws {
        let server = try FakeWordPress.start { _, _ in
            .json("{\"code\":\"internal_server_error\",\"message\":\"There has been a critical error on this website.\",\"data\":{\"status\":500}}", status: 500)
        }
        try await expectFailure(["latest", "--site", server.baseURL], saying: "HTTP 500")
        try await expectFailure(["latest", "--site", server.baseURL], saying: "There has been a critical error on this website.")
    }

    @Test func aHostileErrorMessageIsSanitized() async throws {
        let server = try FakeWordPress.start { _, _ in
            .json("{\"code\":\"x\",\"message\":\"evil \\u001b[2J\\u001b]0;pwned\\u0007 message\",\"data\":{\"status\":403}}", status: 403)
        }
        let run = try await WPNewsRun.run(["latest", "--site", server.baseURL])
        #expect(run.status == 1)
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(run.stderr.contains("evil [2J]0;pwned message"))
    }


    @Test func usageErrorsExitWith64() async throws {
        try await expectFailure(["latest", "--site", "http://127.0.0.1:1", "--per-page", "0"], status: 64, saying: "--per-page must be between 1 and 100")
        try await expectFailure(["latest", "--site", "http://127.0.0.1:1", "--width", "5"], status: 64, saying: "--width")
        try await expectFailure(["latest", "--site", "http://127.0.0.1:1", "--bogus"], status: 64, saying: "Unknown option '--bogus'")
        try await expectFailure(["latest", "--site", "ftp://example.org"], status: 64, saying: "not an http or https address")
        try await expectFailure(["latest", "--site", "two words"], status: 64, saying: "is not a valid URL")
        try await expectFailure(["featured", "--featured-tag", ""], status: 64, saying: "--featured-tag takes one tag")
    }

    @Test func versionAndHelpGoToStdout() async throws {
        let version = try await WPNewsRun.run(["--version"])
        #expect(version.status == 0 && version.stdout.wholeMatch(of: /wpnews \d+\.\d+\.\d+ \(.+\)\n/) != nil)
        for arguments in [["--help"], ["help", "featured"], ["latest", "--help"]] {
            let help = try await WPNewsRun.run(arguments)
            #expect(help.status == 0, "\(help.stderr)")
            #expect(help.stdout.contains("USAGE: wpnews"))
        }
        let featuredHelp = try await WPNewsRun.run(["help", "featured"])
        #expect(featuredHelp.stdout.contains("--featured-tag"))
    }
}
