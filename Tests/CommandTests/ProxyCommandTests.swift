import CommandRuns
import Foundation
import Testing
import TestHTTPServer

/// Requests go through the proxy the environment or config.toml names, and around it for the
/// hosts `no_proxy` covers; a tinyproxy of the test's own logs what passed through it.
@Suite struct ProxyCommandTests {
    /// The URLs `-v` reported.
    func requestedURLs(_ run: CommandRun) -> [String] {
        run.requestLines.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
    }

    @Test func withHTTPProxySetEveryRequestPassesThroughTheProxy() async throws {
        let proxy = try await LoopbackProxy.start()
        defer { proxy.stop() }
        let run = try await CommandRun.run(["latest", "--site", try TestSites.site, "-v"], environment: ["http_proxy": proxy.url])
        #expect(run.status == 0, "\(run.stderr)")
        let requested = requestedURLs(run)
        #expect(!requested.isEmpty)
        #expect(await eventually(within: 5) { Set(proxy.forwardedURLs()) == Set(requested) },
                "the proxy forwarded \(proxy.forwardedURLs()), wpnews asked for \(requested)")
    }

    @Test func noProxyCoveringTheHostBypassesTheProxy() async throws {
        let proxy = try await LoopbackProxy.start()
        defer { proxy.stop() }
        let run = try await CommandRun.run(["latest", "--site", try TestSites.site],
                                           environment: ["http_proxy": proxy.url, "no_proxy": "localhost,127.0.0.1"])
        #expect(run.status == 0, "\(run.stderr)")
        // Logged after anything wpnews sent through the proxy: only then does absence mean something.
        let marker = try await proxy.logMarker()
        #expect(proxy.forwardedURLs() == [marker], "\(proxy.forwardedURLs())")
    }

    @Test func theProxyInConfigTomlIsUsed() async throws {
        let proxy = try await LoopbackProxy.start()
        defer { proxy.stop() }
        let home = try TestSites.freshHome()
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try "[network]\nproxy = \"\(proxy.url)\"\n".write(toFile: home + "/.config/wpnews/config.toml", atomically: true, encoding: .utf8)
        let run = try await CommandRun.run(["latest", "--site", try TestSites.site], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(await eventually(within: 5) { !proxy.forwardedURLs().isEmpty })
    }
}
