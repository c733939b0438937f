import CommandRuns
import Foundation
import Testing

/// Saved stories and read marks as a user meets them: the app's `s`, the saved story read
/// from More with its site gone and the cache cleared, and `mark read --all` from a script.
@Suite struct SavedE2ETests {
    @Test func aStorySavedInTheAppReadsFromMoreWithTheSiteStoppedAndTheCacheCleared() async throws {
        // The site through a proxy that can be stopped: then nothing answers on its port.
        let proxy = try await BigSiteE2ETests.CountingProxy.start(to: try TestSites.site)
        let site = "http://127.0.0.1:\(proxy.port)"
        let saving = try await TmuxSteps.run("browse-save.sh", site: site)
        #expect(saving.run.status == 0, "\(saving.run.stderr)")
        #expect(try saving.screen("saved").contains("saved (More lists saved stories): Power restored"))
        let marked = try saving.screen("marked").split(separator: "\n").first { $0.contains("Power restored") }
        #expect(marked?.hasPrefix(">") == true && marked?.contains("2* ") == true, "the list marks the saved story: \(marked ?? "")")
        #expect(try saving.file("status") == "0\n")
        proxy.stop()

        let home = saving.out
        let cleared = try await WPNewsRun.run(["cache", "clear"], environment: ["HOME": home])
        #expect(cleared.status == 0, "\(cleared.stderr)")
        let reading = try await TmuxSteps.run("browse-saved-offline.sh", site: site, home: home)
        #expect(reading.run.status == 0, "\(reading.run.stderr)")
        let more = try reading.screen("more")
        #expect(more.contains("Power restored to the last Eastbank streets"), "\(more)")
        let reader = try reading.screen("reader")
        #expect(reader.contains("Electricity is back on Birch Lane"), "the article, from the user's data: \(reader)")
        #expect(try reading.file("status") == "0\n")
    }

    /// The app's saves and unsaves are written in the order pressed, and q waits for them:
    /// `s` then `s` again while the site holds the save's article back, then q, leaves the
    /// story unsaved, and the status line says what q waits for.
    @Test func aSaveAndAnUnsaveLandInOrderAndQuittingWaitsForThem() async throws {
        let proxy = try await BigSiteE2ETests.CountingProxy.start(to: try TestSites.site)
        defer {
            proxy.child.signal(SIGCONT)
            proxy.stop()
        }
        let home = try TestSites.freshHome()
        try String(proxy.child.pid).write(toFile: home + "/proxy.pid", atomically: true, encoding: .utf8)
        let steps = try await TmuxSteps.run("browse-save-unsave.sh", site: "http://127.0.0.1:\(proxy.port)", home: home)
        #expect(steps.run.status == 0, "\(steps.run.stderr)")
        let saving = try steps.screen("saving")
        #expect(saving.split(separator: "\n").last?.contains("Saving…") == true, "\(saving)")
        #expect(try steps.file("status") == "0\n")
        let saved = try await WPNewsRun.run(["saved", "--json"], environment: ["HOME": home])
        #expect(try saved.status == 0 && saved.json().isEmpty, "the unsave came last: \(saved.stdout) \(saved.stderr)")
    }

    /// `saved --export` on a filesystem with no hard links and no renameat2 flags (vfat,
    /// played by Tests/E2E/no-hard-links.c preloaded): the file is still written, synced with
    /// its directory before the command ends, never over an existing file without --force,
    /// and nothing is left beside it.
    @Test func theExportWorksWithoutHardLinksAndReachesTheDisk() async throws {
        let home = try TestSites.freshHome()
        let shim = home + "/no-hard-links.so"
        let source = TestSites.packageRoot.appendingPathComponent("Tests/E2E/no-hard-links.c").path
        let built = try await WPNewsRun.run(["-shared", "-fPIC", "-o", shim, source, "-ldl"], executable: "/usr/bin/cc")
        try #require(built.status == 0, "\(built.stderr)")
        let folder = home + "/export"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (file, log) = (folder + "/saved.html", home + "/fsync.log")
        let env = ["HOME": home, "LD_PRELOAD": shim, "NO_HARD_LINKS_FSYNC_LOG": log]

        let export = try await WPNewsRun.run(["saved", "--export", file], environment: env)
        #expect(export.status == 0 && export.stderr.contains("wrote 0 saved stories to"), "\(export.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let synced = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(synced.contains { $0.hasPrefix(folder + "/") }, "the file's bytes: \(synced)")
        #expect(synced.last == Substring(folder), "then the directory that names it: \(synced)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["saved.html"], "nothing left beside it")

        try "mine".write(toFile: file, atomically: false, encoding: .utf8)
        let refused = try await WPNewsRun.run(["saved", "--export", file], environment: env)
        #expect(refused.status == 1 && refused.stderrLines.count == 1 && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "mine", "the file is left as it was")
        let forced = try await WPNewsRun.run(["saved", "--export", file, "--force"], environment: env)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["saved.html"], "nothing left beside it")
    }

    @Test func markReadAllMarksEveryCachedStoryOfTheSite() async throws {
        let home = try TestSites.freshHome()
        let env = ["HOME": home]
        #expect(try await WPNewsRun.run(["sites", "add", "ledger", try TestSites.site], environment: env).status == 0)
        #expect(try await WPNewsRun.run(["latest", "--per-page", "20"], environment: env).status == 0)
        let before = try await WPNewsRun.run(["sites", "list", "--json"], environment: env)
        #expect(try before.json().first?["unread"] as? Int == 20, "\(before.stdout)")

        let marked = try await WPNewsRun.run(["mark", "read", "--all"], environment: env)
        #expect(marked.status == 0 && marked.stdout.isEmpty && marked.stderr == "marked 20 stories of ledger read\n", "\(marked.stderr)")
        let latest = try await WPNewsRun.run(["latest", "--per-page", "20", "--offline", "--json"], environment: env)
        #expect(try latest.json().count == 20 && latest.json().allSatisfy { $0["read"] as? Bool == true })
        let after = try await WPNewsRun.run(["sites", "list"], environment: env)
        #expect(after.stdout.contains("* ledger  rest  0 unread  "), "\(after.stdout)")
    }
}
