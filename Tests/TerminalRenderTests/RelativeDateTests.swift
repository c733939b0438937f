import FoundationEssentials
import Testing
@testable import TerminalRender

@Suite struct RelativeDateTests {
    /// Sunday 22 November 2026, 15:00 UTC.
    let now = Date(timeIntervalSince1970: 1_795_359_600)

    func describe(secondsAgo: Double, timeZone: TimeZone = .gmt) -> String {
        RelativeDate(now: now, timeZone: timeZone).describe(now.addingTimeInterval(-secondsAgo))
    }

    @Test func recentTimesCountMinutesAndHours() {
        #expect(describe(secondsAgo: 20) == "just now")
        #expect(describe(secondsAgo: -300) == "just now")
        #expect(describe(secondsAgo: 5 * 60) == "5 min ago")
        #expect(describe(secondsAgo: 3 * 3_600 + 59) == "3 h ago")
        #expect(describe(secondsAgo: 23 * 3_600) == "23 h ago")
    }

    @Test func olderTimesCountCalendarDaysInTheLocalZone() {
        #expect(describe(secondsAgo: 30 * 3_600) == "yesterday")
        #expect(describe(secondsAgo: 4 * 86_400) == "4 days ago")
        // 30 h before Sunday 15:00 UTC is Saturday in UTC; in Auckland (UTC+13) "now" is
        // already Monday 04:00, so the same instant (Saturday 22:00 there) is two days back.
        let auckland = TimeZone(secondsFromGMT: 13 * 3_600)!
        #expect(describe(secondsAgo: 30 * 3_600, timeZone: auckland) == "2 days ago")
    }

    @Test func aWeekOrMoreShowsTheDate() {
        #expect(describe(secondsAgo: 10 * 86_400) == "12 Nov")
        #expect(describe(secondsAgo: 400 * 86_400) == "18 Oct 2025")
    }
}
