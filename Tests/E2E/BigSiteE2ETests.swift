import CommandRuns
import Foundation
import ProcessSpawn
import Testing
import TestHTTPServer

/// A site with 10,000 posts and 10,000 tags (`scripts/wordpress.sh start-big`): whole
/// archives in pages of a hundred, never more requests at once than the per-host limit,
/// Ctrl-C that leaves a cache a second run completes, progress on a terminal only.
@Suite(.serialized) struct BigSiteE2ETests {
    /// A proxy in front of the big site that records the most connections open at once.
    struct CountingProxy {
        let child: StartedChild
        let port: Int
        let record: String

        /// `port`: where to listen (0: any free port).
        static func start(to site: String, port listen: Int = 0) async throws -> CountingProxy {
            let record = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-proxy-\(UUID().uuidString)").path
            let said = record + ".stdout"
            defer { try? FileManager.default.removeItem(atPath: said) }
            let script = TestSites.packageRoot.appendingPathComponent("Tests/E2E/counting-proxy.py").path
            // Not the test's own stderr: a proxy left running would hold `swift test`'s pipe open.
            let child = try StartedChild(.redirecting("/usr/bin/python3", [script, String(try #require(URL(string: site)?.port)), record, String(listen)],
                                                      output: said, errors: "/dev/null", environment: ProcessInfo.processInfo.environment))
            var started = false
            defer { if !started { child.stop() } }
            // Up to the end of the line: an unbuffered Python may write it in pieces.
            var line: String { (try? String(contentsOfFile: said, encoding: .utf8)) ?? "" }
            _ = await eventually { child.exit != nil || line.hasSuffix("\n") }
            let port = try #require(Int(line.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""), "\(line)")
            started = true
            return CountingProxy(child: child, port: port, record: record)
        }

        var highest: Int { Int((try? String(contentsOfFile: record, encoding: .utf8)) ?? "0") ?? 0 }

        /// Ends it and waits for that, so its port is free once this returns.
        func stop() { child.stop() }
    }

    func home(requestsPerHost: Int? = nil) throws -> String {
        let home = try TestSites.freshHome()
        if let requestsPerHost {
            try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
            try "[network]\nrequests_per_host = \(requestsPerHost)\n".write(toFile: home + "/.config/wpnews/config.toml", atomically: true, encoding: .utf8)
        }
        return home
    }

    /// Through a proxy that counts, with a limit below the site's four PHP workers: the
    /// site never sees more at once, and the whole archive arrives, in order, once.
    @Test func theWholeArchiveArrivesInOrderWithinTheHostLimit() async throws {
        let proxy = try await CountingProxy.start(to: try TestSites.bigSite)
        defer { proxy.stop() }
        // The bare home URL: its first answer proves the root, so every request goes through the proxy.
        let run = try await WPNewsRun.run(["latest", "--site", "http://127.0.0.1:\(proxy.port)", "--all", "--json", "-v"],
                                          environment: ["HOME": try home(requestsPerHost: 3)])
        #expect(run.status == 0, "\(run.stderr.suffix(500))")
        let stories = try run.json()
        let ids = stories.compactMap { $0["id"] as? Int }
        #expect(ids.count == 10_000 && Set(ids).count == 10_000)
        let dates = stories.compactMap { $0["date"] as? String }
        #expect(dates == dates.sorted(by: >), "newest first, page after page")
        #expect(proxy.highest >= 2 && proxy.highest <= 3, "at most 3 requests at once, and more than one: \(proxy.highest)")
        let postPages = run.requestLines.filter { $0.contains("/wp/v2/posts") }
        #expect(postPages.count == 100 && postPages.allSatisfy { $0.contains("per_page=100") }, "\(postPages.prefix(3))")
    }

    @Test func everyTagWhenAskedForAll() async throws {
        let run = try await WPNewsRun.run(["tags", "--site", try TestSites.bigSite, "--json", "--limit", "10000"], environment: ["HOME": try home()])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json().count == 10_000)
        let cloud = try await WPNewsRun.run(["tags", "--site", try TestSites.bigSite, "-v"], environment: ["HOME": try home()])
        #expect(cloud.requestLines.filter { $0.contains("/wp/v2/tags") }.count == 1, "the default cloud is one request: \(cloud.stderr)")
    }

    @Test func ctrlCLeavesACacheASecondRunCompletes() async throws {
        let site = try TestSites.bigSite
        let home = try home()
        let process = try WPNewsRun.launch(["latest", "--site", site, "--all"], home: home)
        // Once a few pages are in the cache, interrupt.
        let cache = home + "/.cache/wpnews/wpnews.sqlite"
        #expect(await eventually(within: 60) {
            let size = ["", "-wal"].compactMap { try? FileManager.default.attributesOfItem(atPath: cache + $0)[.size] as? Int }.reduce(0, +)
            return size > 1_000_000
        })
        process.signal(SIGINT)
        #expect(await process.ended() == .exited(130))

        let report = try await WPNewsRun.run(["cache", "--json"], environment: ["HOME": home])
        #expect(report.status == 0 && report.stderr.isEmpty, "the cache opens: \(report.stderr)")
        let sites = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])["sites"] as? [[String: Any]]
        let cached = try #require(sites?.first?["stories"] as? Int)
        #expect(cached > 0 && cached < 10_000, "part of the archive, \(cached) stories")

        let offline = try await WPNewsRun.run(["category", "1", "--site", site, "--offline"], environment: ["HOME": home])
        #expect(offline.status == 1, "a part of the archive is not taken for the whole of it")

        let again = try await WPNewsRun.run(["latest", "--site", site, "--all", "--json", "-v"], environment: ["HOME": home])
        #expect(again.status == 0, "\(again.stderr.suffix(300))")
        #expect(try again.json().count == 10_000)
        #expect(again.requestLines.filter { $0.contains("/wp/v2/posts") }.count < 100, "the pages already fetched are not asked for again")
    }

    @Test func progressShowsOnATerminalAndNowhereElse() async throws {
        let site = try TestSites.bigSite
        let out = try TestSites.freshHome()
        let script = """
            tmux -L wpnews-progress-$$ new-session -d -s p -x 100 -y 10 "HOME=\(out) \(WPNewsRun.binary) latest --site \(site) --all > /dev/null; sleep 30"
            for i in $(seq 300); do
              tmux -L wpnews-progress-$$ capture-pane -t p -p | grep -q 'page .* of 100' && break
              sleep 0.05
            done
            tmux -L wpnews-progress-$$ capture-pane -t p -p > \(out)/screen
            tmux -L wpnews-progress-$$ kill-server
            """
        _ = try await WPNewsRun.run(["-c", script], executable: "/bin/bash")
        let screen = try String(contentsOfFile: out + "/screen", encoding: .utf8)
        #expect(screen.contains(" of 100 · ") && screen.contains(" stories · "), "\(screen)")

        let piped = try await WPNewsRun.run(["latest", "--site", site, "--all", "--refresh"], environment: ["HOME": out])
        #expect(piped.status == 0 && piped.stderr.isEmpty, "no progress when stderr is not a terminal: \(piped.stderr.prefix(200))")
    }
}
