import Foundation
import Synchronization
import Testing
import TestHTTPServer
@testable import HTTPClient
@testable import NewsCore

/// A WordPress whose posts the test changes, answering `modified_after`, `after` and
/// `include` as WordPress does (strictly after, whole seconds).
final class ChangingSite: Sendable {
    struct Post: Sendable {
        var id: Int
        var title: String
        var date: Date
        var modified: Date
    }

    final class State: Sendable {
        let posts = Mutex<[Post]>([])
        /// While set, every request is answered with this.
        let failing = Mutex<TestResponse?>(nil)
    }

    let state = State()
    let server: TestHTTPServer

    /// Every request answered with `response` from now on (nil: the site again).
    func fail(with response: TestResponse?) {
        state.failing.withLock { $0 = response }
    }

    init() throws {
        let state = state
        server = try FakeWordPress.start { route, request in
            if let failure = state.failing.withLock({ $0 }) { return failure }
            guard route == "/wp/v2/posts" else { return nil }
            var shown = state.posts.withLock { $0 }
            if let after = request.query["modified_after"].flatMap(Self.date) { shown = shown.filter { $0.modified > after } }
            if let after = request.query["after"].flatMap(Self.date) { shown = shown.filter { $0.date > after } }
            if let include = request.query["include"] {
                let ids = Set(include.split(separator: ",").compactMap { Int($0) })
                shown = shown.filter { ids.contains($0.id) }
            }
            return FakeWordPress.collection("[" + shown.map(Self.json).joined(separator: ",") + "]", total: shown.count, totalPages: 1)
        }
    }

    func publish(_ id: Int, _ title: String, at date: Date) {
        state.posts.withLock { $0.append(Post(id: id, title: title, date: date, modified: date)) }
    }

    func edit(_ id: Int, _ title: String, at date: Date) {
        state.posts.withLock { posts in
            for index in posts.indices where posts[index].id == id { (posts[index].title, posts[index].modified) = (title, date) }
        }
    }

    func remove(_ id: Int) {
        state.posts.withLock { $0.removeAll { $0.id == id } }
    }

    var postRequests: [[String: String]] { server.requests.filter { $0.path == "/wp-json/wp/v2/posts" }.map(\.query) }

    private static func date(_ text: String) -> Date? { try? Date(text, strategy: .iso8601) }

    private static func json(_ post: Post) -> String {
        let stamp = { (date: Date) in String(date.formatted(.iso8601).dropLast()) }  // WordPress's _gmt dates have no Z
        return """
            {"id":\(post.id),"slug":"story-\(post.id)","link":"http://news.test/story-\(post.id)/","title":{"rendered":"\(post.title)"},\
            "excerpt":{"rendered":""},"date_gmt":"\(stamp(post.date))","modified_gmt":"\(stamp(post.modified))","author":0,\
            "featured_media":0,"sticky":false,"categories":[],"tags":[]}
            """
    }
}

@Suite struct WatchTests {
    static let http = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "wpnews-tests", timeout: 5, retry: .never))
    static let start = Date(timeIntervalSince1970: 1_795_348_800)  // 2026-11-22 12:00 UTC

    final class Clock: Sendable {
        let now = Mutex(WatchTests.start)
        func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
        var read: @Sendable () -> Date { { self.now.withLock { $0 } } }
    }

    static func manager(_ site: ChangingSite, _ database: AppDatabase, _ clock: Clock) -> SiteContent {
        SiteContent(site: SiteChoice(address: site.server.baseURL), database: database, http: http, clock: clock.read)
    }

    /// Polls and commits, as watch does once the events are written.
    static func poll(_ manager: SiteContent, since: Date? = nil) async throws -> [String] {
        let poll = try await manager.watchPoll(since: since, detail: .summary)
        try manager.commit(poll)
        return poll.events.map { "\($0.kind.rawValue) \($0.storyID)" + ($0.story.map { " " + $0.title } ?? "") }
    }

    @Test func storiesPublishedAfterTheStartArriveOnceOldestFirstAcrossRestarts() async throws {
        let site = try ChangingSite()
        site.publish(1, "Before watch", at: Self.start.addingTimeInterval(-600))
        let (database, clock) = (try AppDatabase.inMemory(), Clock())
        let manager = Self.manager(site, database, clock)
        #expect(try await Self.poll(manager).isEmpty, "what was there before watch started is not news")

        clock.advance(60)
        site.publish(3, "Second", at: Self.start.addingTimeInterval(50))
        site.publish(2, "First", at: Self.start.addingTimeInterval(40))
        #expect(try await Self.poll(manager) == ["published 2 First", "published 3 Second"])
        let asked = try #require(site.postRequests.last)
        #expect(site.postRequests.suffix(2).contains { $0["after"] == "2026-11-22T12:00:00Z" }, "dates exactly from the start: \(asked)")
        #expect(try await Self.poll(manager).isEmpty, "delivered once")

        // A restart (a new manager on the same state) goes on from the cursor.
        clock.advance(60)
        site.publish(4, "While stopped", at: Self.start.addingTimeInterval(90))
        #expect(try await Self.poll(Self.manager(site, database, clock)) == ["published 4 While stopped"])
        #expect(try await Self.poll(Self.manager(site, database, clock)).isEmpty)
    }

    @Test func sinceReachesBackAndAPollNotCommittedIsAskedAgain() async throws {
        let site = try ChangingSite()
        site.publish(1, "An hour ago", at: Self.start.addingTimeInterval(-3600))
        site.publish(2, "A day ago", at: Self.start.addingTimeInterval(-86_400))
        let (database, clock) = (try AppDatabase.inMemory(), Clock())
        let manager = Self.manager(site, database, clock)
        let uncommitted = try await manager.watchPoll(since: Self.start.addingTimeInterval(-7200), detail: .summary)
        #expect(uncommitted.events.map(\.storyID) == [1])
        #expect(try await Self.poll(manager, since: Self.start.addingTimeInterval(-7200)) == ["published 1 An hour ago"], "not written: asked again")
    }

    @Test func editsAreUpdatesAndRemovedStoriesLeaveTheCacheOnTheHourlyCheck() async throws {
        let site = try ChangingSite()
        site.publish(1, "Old", at: Self.start.addingTimeInterval(-600))
        let (database, clock) = (try AppDatabase.inMemory(), Clock())
        let manager = Self.manager(site, database, clock)
        _ = try await Self.poll(manager)
        clock.advance(60)
        site.publish(2, "New", at: Self.start.addingTimeInterval(30))
        site.edit(1, "Old, corrected", at: Self.start.addingTimeInterval(40))
        #expect(try await Self.poll(manager) == ["published 2 New", "updated 1 Old, corrected"])
        clock.advance(60)
        site.edit(2, "New, corrected", at: Self.start.addingTimeInterval(100))
        #expect(try await Self.poll(manager) == ["updated 2 New, corrected"])

        site.remove(2)
        clock.advance(30)
        #expect(try await Self.poll(manager).isEmpty, "removals are checked about once an hour")
        #expect(!site.postRequests.contains { $0["include"] != nil })
        clock.advance(3600)
        #expect(try await Self.poll(manager) == ["removed 2 New, corrected"])
        let check = try #require(site.postRequests.last { $0["include"] != nil })
        #expect(check["_fields"] == "id" && Set(check["include"]?.split(separator: ",") ?? []) == ["1", "2"])
        #expect(try await manager.latest(detail: .summary).stories.map(\.id) == [1], "gone from the lists too")
    }

    @Test func theIntervalHasJitterAndFailuresDoubleUpToAnHour() {
        let timing = WatchTiming(interval: 60)
        #expect(timing.delay(failures: 0, askedToWait: nil, random: 0) == 54)
        #expect(timing.delay(failures: 0, askedToWait: nil, random: 0.5) == 60)
        #expect(abs(timing.delay(failures: 0, askedToWait: nil, random: 0.999_999) - 66) < 0.001)
        #expect(timing.delay(failures: 1, askedToWait: nil, random: 0.5) == 120)
        #expect(timing.delay(failures: 3, askedToWait: nil, random: 0.5) == 480)
        #expect(timing.delay(failures: 30, askedToWait: nil, random: 0.9) == 3600)
        #expect(timing.delay(failures: 1, askedToWait: 900, random: 0.5) == 900, "Retry-After obeyed")
        #expect(timing.delay(failures: 1, askedToWait: 86_400, random: 0.5) == 3600, "up to an hour")
    }

    /// A feed that asks for more time between polls than --interval gets it, jitter only
    /// adding to it, up to the day a feed may ask for; a shorter one leaves --interval.
    @Test func aFeedsLongerIntervalWinsAndJitterNeverShortensIt() {
        let timing = WatchTiming(interval: 300)
        #expect(timing.delay(failures: 0, askedToWait: nil, feedAsks: 3600, random: 0) == 3600)
        #expect(abs(timing.delay(failures: 0, askedToWait: nil, feedAsks: 3600, random: 0.999_999) - 3960) < 0.01)
        #expect(timing.delay(failures: 0, askedToWait: nil, feedAsks: 60, random: 0.5) == 300, "--interval is the longer")
        #expect(timing.delay(failures: 0, askedToWait: nil, feedAsks: 86_400, random: 0.5) == 86_400)
        #expect(abs(timing.delay(failures: 3, askedToWait: nil, feedAsks: 7200, random: 0.5) - 7920) < 0.01, "failing, no longer than it plus jitter")
        #expect(timing.delay(failures: 0, askedToWait: nil, random: 0.5) == 300, "a site with no feed as before")
    }

    /// The loop on a clock of its own: a failing site says so once, backs off, and says once
    /// when it is back, while the other site goes on being polled at its interval.
    @Test func aFailingSiteBacksOffWithoutHoldingUpTheOthers() async throws {
        let (up, down) = (try ChangingSite(), try ChangingSite())
        let (database, clock) = (try AppDatabase.inMemory(), Clock())
        down.fail(with: .status(500))
        let sleeps = Mutex<[TimeInterval]>([])
        let notices = Mutex<[String]>([])
        let delivered = Mutex<[String]>([])
        let loop = WatchLoop(
            sites: [WatchedSite(label: "up", content: Self.manager(up, database, clock)),
                    WatchedSite(label: "down", content: Self.manager(down, database, clock))],
            timing: WatchTiming(interval: 10), since: nil, detail: .summary, clock: clock.read,
            sleep: { seconds in
                let count = sleeps.withLock { $0.append(seconds); return $0.count }
                clock.advance(seconds)
                if count == 3 {
                    down.fail(with: nil)
                    up.publish(7, "Fresh", at: clock.read())
                }
                if count == 12 { throw CancellationError() }
            },
            random: { 0.5 }
        )
        await #expect(throws: CancellationError.self) {
            try await loop.run(once: false, deliver: { site, poll in
                delivered.withLock { $0 += poll.events.map { "\(site.label) \($0.storyID)" } }
                try site.content.commit(poll)
            }, notice: { line in notices.withLock { $0.append(line) } })
        }
        let lines = notices.withLock { $0 }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("down: ") == true && lines.first?.contains("trying again in 20 s") == true, "\(lines)")
        #expect(lines.last == "down answers again: catching up")
        #expect(delivered.withLock { $0 } == ["up 7"])
        #expect(up.postRequests.count >= 2 * 10, "up polled every 10 s throughout")
        #expect(sleeps.withLock { $0 }.allSatisfy { $0 <= 10 })
    }
}
