import CommandRuns
import Foundation
import Testing

/// A run of one of the tmux step scripts (`live-search.sh`, `browse-app.sh`) and the screens
/// it saved, by step name.
struct TmuxSteps {
    let run: WPNewsRun
    /// The run's home, where the script also left its screens and `stty -a` records.
    let out: String

    /// Runs `Tests/E2E/<script>` against the site, through script(1), which waits for its
    /// child as a shell does; `home`: one prepared already (a cache filled), else a new one;
    /// `more`: the script's arguments after those three.
    static func run(_ script: String, site: String, home: String? = nil, more: [String] = []) async throws -> TmuxSteps {
        let out = try home ?? TestSites.freshHome()
        let path = TestSites.packageRoot.appendingPathComponent("Tests/E2E/\(script)").path
        let command = (["bash", path, WPNewsRun.binary, site, out] + more).joined(separator: " ")
        let run = try await WPNewsRun.run(["-qec", command, "/dev/null"], executable: "/usr/bin/script")
        return TmuxSteps(run: run, out: out)
    }

    func screen(_ name: String) throws -> String {
        let screens = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".screen") }
        let file = try #require(screens.first { $0.hasSuffix("-\(name).screen") }, "no screen \(name)")
        return try String(contentsOfFile: out + "/" + file, encoding: .utf8)
    }

    func file(_ name: String) throws -> String {
        try String(contentsOfFile: out + "/" + name, encoding: .utf8)
    }
}
