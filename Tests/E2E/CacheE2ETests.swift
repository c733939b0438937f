import CommandRuns
import Foundation
import ProcessSpawn
import Synchronization
import Testing
import TestHTTPServer

/// The disk cache: instant repeat runs, offline reading, change markers, sites, and a cache
/// that survives crashes, races and damage.
@Suite struct CacheE2ETests {
    @Test func aSecondRunWithinTheFreshnessWindowMakesNoRequest() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let first = try await WPNewsRun.run(["latest", "--site", site, "-v"], environment: ["HOME": home])
        let second = try await WPNewsRun.run(["latest", "--site", site, "-v"], environment: ["HOME": home])
        #expect(first.status == 0 && second.status == 0)
        #expect(!first.requestLines.isEmpty)
        #expect(second.requestLines.isEmpty, "\(second.stderr)")
        #expect(second.stdout.replacing("NEW ", with: "").withoutRelativeTimes == first.stdout.replacing("NEW ", with: "").withoutRelativeTimes)

        let refreshed = try await WPNewsRun.run(["latest", "--site", site, "-v", "--refresh"], environment: ["HOME": home])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.requestLines.contains { $0.contains("/wp/v2/posts") })
    }

    /// Past the freshness window a first page asks only for what changed or was published
    /// since, and shows the same list when nothing did; `--refresh` fetches it in full.
    @Test func aStaleListAsksTheRealWordPressOnlyForChanges() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        try FileManager.default.createDirectory(atPath: home + "/.config/wpnews", withIntermediateDirectories: true)
        try "[freshness]\nlists_minutes = 0\n".write(toFile: home + "/.config/wpnews/config.toml", atomically: true, encoding: .utf8)
        let full = try await WPNewsRun.run(["latest", "--site", site, "--json"], environment: ["HOME": home])
        let caughtUp = try await WPNewsRun.run(["latest", "--site", site, "--json", "-v"], environment: ["HOME": home])
        #expect(caughtUp.status == 0, "\(caughtUp.stderr)")
        let postRequests = caughtUp.requestLines.filter { $0.contains("/wp/v2/posts") }
        #expect(postRequests.count == 2, "\(caughtUp.stderr)")
        #expect(postRequests.contains { $0.contains("modified_after=") } && postRequests.contains { $0.contains("&after=") }, "\(caughtUp.stderr)")
        #expect(try caughtUp.json().map { $0["id"] as? Int } == full.json().map { $0["id"] as? Int })

        let refreshed = try await WPNewsRun.run(["latest", "--site", site, "-v", "--refresh"], environment: ["HOME": home])
        #expect(refreshed.requestLines.contains { $0.contains("/wp/v2/posts") && !$0.contains("modified_after") }, "\(refreshed.stderr)")
    }

    @Test func offlineServesTheCopyAndSaysHowOld() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let nothing = try await WPNewsRun.run(["latest", "--site", site, "--offline"], environment: ["HOME": home])
        #expect(nothing.status == 1)
        #expect(nothing.stderr == "wpnews: page 1 of the latest stories is not in the offline copy of \(site): run the command again when \(site) can be reached\n")

        _ = try await WPNewsRun.run(["latest", "--site", site, "--json"], environment: ["HOME": home])
        let offline = try await WPNewsRun.run(["latest", "--site", site, "--offline", "-v"], environment: ["HOME": home])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.requestLines.isEmpty)
        #expect(offline.stderr.contains("offline: showing the copy from just now"))
        #expect(offline.stdout.contains(" 1. "))
    }

    @Test func anUnreachableSiteServesTheCachedCopyWithTheReason() async throws {
        let server = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        let home = try TestSites.freshHome()
        let online = try await WPNewsRun.run(["latest", "--site", server.baseURL], environment: ["HOME": home])
        #expect(online.status == 0, "\(online.stderr)")
        server.stop()
        let offline = try await WPNewsRun.run(["latest", "--site", server.baseURL, "--refresh"], environment: ["HOME": home])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stderrLines.count == 1)
        #expect(offline.stderr.hasPrefix("offline: showing the copy from just now: could not connect to"))
        #expect(offline.stdout.replacing("NEW ", with: "").withoutRelativeTimes == online.stdout.replacing("NEW ", with: "").withoutRelativeTimes)
    }

    @Test func listsMarkNewAndUpdatedStoriesAndJSONRunsDoNotCountAsSeen() async throws {
        let modified = Mutex("2026-11-22T09:59:01")
        let server = try FakeWordPress.start { route, request in
            guard route == "/wp/v2/posts" else { return FakeWordPress.seededSiteRoutes(route, request) }
            let body = try! WordPressFixture.text("posts-page1.json")
                .replacingOccurrences(of: "\"modified_gmt\": \"2026-11-22T09:59:01\"", with: "\"modified_gmt\": \"\(modified.withLock { $0 })\"")
            return FakeWordPress.collection(body, total: 49, totalPages: 5)
        }
        let home = try TestSites.freshHome()
        let run = { (arguments: [String]) in try await WPNewsRun.run(["latest", "--site", server.baseURL, "--refresh"] + arguments, environment: ["HOME": home]) }

        let scripted = try await run(["--json"]).json()
        #expect(scripted.allSatisfy { $0["new"] as? Bool == true && $0["updated"] as? Bool == false && $0["read"] as? Bool == false })
        #expect(try await run(["--json"]).json().allSatisfy { $0["new"] as? Bool == true }, "--json does not mark stories seen")

        let first = try await run([])
        #expect(first.stdout.contains(" 1. NEW Live: council votes on the ferry contract"))
        let second = try await run([])
        #expect(!second.stdout.contains("NEW") && !second.stdout.contains("UPDATED"))

        modified.withLock { $0 = "2026-11-22T10:30:00" }
        let third = try await run([])
        #expect(third.stdout.contains(" 1. UPDATED Live: council votes on the ferry contract"))
        #expect(third.stdout.components(separatedBy: "UPDATED").count == 2, "only the story that changed")
    }

    @Test func sitesAreAddedByNameAndTheFirstIsTheDefault() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let env = ["HOME": home]
        let unreachable = try await WPNewsRun.run(["sites", "add", "nowhere", "http://127.0.0.1:1"], environment: env)
        #expect(unreachable.status == 1)
        #expect(!FileManager.default.fileExists(atPath: home + "/.config/wpnews/sites.toml"), "nothing saved")

        let added = try await WPNewsRun.run(["sites", "add", "ledger", site], environment: env)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("the default site"))
        let listed = try await WPNewsRun.run(["sites", "list"], environment: env)
        #expect(listed.stdout.contains("* ledger  rest  0 unread  \(site)"), "read through its REST API, nothing cached yet: \(listed.stdout)")

        let byDefault = try await WPNewsRun.run(["latest", "-v", "--json"], environment: env)
        #expect(byDefault.status == 0, "\(byDefault.stderr)")
        #expect(!byDefault.stderr.contains("HEAD "), "a configured site costs no discovery request")
        #expect(try byDefault.json().count == 10)

        let byName = try await WPNewsRun.run(["featured", "--site", "ledger", "--json"], environment: env)
        #expect(try byName.json().count == 8)

        #expect(try await WPNewsRun.run(["sites", "add", "ledger", site], environment: env).status == 1)
        #expect(try await WPNewsRun.run(["sites", "remove", "ledger"], environment: env).status == 0)
        #expect(try await WPNewsRun.run(["sites", "list"], environment: env).stdout.contains("No sites yet"))
    }

    @Test func theCacheCommandShowsClearsAndPrunes() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let env = ["HOME": home]
        _ = try await WPNewsRun.run(["latest", "--site", site], environment: env)
        let shown = try await WPNewsRun.run(["cache", "--json"], environment: env)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(report["path"] as? String == home + "/.cache/wpnews/wpnews.sqlite")
        let sites = try #require(report["sites"] as? [[String: Any]])
        #expect(sites.first?["stories"] as? Int == 10)
        let lastFetched = try #require(sites.first?["last_fetched"] as? String, "a date, as every date of --json")
        #expect(lastFetched.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(lastFetched)")

        let pruned = try await WPNewsRun.run(["cache", "prune"], environment: env)
        #expect(pruned.status == 0 && pruned.stderr.contains("pruned 0 stories"), "stories in a cached list stay")
        let cleared = try await WPNewsRun.run(["cache", "clear"], environment: env)
        #expect(cleared.status == 0, "\(cleared.stderr)")
        let after = try await WPNewsRun.run(["cache"], environment: env)
        #expect(after.stdout.contains("empty"))
    }

    @Test func twoRefreshesAtOnceBothSucceed() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let arguments = ["latest", "--site", site, "--refresh", "--per-page", "30"]
        let runs = try (0..<3).map { _ in try WPNewsRun.launch(arguments, home: home) }
        for process in runs {
            #expect(await process.ended() == .exited(0))
        }
        let offline = try await WPNewsRun.run(arguments.dropLast(3) + ["--per-page", "30", "--offline", "--json"], environment: ["HOME": home])
        #expect(try offline.json().count == 30)
    }

    @Test func killedMidRefreshLosesNothingCommitted() async throws {
        let slow = Mutex(false)
        let server = try FakeWordPress.start { route, request in
            let answer = FakeWordPress.seededSiteRoutes(route, request)
            return slow.withLock { $0 } && route == "/wp/v2/posts" ? answer?.delayed(30) : answer
        }
        let home = try TestSites.freshHome()
        let committed = try await WPNewsRun.run(["latest", "--site", server.baseURL, "--json"], environment: ["HOME": home])
        #expect(committed.status == 0, "\(committed.stderr)")

        slow.withLock { $0 = true }
        let refresh = try WPNewsRun.launch(["latest", "--site", server.baseURL, "--refresh"], home: home)
        #expect(await eventually { server.requests.filter { $0.path.hasSuffix("/posts") }.count == 2 })
        refresh.signal(SIGKILL)
        _ = await refresh.ended()

        let after = try await WPNewsRun.run(["latest", "--site", server.baseURL, "--offline", "--json"], environment: ["HOME": home])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(try after.json().compactMap { $0["id"] as? Int } == (try committed.json().compactMap { $0["id"] as? Int }))
    }

    @Test func aDamagedCacheIsMovedAsideAndRebuilt() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let cache = home + "/.cache/wpnews"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        try Data(String(repeating: "not a database ", count: 500).utf8).write(to: URL(fileURLWithPath: cache + "/wpnews.sqlite"))
        let run = try await WPNewsRun.run(["latest", "--site", site], environment: ["HOME": home])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("was damaged: kept it as"))
        #expect(run.stdout.contains(" 1. "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).contains { $0.hasPrefix("wpnews.sqlite.damaged-") })
        let again = try await WPNewsRun.run(["latest", "--site", site, "--offline"], environment: ["HOME": home])
        #expect(again.status == 0 && !again.stderr.contains("damaged"))
    }

    @Test func aCacheThatCannotBeWrittenStillPrintsTheResult() async throws {
        let site = try TestSites.site
        let home = try TestSites.freshHome()
        let blocker = home + "/not-a-directory"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let run = try await WPNewsRun.run(["latest", "--site", site], environment: ["HOME": home, "XDG_CACHE_HOME": blocker + "/cache"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("cannot use the cache at \(blocker)/cache/wpnews/wpnews.sqlite"))
        #expect(run.stdout.contains(" 1. "))
    }

}


/// With no site configured, the bundled demo, offline.
@Suite struct DemoE2ETests {
    @Test func withNoSiteTheBundledDemoIsShownOfflineAndSaysSo() async throws {
        let home = try TestSites.freshHome()
        let env = ["HOME": home, "WPNEWS_RESOURCES": TestSites.demoResources]
        let featured = try await WPNewsRun.run(["featured", "-v"], environment: env)
        #expect(featured.status == 0, "\(featured.stderr)")
        #expect(featured.requestLines.isEmpty, "the demo never touches the network")
        #expect(featured.stderr.contains("demo site: add your own with `wpnews sites add NAME URL`"))
        #expect(featured.stdout.hasPrefix("1. NEW "))
        let again = try await WPNewsRun.run(["featured"], environment: env)
        #expect(!again.stdout.contains("NEW"), "reading the demo marks its stories seen, in a copy of the user's")

        let refresh = try await WPNewsRun.run(["latest", "--refresh", "--page", "2"], environment: env)
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(refresh.stderr.contains("a bundled snapshot, it cannot be refreshed"))
        #expect(refresh.stdout.contains("11. "))

        let outside = try await WPNewsRun.run(["latest", "--page", "99"], environment: env)
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("page 99 of the latest stories is not in the demo site"), "\(outside.stderr)")
        #expect(!outside.stderr.contains("127.0.0.1") && !outside.stderr.contains("--offline"), "named as the user knows it")
    }

    /// What the README shows on the demo works on a fresh machine, offline.
    @Test func theDemoHoldsWhatItsCommandsNeed() async throws {
        let home = try TestSites.freshHome()
        let env = ["HOME": home, "WPNEWS_RESOURCES": TestSites.demoResources]
        let commands = [
            ["latest", "--per-page", "5"], ["latest", "--page", "3"], ["latest", "--all"], ["read", "56", "--no-pager"],
            ["read", "-n", "1", "--no-pager"], ["categories"], ["category", "city-hall"], ["tags"], ["tag", "city-council"],
            ["author", "jane"], ["pages"], ["page", "about", "--no-pager"], ["search", "ferry"], ["featured", "--json"],
        ]
        for arguments in commands {
            let run = try await WPNewsRun.run(arguments + ["-v"], environment: env)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(!run.stdout.isEmpty && run.requestLines.isEmpty, "\(arguments)")
        }
    }

    @Test func theDemoIsFoundBesideTheBuiltBinary() async throws {
        // No WPNEWS_RESOURCES: found from .build/debug/wpnews up to the package's Resources/.
        let run = try await WPNewsRun.run(["latest", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json().count == 10)
    }
}
