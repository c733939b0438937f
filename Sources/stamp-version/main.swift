// stamp-version ROOT OUTPUT: writes OUTPUT, the Swift file that gives `BuildVersion` the
// version in ROOT/VERSION and the commit ROOT is checked out at, with that commit's date in
// UTC. Outside a git checkout the commit and date are nil. Run by the StampVersion plugin.
// The file is written only when its text changes, so the build compiles nothing again.
import FoundationEssentials
import Glibc
import ProcessSpawn

func fail(_ line: String) -> Never {
    let text = Array("stamp-version: \(line)\n".utf8)
    _ = write(STDERR_FILENO, text, text.count)
    exit(1)
}

/// The words of `text`, white space dropped.
func words(_ text: String) -> [String] { text.split(whereSeparator: \.isWhitespace).map(String.init) }

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else { fail("usage: stamp-version ROOT OUTPUT") }
let (root, output) = (arguments[0], arguments[1])

guard let versionFile = FileManager.default.contents(atPath: root + "/VERSION") else { fail("no \(root)/VERSION to read the version from") }
let versionWords = words(String(decoding: versionFile, as: UTF8.self))
let version = versionWords.first ?? ""
guard versionWords.count == 1, version.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+([-+~.][0-9A-Za-z.~+-]+)?/) != nil else {
    fail("\(root)/VERSION holds \"\(version)\", not one version such as 0.1.0")
}

/// The short hash and the date (UTC) of the commit checked out, or nil when there is none.
func checkedOutCommit() -> (hash: String, date: String)? {
    let git = ChildProcess(
        executable: "/usr/bin/env",
        arguments: ["git", "-C", root, "log", "-1", "--date=format-local:%Y-%m-%d", "--format=%h %cd"],
        environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC"]
    )
    guard let finished = try? git.run(input: .nothing, output: .captured, errors: .captured), finished.exit == .exited(0) else { return nil }
    let said = words(finished.output)
    guard said.count == 2, said.allSatisfy({ $0.allSatisfy { $0.isHexDigit || $0 == "-" } }) else { return nil }
    return (said[0], said[1])
}

func literal(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "nil" }

let commit = checkedOutCommit()
let text = """
    // Written by stamp-version at build time, from VERSION and git: not kept in the repository.
    extension BuildVersion {
        static let stamp = BuildVersion(version: \(literal(version)), commit: \(literal(commit?.hash)), commitDate: \(literal(commit?.date)))
    }

    """
if FileManager.default.contents(atPath: output) != Data(text.utf8) {
    guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else { fail("could not write \(output)") }
}
