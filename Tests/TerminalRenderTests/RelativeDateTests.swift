import FoundationEssentials
import Testing
@testable import TerminalRender

@Suite struct RelativeDateTests {
    /// Sunday 22 November 2026, 15:00 UTC.
    let now = Date(timeIntervalSince1970: 1_795_359_600)

    func describe(secondsAgo: Double, secondsFromGMT: Int = 0) -> String {
        RelativeDate(now: now, secondsFromGMT: secondsFromGMT).describe(now.addingTimeInterval(-secondsAgo))
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
        #expect(describe(secondsAgo: 30 * 3_600, secondsFromGMT: 13 * 3_600) == "2 days ago")
        // West of UTC: 20 h before Sunday 15:00 UTC is Saturday 19:00 UTC, in UTC-10 Saturday
        // 09:00 and "now" Sunday 05:00: yesterday, though under a day ago it says hours.
        #expect(describe(secondsAgo: 26 * 3_600, secondsFromGMT: -10 * 3_600) == "yesterday")
    }

    @Test func aWeekOrMoreShowsTheDate() {
        #expect(describe(secondsAgo: 10 * 86_400) == "12 Nov")
        #expect(describe(secondsAgo: 400 * 86_400) == "18 Oct 2025")
        #expect(describe(secondsAgo: 1_795_359_600 - 951_782_400) == "29 Feb 2000", "a leap day")
    }
}
