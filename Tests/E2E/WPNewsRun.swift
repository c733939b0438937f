import CommandRuns
import Foundation
import ProcessSpawn
import Testing
import TestHTTPServer

/// Runs the built `wpnews` binary the way a user does and captures what it printed: for what
/// needs a real process (signals, terminals, two runs at once, the installed files).
struct WPNewsRun: CommandOutcome {
    let stdout: String
    let stderr: String
    let status: Int32

    static var binary: String {
        ProcessInfo.processInfo.environment["WPNEWS_BIN"] ?? TestSites.packageRoot.appendingPathComponent(".build/debug/wpnews").path
    }

    /// `environment` replaces the inherited one, so a stray WPNEWS_SITE or NO_COLOR cannot leak
    /// in; without a HOME of the test's, each run gets an empty one. Waits without holding a
    /// thread, so in-process test servers and parallel tests keep running. `status` is minus
    /// the signal's number when one killed it, which no exit status can be mistaken for.
    static func run(_ arguments: [String], environment: [String: String] = [:], executable: String? = nil) async throws -> WPNewsRun {
        // Files, not pipes: a large output can never block the child while we wait, and a
        // program it leaves running with them cannot keep the run from ending.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        let child = try StartedChild(.redirecting(executable ?? binary, arguments, output: outURL.path, errors: errURL.path,
                                                  environment: try TestSites.environment(environment)))
        let status: Int32 = switch await child.ended() {
        case .exited(let status): status
        case .killed(let signal): -signal
        }
        return WPNewsRun(
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8),
            status: status
        )
    }

    /// Starts `wpnews` without waiting for it (to race two runs, or to kill one mid-way).
    /// `stderrFile`: where its stderr goes, for a test to wait on what it says; else nowhere.
    static func launch(_ arguments: [String], home: String, environment: [String: String] = [:], stderrFile: String? = nil) throws -> StartedChild {
        try StartedChild(.redirecting(binary, arguments, output: "/dev/null", errors: stderrFile ?? "/dev/null",
                                      environment: try TestSites.environment(environment.merging(["HOME": home]) { _, home in home })))
    }
}
