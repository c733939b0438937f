import CommandLineParsing
import Foundation
import NewsCore
import TerminalRender

struct WatchCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "watch",
        abstract: "Print new stories as they are published, until stopped.",
        discussion: """
            Runs in the foreground and asks each site, every --interval (with a little jitter), \
            only for what changed since the last time: a story line per new story, oldest \
            first, as it is found. Where watch got to is kept per site, so a restart neither \
            repeats nor skips a story. A site that fails is asked less and less often (up to \
            once an hour) without holding up the others; watch says so once, and once more \
            when it is back. A site read through its feed is asked no more often than the \
            feed asks (<ttl>, sy:updatePeriod; up to a day): the longer of that and \
            --interval wins. A feed that is gone (410) is left out, saying so. With --json, \
            one JSON object per story per line (JSON Lines).

            Examples:
              wpnews watch --site https://news.example.org
              wpnews watch --sites all --interval 10m --updates
              wpnews watch --since 2h --once                # cron, status bars
              wpnews watch --since yesterday --once --json  # from the start of yesterday
              wpnews watch --json | jq -r .title
              wpnews watch --notify --exec 'echo "$WPNEWS_TITLE" >> ~/news.log'
            """,
        options: [
            .value("interval", valueName: "span", default: "5m", takesDashedValue: true, help: "How often to ask each site: 30s, 5m, 1h (at least 2s)."),
            .value("since", valueName: "span-or-date", takesDashedValue: true,
                   help: "Also print what was published since then: this long before watch started (2h, 30m, 1d), or a date (2024-03-15, yesterday, 'last week')."),
            .flag("updates", help: "Also print stories that change, and those removed from the site."),
            .flag("once", help: "Ask each site once and exit (for cron and status bars)."),
            .flag("notify", help: "A desktop notification per batch (notify-send), else the terminal's bell."),
            .value("exec", valueName: "command",
                   help: "Run this with /bin/sh for each new story, one at a time (30 s at most); the story is in WPNEWS_TITLE, WPNEWS_LINK, WPNEWS_SITE and WPNEWS_ID."),
        ] + SitesOptions.descriptions + GlobalOptions.descriptions
    )

    let interval: TimeSpan
    let since: String?
    let updates: Bool
    let once: Bool
    let notify: Bool
    let exec: String?
    let sites: SitesOptions
    let global: GlobalOptions

    static let shortestInterval: TimeInterval = 2

    init(_ arguments: ParsedArguments) throws {
        interval = try arguments.valueOrDefault("interval", as: TimeSpan.init(argument:))
        since = arguments.value("since")
        updates = arguments.flag("updates")
        once = arguments.flag("once")
        notify = arguments.flag("notify")
        exec = arguments.value("exec")
        sites = SitesOptions(arguments)
        global = try GlobalOptions(arguments)
        try sites.validate(with: global)
        guard interval.seconds >= Self.shortestInterval else {
            throw UsageError("--interval must be at least \(Int(Self.shortestInterval))s, not \(interval.seconds)s: sites deserve a pause")
        }
        _ = try since.map { try Self.start(since: $0, dates: .local(now: Date())) }
    }

    /// Where `--since` starts: a span back from now as it always was (`2h`, `1d`, seconds
    /// alone), else the start of a date as `DateInput` reads it.
    static func start(since text: String, dates: RelativeDate) throws -> Date {
        if let span = TimeSpan(argument: text) { return dates.now.addingTimeInterval(-span.seconds) }
        do {
            return try DateInput.span(of: text, now: dates.now, utcOffset: dates.utcOffset).start
        } catch .unreadable {
            throw UsageError("--since: '\(text)' is neither a span (30m, 2h, 1d) nor a date (\(DateWindowOptions.forms))")
        } catch {
            throw UsageError("--since: \(error.description)")
        }
    }

    func run(context: CommandContext) async throws {
        let selections = try sites.sites.map { try SiteSelection.resolveMany($0, sites: context.sites) } ?? [context.siteSelection()]
        let watched = try selections.map { selection in
            guard case .site(let choice, _) = selection else { throw SetupError.demoNotWatchable }
            return WatchedSite(label: choice.label, content: try context.content(mode: .normal, selection: selection))
        }
        let alerts = WatchAlerts(notify: notify, exec: exec, environment: context.environment, output: context.output)
        let (updates, json) = (updates, context.options.json)
        let dates = context.relativeDates
        let loop = WatchLoop(
            sites: watched, timing: WatchTiming(interval: interval.seconds), since: try since.map { try Self.start(since: $0, dates: dates) },
            detail: context.storyDetail
        )
        try await loop.run(once: once, deliver: { site, poll in
            let shown = poll.events.filter { updates || $0.kind == .published }
            try Interrupts.finishingWrite {
                for event in shown {
                    if json {
                        try context.printJSONLine(WatchEventJSON(event, site: site.label))
                    } else {
                        context.print([WatchLineView().line(for: event, site: site.label)])
                    }
                }
                try site.content.commit(poll)
                // A line read on the terminal counts as seen; a script's JSON does not.
                if !json { context.markSeen(shown.filter { $0.kind != .removed }.compactMap(\.story), in: site.content) }
            }
            await alerts.deliver(shown, site: site.label)
        }, notice: context.notice)
    }
}

/// A span of time as the user writes it: `30s`, `5m`, `2h`, `1d` (a bare number is seconds).
struct TimeSpan: Sendable {
    let seconds: TimeInterval

    init(seconds: TimeInterval) {
        self.seconds = seconds
    }

    init?(argument: String) {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let unit = text.last.flatMap { units[$0] }
        guard let number = Double(unit == nil ? text : String(text.dropLast())), number.isFinite, number >= 0 else { return nil }
        seconds = number * (unit ?? 1)
    }
}
