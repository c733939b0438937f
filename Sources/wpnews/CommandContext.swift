import ArgumentParser
import FoundationEssentials
import HTTPClient
import NewsCore
import TerminalRender

/// What a command needs to run, built once from the global options.
struct CommandContext: Sendable {
    let options: GlobalOptions
    let terminal: Terminal
    let content: ContentManager

    init(options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.options = options
        terminal = Terminal.current(environment: environment)
        let http = HTTPClient(configuration: HTTPClientConfiguration(
            userAgent: Version.userAgent,
            timeout: options.timeout,
            onExchange: options.verbose ? Self.logExchange : nil
        ))
        guard let site = options.siteAddress(environment: environment) else { throw GlobalOptions.noSite }
        content = ContentManager(siteAddress: site, http: http)
    }

    var colors: Bool { !options.json && terminal.usesColor(noColorFlag: options.noColor) }
    var width: Int { terminal.width(override: options.width) }
    /// A list on screen shows no tags or images, so it does not wait for their names.
    var storyDetail: StoryDetail { options.json ? .full : .summary }

    /// Prints lines on stdout, styled when colour is on.
    func print(_ lines: [StyledLine]) {
        Output.write(ANSIEncoder(colors: colors).encode(lines))
    }

    /// Prints the one JSON document of `--json`.
    func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Output.write(String(decoding: try encoder.encode(value), as: UTF8.self) + "\n")
    }

    func storyListView() -> StoryListView {
        StoryListView(width: width, dates: RelativeDate(now: Date(), timeZone: .current))
    }

    @Sendable private static func logExchange(_ exchange: HTTPExchange) {
        let outcome = exchange.status.map { "\($0)" } ?? "failed"
        let retry = exchange.attempt > 1 ? " (attempt \(exchange.attempt))" : ""
        let tenths = (exchange.bytes * 10 + 512) / 1024
        let size = tenths < 100 ? "\(tenths / 10).\(tenths % 10)" : "\(tenths / 10)"
        Output.note("\(exchange.method.rawValue) \(exchange.url) -> \(outcome), \(size) KB, \(Int(exchange.milliseconds.rounded())) ms\(retry)")
    }
}
