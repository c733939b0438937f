import Foundation
import HTTPClient

/// A site `wpnews watch` follows, as the user names it.
public struct WatchedSite: Sendable {
    public let label: String
    public let content: SiteContent

    public init(label: String, content: SiteContent) {
        self.label = label
        self.content = content
    }
}

/// When each site is polled next: the interval with jitter, so many watchers do not ask in
/// step; after failures, doubling up to an hour; as long as a server's `Retry-After` asks
/// (up to an hour too).
public struct WatchTiming: Sendable {
    public let interval: TimeInterval
    /// A poll comes up to this share of the interval early or late.
    static let jitter = 0.1
    static let longestWait: TimeInterval = 3600
    /// The longest a feed may ask readers to wait between polls and be heard.
    static let longestFeedInterval: TimeInterval = 86_400

    public init(interval: TimeInterval) {
        self.interval = interval
    }

    /// `random` in 0..<1. `feedAsks`: the interval a site's feed asks for, which wins when
    /// longer, and which jitter never shortens.
    func delay(failures: Int, askedToWait: TimeInterval?, feedAsks: TimeInterval? = nil, random: Double) -> TimeInterval {
        let interval = max(interval, feedAsks ?? 0)
        // A feed may ask for more than the hour failures back off to, jitter included.
        let longest = max(Self.longestWait, (feedAsks ?? 0) * (1 + Self.jitter))
        let base = min(interval * Double(1 << min(failures, 20)), longest)
        let jittered = base * (1 + Self.jitter * (2 * random - 1))
        return min(max(jittered, askedToWait ?? 0, feedAsks ?? 0), longest)
    }
}

/// Polls sites until cancelled (or once), each on its own schedule: a failing site backs
/// off, says so once and once more when it is back, and never holds up the others. Wall
/// time decides what is due, so after a laptop's sleep every site is polled at once and
/// catches up from its cursor. The clock, the sleep and the dice are injected, so tests do
/// not wait on wall time.
public struct WatchLoop: Sendable {
    let sites: [WatchedSite]
    let timing: WatchTiming
    let since: Date?
    let detail: StoryDetail
    let clock: @Sendable () -> Date
    let sleep: @Sendable (TimeInterval) async throws -> Void
    let random: @Sendable () -> Double

    public init(
        sites: [WatchedSite], timing: WatchTiming, since: Date?, detail: StoryDetail,
        clock: @escaping @Sendable () -> Date = Date.init,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.sites = sites
        self.timing = timing
        self.since = since
        self.detail = detail
        self.clock = clock
        self.sleep = sleep
        self.random = random
    }

    /// What a poll of one site came to.
    public enum Outcome: Sendable {
        case found(WatchPoll)
        case failed(any Error)
    }

    /// `deliver` writes a poll's events and then commits the poll (`SiteContent.commit`),
    /// so a story is remembered as delivered only once written; `notice` gets the lines about
    /// sites going and coming back. `once`: one poll of each site, whose failures are thrown
    /// (the first).
    public func run(
        once: Bool, deliver: @Sendable (WatchedSite, WatchPoll) async throws -> Void, notice: @Sendable (String) -> Void
    ) async throws {
        var schedule = sites.map { _ in SiteSchedule(due: clock()) }
        while true {
            let now = clock()
            let due = schedule.indices.filter { schedule[$0].due <= now }
            var firstFailure: (any Error)?
            try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
                for index in due {
                    let (site, since, detail) = (sites[index], since, detail)
                    group.addTask {
                        // Made before the tuple, as in `River.firstPages`: returned from inside
                        // the do/catch, the optimizer loses the index.
                        let outcome: Outcome
                        do {
                            outcome = .found(try await site.content.watchPoll(since: since, detail: detail))
                        } catch let error where !(error is CancellationError) {
                            outcome = .failed(error)
                        }
                        return (index, outcome)
                    }
                }
                for try await (index, outcome) in group {
                    let site = sites[index]
                    switch outcome {
                    case .found(let poll):
                        try await deliver(site, poll)
                        if schedule[index].failures > 0 { notice("\(site.label) answers again: catching up") }
                        schedule[index].failures = 0
                        if let asked = poll.feedInterval {
                            if asked > timing.interval, !schedule[index].saidFeedInterval, !once {
                                notice("\(site.label)'s feed asks to be read at most every \(Self.describe(asked)): watching it that often, not every \(Self.describe(timing.interval))")
                                schedule[index].saidFeedInterval = true
                            }
                            schedule[index].feedAsks = asked
                        }
                    case .failed(NewsError.feedGone(let gone, let name)):
                        // Gone for good: never asked again, said once.
                        firstFailure = firstFailure ?? NewsError.feedGone(site: gone, followed: name)
                        schedule[index].due = .distantFuture
                        if !once { notice(ErrorMessage.line(for: NewsError.feedGone(site: gone, followed: name))) }
                        continue
                    case .failed(let error):
                        firstFailure = firstFailure ?? error
                        schedule[index].failures += 1
                    }
                    let asked = Self.askedToWait(outcome)
                    let delay = timing.delay(failures: schedule[index].failures, askedToWait: asked, feedAsks: schedule[index].feedAsks, random: random())
                    schedule[index].due = clock().addingTimeInterval(delay)
                    if case .failed(let error) = outcome, schedule[index].failures == 1, !once {
                        notice("\(site.label): \(ErrorMessage.line(for: error)): trying again in \(Self.describe(delay)), less often while it fails")
                    }
                }
            }
            if once {
                if let firstFailure { throw firstFailure }
                return
            }
            // Every feed gone: nothing is left to watch.
            if let firstFailure, schedule.allSatisfy({ $0.due == .distantFuture }) { throw firstFailure }
            let next = schedule.map(\.due).min() ?? clock()
            try await sleep(max(0, next.timeIntervalSince(clock())))
        }
    }

    private struct SiteSchedule {
        var due: Date
        var failures = 0
        /// The interval the site's feed asks for, as its last poll said.
        var feedAsks: TimeInterval?
        var saidFeedInterval = false
    }

    /// A server's `Retry-After` longer than the HTTP client waits for itself.
    private static func askedToWait(_ outcome: Outcome) -> TimeInterval? {
        guard case .failed(HTTPError.serverAskedToWait(_, let seconds, _)) = outcome else { return nil }
        return seconds
    }

    static func describe(_ seconds: TimeInterval) -> String {
        seconds < 90 ? "\(Int(seconds.rounded())) s" : seconds < 5400 ? "\(Int((seconds / 60).rounded())) min" : "\(Int((seconds / 3600).rounded())) h"
    }
}
