import CommandRuns
import Foundation
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
    /// thread, so in-process test servers and parallel tests keep running.
    static func run(_ arguments: [String], environment: [String: String] = [:], executable: String? = nil) async throws -> WPNewsRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        process.environment = try TestSites.environment(environment)
        // Files, not pipes: a large output can never block the child while we wait.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.runWithSignalsUnblocked() } catch { continuation.resume(throwing: error) }
        }
        return WPNewsRun(
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8),
            status: status
        )
    }

    /// Starts `wpnews` without waiting for it (to race two runs, or to kill one mid-way).
    /// `stderrFile`: where its stderr goes, for a test to wait on what it says; else nowhere.
    static func launch(_ arguments: [String], home: String, environment: [String: String] = [:], stderrFile: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = try TestSites.environment(environment.merging(["HOME": home]) { _, home in home })
        process.standardOutput = FileHandle.nullDevice
        if let stderrFile {
            _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrFile))
        } else {
            process.standardError = FileHandle.nullDevice
        }
        process.standardInput = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        return process
    }
}
