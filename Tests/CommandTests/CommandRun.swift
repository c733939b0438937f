import CommandRuns
import NewsCore
@testable import wpnews

/// Runs a wpnews command inside the test process the way `wpnews` runs it (`WPNews.run`: the
/// same parsing, errors and exit status), with an environment of its own and its output
/// captured instead of written to the process's streams. No terminal: as on a pipe.
struct CommandRun: CommandOutcome {
    let stdout: String
    let stderr: String
    let status: Int32

    /// `environment` replaces the process's, as `WPNewsRun.run`'s does; `input` is what the
    /// command reads as stdin (a password).
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) async throws -> CommandRun {
        let (output, captured) = Output.capturing(input: input)
        let environment = try TestSites.environment(environment)
        // A content manager of its own: the runs of a test process must not share a cache or a client.
        let status = await WPNews.run(arguments, environment: environment, output: output, contentManager: ContentManager())
        return CommandRun(stdout: captured.stdout, stderr: captured.stderr, status: status)
    }
}
