import Foundation
import PackagePlugin

/// Gives the `BuildVersion` target the version in VERSION and the commit the build is made
/// from, written by `stamp-version` into a file under .build (the tree stays clean). The
/// command's inputs are VERSION and the git files that name the commit (HEAD, the branch it
/// is on, packed-refs), so a new commit or version writes the file again and a build of the
/// same commit compiles nothing more.
@main
struct StampVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL
        let stamp = context.pluginWorkDirectoryURL.appending(path: "Stamp.swift")
        return [.buildCommand(
            displayName: "Stamping the version and the commit",
            executable: try context.tool(named: "stamp-version").url,
            arguments: [root.path, stamp.path],
            inputFiles: [root.appending(path: "VERSION")] + Self.filesNamingTheCommit(in: root),
            outputFiles: [stamp]
        )]
    }

    /// The files whose change means another commit is checked out; none outside a git checkout
    /// (a tarball of the sources), where the stamp says the commit is unknown.
    static func filesNamingTheCommit(in root: URL) -> [URL] {
        guard let branch = git(["rev-parse", "--symbolic-full-name", "HEAD"], in: root) else { return [] }
        let names = ["HEAD", "packed-refs"] + (branch.hasPrefix("refs/") ? [branch] : [])
        guard let paths = git(["rev-parse", "--path-format=absolute"] + names.flatMap { ["--git-path", $0] }, in: root) else { return [] }
        return paths.split(separator: "\n").map { URL(filePath: String($0)) }.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// git's answer in `root`, nil when git is missing or fails (not a checkout).
    static func git(_ arguments: [String], in root: URL) -> String? {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
