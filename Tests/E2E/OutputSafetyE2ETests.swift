import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// Text from a server reaches the terminal without a single control character of its own,
/// whatever way it comes (a `Link` header, an error body), with colours on: only wpnews's
/// own styles, hyperlinks and screen control get through.
@Suite struct OutputSafetyE2ETests {
    /// What a hostile server puts in its text: a title change (OSC 0 ended by BEL), a screen
    /// wipe, and the same CSI as a C1 control.
    static let payload = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m"

    /// Control characters left once wpnews's own sequences are taken out: SGR styles, OSC 8
    /// hyperlinks, and the few screen controls a full screen uses (never a clear screen).
    static func strayControls(in output: String) -> [String] {
        var rest = output
        let own: [Regex<Substring>] = [
            /\x1B\[[0-9;]*m/, /\x1B\]8;;[^\x1B\x07]*\x1B\\/, /\x1B\[\?(?:1049|25|2004|1000|1006)[hl]/,
            /\x1B\[[HKJ]/, /\x1B\[\d+;\d+H/,
            // The app's question to the terminal about pictures (`ControlSequence.queryTerminal`).
            /\x1B_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1B\\\x1B\[16t\x1B\[c/,
        ]
        for pattern in own { rest = rest.replacing(pattern, with: "") }
        return rest.unicodeScalars
            .filter { $0.value < 0x20 && !["\n", "\r", "\t"].contains($0) || (0x7F...0x9F).contains($0.value) }
            .map { String(format: "U+%04X", $0.value) }
    }

    /// wpnews with a terminal for stdout and stderr (script(1) merges them into stdout).
    static func onATerminal(_ arguments: [String], home: String) async throws -> WPNewsRun {
        let command = ([WPNewsRun.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try await WPNewsRun.run(["-qec", command, "/dev/null"], environment: ["HOME": home, "TERM": "xterm"], executable: "/usr/bin/script")
    }

    @Test func aHostileLinkHeaderNeverDrivesTheTerminal() async throws {
        let server = try TestHTTPServer { request in
            .html("<html>a post</html>", headers: [("Link", "<http://127.0.0.1/wp-json/\(Self.payload)>; rel=\"https://api.w.org/\"")])
        }
        let home = try TestSites.freshHome()
        for arguments in [["sites", "add", "evil", server.url("/a-post/")], ["latest", "--site", server.url("/a-post/"), "-v"]] {
            let run = try await Self.onATerminal(arguments, home: home)
            #expect(run.stdout.contains("pwned"), "\(arguments): the text is shown, stripped: \(run.stdout)")
            #expect(Self.strayControls(in: run.stdout).isEmpty, "\(arguments): \(Self.strayControls(in: run.stdout)) in \(run.stdout.debugDescription)")
        }
    }

    @Test func aHostileErrorBodyNeverDrivesTheTerminal() async throws {
        let server = try FakeWordPress.start { _, _ in
            .json("{\"code\":\"x\",\"message\":\"evil \(Self.payload.unicodeScalars.map { String(format: "\\\\u%04x", $0.value) }.joined()) message\",\"data\":{\"status\":403}}", status: 403)
        }
        let run = try await Self.onATerminal(["latest", "--site", server.baseURL], home: try TestSites.freshHome())
        #expect(run.stdout.contains("evil") && run.stdout.contains("message"), "\(run.stdout)")
        #expect(Self.strayControls(in: run.stdout).isEmpty, "\(run.stdout.debugDescription)")
    }

    @Test func liveSearchShowsAHostileErrorSafely() async throws {
        let server = try FakeWordPress.start { route, _ in
            route == "/wp/v2/posts"
                ? .json("{\"code\":\"x\",\"message\":\"evil \\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m message\",\"data\":{\"status\":403}}", status: 403)
                : nil
        }
        let out = try TestSites.freshHome()
        let script = TestSites.packageRoot.appendingPathComponent("Tests/E2E/hostile-live-search.sh").path
        let run = try await WPNewsRun.run(["-qec", ["bash", script, WPNewsRun.binary, server.baseURL, out].joined(separator: " "), "/dev/null"],
                                          executable: "/usr/bin/script")
        #expect(run.status == 0, "\(run.stdout) \((try? String(contentsOfFile: out + "/timeout.screen", encoding: .utf8)) ?? "")")
        let raw = try String(decoding: Data(contentsOf: URL(fileURLWithPath: out + "/raw.log")), as: UTF8.self)
        #expect(raw.contains("evil"), "the error was drawn")
        #expect(Self.strayControls(in: raw).isEmpty, "\(Self.strayControls(in: raw))")
    }
}
