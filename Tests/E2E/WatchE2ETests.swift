import CommandRuns
import Foundation
import ProcessSpawn
import Testing
import TestHTTPServer

/// `wpnews watch` as a process against a WordPress the tests may publish to (the writable
/// copy of the seeded site: other tests count the shared site's stories).
@Suite(.serialized) struct WatchE2ETests {
    static var site: String {
        get throws {
            try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_WRITABLE_SITE"],
                         "WPNEWS_E2E_WRITABLE_SITE is not set: run the end-to-end tests with `make test`")
        }
    }

    /// Publishes a post with the same PHP the seed uses; its id.
    static func publish(_ title: String) throws -> Int {
        let output = try php(["publish", title])
        return try #require(Int(output.trimmingCharacters(in: .whitespacesAndNewlines)), "publish-post.php said: \(output)")
    }

    static func delete(_ id: Int) {
        _ = try? php(["delete", String(id)])
    }

    private static func php(_ arguments: [String]) throws -> String {
        let script = TestSites.packageRoot.appendingPathComponent("Tests/E2E/publish-post.php").path
        // Its stderr is captured only to be dropped.
        return try ChildProcess(executable: "/usr/bin/php", arguments: [script, try site] + arguments, environment: ProcessInfo.processInfo.environment)
            .run(output: .captured, errors: .captured).output
    }

    /// A watch running in the background, its output in files read as it grows.
    struct Watching {
        let child: StartedChild
        let directory: URL

        static func start(_ arguments: [String], home: String) throws -> Watching {
            let directory = URL(fileURLWithPath: home).appendingPathComponent("watch-output")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = { (name: String) in directory.appendingPathComponent(name).path }
            let environment = try TestSites.environment(["HOME": home, "WPNEWS_TRACE": path("trace")])
            let child = try StartedChild(.redirecting(WPNewsRun.binary, ["watch"] + arguments, output: path("stdout"), errors: path("stderr"),
                                                      environment: environment))
            return Watching(child: child, directory: directory)
        }

        func read(_ name: String) -> String {
            (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }

        var stdout: String { read("stdout") }
        var stderr: String { read("stderr") }
        /// Requests made so far (each poll makes two).
        var exchanges: Int { read("trace").split(separator: "\n").filter { $0.contains(" exchange ") }.count }

        var lines: [[String: Any]] {
            stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }

        /// SIGTERM, as a user's service manager ends it. One still running 30 seconds later is
        /// killed: the test fails, and no watch is left polling.
        func stop() async -> ChildProcess.Exit {
            child.signal(SIGTERM)
            if await !eventually(within: 30, { child.exit != nil }) { child.signal(SIGKILL) }
            return await child.ended()
        }
    }

    /// Published while watch runs: exactly that story, once. The site gone for two polls and
    /// back: one line each way, no crash, and the next story still arrives.
    @Test func aPublishedStoryArrivesOnceAndAnOutageIsSaidOnceEachWay() async throws {
        let target = try Self.site
        let proxy = try await BigSiteE2ETests.CountingProxy.start(to: target)
        var restarted: BigSiteE2ETests.CountingProxy?
        defer { (restarted ?? proxy).stop() }
        let home = try TestSites.freshHome()
        let watch = try Watching.start(["--site", "http://127.0.0.1:\(proxy.port)", "--interval", "2s", "--json"], home: home)
        var published: [Int] = []
        defer { published.forEach(Self.delete) }

        #expect(await eventually(within: 60) { watch.exchanges >= 2 }, "the first poll: \(watch.stderr)")
        let title = "Watch test \(UUID().uuidString.prefix(8))"
        published.append(try Self.publish(title))
        #expect(await eventually(within: 60) { watch.lines.contains { $0["id"] as? Int == published[0] } }, "\(watch.stdout) \(watch.stderr)")
        let beforeOutage = watch.exchanges
        #expect(await eventually(within: 30) { watch.exchanges >= beforeOutage + 4 }, "two more polls")
        #expect(watch.lines.count == 1, "exactly that story, once: \(watch.stdout)")
        let line = try #require(watch.lines.first)
        #expect(line["title"] as? String == title && line["event"] as? String == "published" && line["new"] as? Bool == true)

        proxy.stop()
        #expect(await eventually(within: 60) { watch.stderr.contains("trying again") }, "\(watch.stderr)")
        let failedFrom = watch.exchanges
        // Two polls fail (each tried by the HTTP client more than once, so count loosely).
        #expect(await eventually(within: 90) { watch.exchanges >= failedFrom + 2 }, "\(watch.stderr)")
        restarted = try await BigSiteE2ETests.CountingProxy.start(to: target, port: proxy.port)
        #expect(await eventually(within: 120) { watch.stderr.contains("answers again") }, "\(watch.stderr)")
        let notices = watch.stderr.split(separator: "\n")
        #expect(notices.filter { $0.contains("trying again") }.count == 1 && notices.filter { $0.contains("answers again") }.count == 1,
                "one line each way: \(watch.stderr)")
        #expect(watch.child.exit == nil)

        let second = "Watch test after the outage \(UUID().uuidString.prefix(8))"
        published.append(try Self.publish(second))
        #expect(await eventually(within: 60) { watch.lines.contains { $0["id"] as? Int == published[1] } }, "\(watch.stdout)")
        #expect(await watch.stop() == .exited(143))
        #expect(watch.lines.map { $0["id"] as? Int } == published.map { $0 }, "each once, in order")
    }

    /// `--exec` gets a title full of shell metacharacters in its environment, verbatim and
    /// harmless; `--notify` hands it to notify-send as an argument after `--`.
    @Test func execAndNotifyGetTheStoryAsDataNeverAsCode() async throws {
        let site = try Self.site
        let home = try TestSites.freshHome()
        let bin = home + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let notified = home + "/notified"
        try TestSites.writeScript("#!/bin/sh\nfor word in \"$@\"; do printf '%s\\n' \"$word\"; done > \(notified)", to: bin + "/notify-send")
        let start = try await WPNewsRun.run(["watch", "--site", site, "--once"], environment: ["HOME": home])
        #expect(start.status == 0, "\(start.stderr)")

        let injected = home + "/injected"
        let title = "Tonight $(touch \(injected)) `touch \(injected)`; touch \(injected) | & 'quoted' \"too\" \\ * ?"
        let id = try Self.publish(title)
        defer { Self.delete(id) }
        let received = home + "/received"
        let run = try await WPNewsRun.run(
            ["watch", "--site", site, "--once", "--json", "--notify", "--exec", "printf '%s|%s|%s' \"$WPNEWS_TITLE\" \"$WPNEWS_ID\" \"$WPNEWS_SITE\" > \(received); echo to-stderr"],
            environment: ["HOME": home, "PATH": bin + ":/usr/bin:/bin", "DISPLAY": ":99"]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let shownTitle = try #require(line["title"] as? String)
        #expect(shownTitle.contains("$(touch") && shownTitle.contains("`touch") && shownTitle.contains("; touch"), "WordPress keeps them: \(shownTitle)")
        #expect(try String(contentsOfFile: received, encoding: .utf8) == "\(shownTitle)|\(id)|\(site)", "verbatim, in the environment")
        #expect(!FileManager.default.fileExists(atPath: injected), "nothing in the title ran")
        #expect(run.stdout.split(separator: "\n").count == 1 && !run.stdout.contains("to-stderr"), "the command's output stays off stdout")
        #expect(run.stderr.contains("to-stderr"))
        let arguments = try String(contentsOfFile: notified, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(arguments.first == "--" && arguments.dropFirst().first.map(String.init) == shownTitle, "\(arguments)")
    }

    @Test func theDemoSiteCannotBeWatched() async throws {
        let run = try await WPNewsRun.run(["watch", "--once"], environment: ["WPNEWS_RESOURCES": TestSites.demoResources])
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("cannot be watched"), "\(run.stderr)")
    }
}
