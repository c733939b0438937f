import Foundation
import Testing
import TestHTTPServer

/// Runs the built `wpnews` binary the way a user does and captures what it printed.
struct WPNewsRun {
    let stdout: String
    let stderr: String
    let status: Int32

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: String {
        ProcessInfo.processInfo.environment["WPNEWS_BIN"] ?? packageRoot.appendingPathComponent(".build/debug/wpnews").path
    }

    /// The seeded WordPress that `make test` starts (scripts/with-wordpress.sh exports it).
    static var site: String {
        get throws {
            try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_SITE"],
                         "WPNEWS_E2E_SITE is not set: run the end-to-end tests with `make test`")
        }
    }

    /// A home of its own (config and cache), so runs share nothing unless a test says so.
    static func freshHome() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("wpnews-home-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return home
    }

    /// `environment` replaces the inherited one, so a stray WPNEWS_SITE or NO_COLOR cannot leak
    /// in; without a HOME of the test's, each run gets an empty one. Waits without holding a
    /// thread, so in-process test servers and parallel tests keep running.
    static func run(_ arguments: [String], environment: [String: String] = [:], executable: String? = nil) async throws -> WPNewsRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        var base = ["PATH": "/usr/bin:/bin", "HOME": try environment["HOME"] ?? Self.freshHome(), "TZ": "UTC", "LANG": "C.UTF-8"]
        base.merge(environment) { _, new in new }
        process.environment = base
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
    static func launch(_ arguments: [String], home: String, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": home, "TZ": "UTC", "LANG": "C.UTF-8"].merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        return process
    }

    var stderrLines: [Substring] { stderr.split(separator: "\n") }
    var requestLines: [Substring] { stderrLines.filter { $0.hasPrefix("GET ") || $0.hasPrefix("HEAD ") } }

    func json() throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(value as? [[String: Any]], "stdout is not one JSON array of objects: \(stdout.prefix(200))")
    }
}
