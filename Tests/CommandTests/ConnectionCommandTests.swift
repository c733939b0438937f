import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// How wpnews reaches a site: https first for an address without a scheme, plain http only
/// when the port demonstrably speaks it, never after a certificate problem, never by a
/// redirect; and a post's password never shown.
@Suite struct ConnectionCommandTests {
    /// A config trusting the test server's own certificate.
    func home(trusting server: TLSTestServer) throws -> String {
        let home = try TestSites.freshHome()
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try "[network]\nca_file = \"\(server.caFile)\"\n".write(toFile: home + "/.config/wpnews/config.toml", atomically: true, encoding: .utf8)
        return home
    }

    /// A port that answers the TLS hello with plain HTTP (400, as nginx and Apache do): typed
    /// without a scheme, the address falls back to http, and wpnews says so.
    @Test func anAddressWithoutASchemeOnAnHTTPPortFallsBackToHTTPAndSaysSo() async throws {
        let server = try FakeWordPress.start(answersNonHTTPAtOnce: true, routes: FakeWordPress.seededSiteRoutes)
        let site = server.baseURL
        let address = site.replacing("http://", with: "")
        let home = try TestSites.freshHome()
        let latest = try await CommandRun.run(["latest", "--site", address], environment: ["HOME": home])
        #expect(latest.status == 0, "\(latest.stderr)")
        #expect(latest.stderr.contains("https://\(address)") && latest.stderr.contains("using http"), "\(latest.stderr)")
        let added = try await CommandRun.run(["sites", "add", "ledger", address], environment: ["HOME": home])
        #expect(added.status == 0 && added.stderr.contains("using http"), "\(added.stderr)")
        #expect(try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8).contains("api_root = \"\(site)/wp-json/\""))
        let again = try await CommandRun.run(["latest"], environment: ["HOME": home])
        #expect(again.status == 0 && !again.stderr.contains("using http"), "a stored root is used as it is: \(again.stderr)")
    }

    @Test func aSelfSignedCertificateIsNamedAndNeverABreakForHTTP() async throws {
        let server = try await TLSTestServer.start(.forThisHost)
        defer { server.stop() }
        for address in [server.url("/"), "127.0.0.1:\(server.port)"] {
            let run = try await CommandRun.run(["latest", "--site", address])
            #expect(run.status == 1, "\(address)")
            #expect(run.stderr.contains("self-signed") && run.stderr.contains("ca_file"), "\(address): \(run.stderr)")
            #expect(!run.stderr.contains("using http"), "a certificate problem never falls back to http")
        }
        // s_server never answers the HEAD of discovery: the run ends at the timeout, past the handshake.
        let trusted = try await CommandRun.run(["latest", "--site", server.url("/"), "--timeout", "3"], environment: ["HOME": try home(trusting: server)])
        #expect(trusted.status == 1 && !trusted.stderr.contains("certificate"), "trusted through [network] ca_file: \(trusted.stderr)")
    }

    @Test func aCertificateForAnotherHostIsNamed() async throws {
        let server = try await TLSTestServer.start(.forAnotherHost)
        defer { server.stop() }
        let run = try await CommandRun.run(["latest", "--site", server.url("/")], environment: ["HOME": try home(trusting: server)])
        #expect(run.status == 1 && run.stderr.contains("127.0.0.1"), "\(run.stderr)")
        #expect(run.stderr.lowercased().contains("name"), "it says the certificate is for another name: \(run.stderr)")
    }

    /// Trusted through `[network] ca_file`, so that its dates are all that is wrong with it.
    @Test func anExpiredCertificateIsNamed() async throws {
        let server = try await TLSTestServer.start(.expired)
        defer { server.stop() }
        let run = try await CommandRun.run(["latest", "--site", server.url("/")], environment: ["HOME": try home(trusting: server)])
        #expect(run.status == 1 && run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("certificate of 127.0.0.1:\(server.port) has expired"), "\(run.stderr)")
    }

    @Test func aRedirectFromHTTPSToHTTPIsRefused() async throws {
        let site = try TestSites.site
        let server = try await TLSTestServer.redirecting(to: site + "/")
        defer { server.stop() }
        let run = try await CommandRun.run(["latest", "--site", server.url("/some-post/")], environment: ["HOME": try home(trusting: server)])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("http://") && run.stderr.contains("refuses"), "\(run.stderr)")
        let explicit = try await CommandRun.run(["latest", "--site", site])
        #expect(explicit.status == 0, "the http address given explicitly is read")
    }

    /// A server that closes the connection on a TLS hello (PHP's built-in one does) has not
    /// shown that it speaks http: the address is not read over plain http behind the user's back.
    @Test func aServerThatHangsUpOnTLSIsNotABreakForHTTP() async throws {
        let site = try TestSites.site
        let address = site.replacing("http://", with: "")
        let run = try await CommandRun.run(["latest", "--site", address])
        #expect(run.status == 1 && !run.stderr.contains("using http"), "\(run.stderr)")
        #expect(run.stderr.contains("https to \(address) failed") && run.stderr.contains("give it as http://\(address)"), "\(run.stderr)")
    }

    @Test func aPostPasswordIsNeverShown() async throws {
        let site = try TestSites.site
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-trace-\(UUID().uuidString)").path
        let right = try await CommandRun.run(["read", "64", "--site", site, "--password", "heron1911", "--comments", "-v", "--no-pager"],
                                            environment: ["WPNEWS_TRACE": trace])
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.stderr.contains("/wp/v2/posts/64?"), "the request is logged, without its password, which is not in the address")
        let wrong = try await CommandRun.run(["read", "64", "--site", site, "--password", "wrong-secret", "-v"])
        #expect(wrong.status == 1)
        let logged = right.stderr + wrong.stderr + ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "")
        #expect(!logged.contains("heron1911") && !logged.contains("wrong-secret"), "\(logged)")
    }
}
