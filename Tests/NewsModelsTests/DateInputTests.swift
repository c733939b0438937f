import Foundation
import NewsModels
import Testing

/// The typed dates of `--before`, `--after`, `watch --since` and the app's `:`, read against
/// fixed clocks in fixed zones (Foundation's zones stand in for the C library's here).
@Suite struct DateInputTests {
    private static func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    private static func span(_ text: String, now: String, zone: String = "UTC") throws -> DateSpan {
        let timeZone = TimeZone(identifier: zone)!
        return try DateInput.span(of: text, now: instant(now), utcOffset: { timeZone.secondsFromGMT(for: $0) })
    }

    @Test(arguments: [
        ("2024", "2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z"),
        ("2024-02", "2024-02-01T00:00:00Z", "2024-03-01T00:00:00Z"),
        ("2024-12", "2024-12-01T00:00:00Z", "2025-01-01T00:00:00Z"),
        ("2024-02-29", "2024-02-29T00:00:00Z", "2024-03-01T00:00:00Z"),
        ("2000-02-29", "2000-02-29T00:00:00Z", "2000-03-01T00:00:00Z"),
        ("2024-04-30", "2024-04-30T00:00:00Z", "2024-05-01T00:00:00Z"),
        ("2023-12-31", "2023-12-31T00:00:00Z", "2024-01-01T00:00:00Z"),
        ("1969", "1969-01-01T00:00:00Z", "1970-01-01T00:00:00Z"),
        ("today", "2024-03-15T00:00:00Z", "2024-03-16T00:00:00Z"),
        ("yesterday", "2024-03-14T00:00:00Z", "2024-03-15T00:00:00Z"),
        // 2024-03-15 is a Friday: last week ran from Monday the 4th to Sunday the 10th.
        ("last week", "2024-03-04T00:00:00Z", "2024-03-11T00:00:00Z"),
        ("  Last \t WEEK ", "2024-03-04T00:00:00Z", "2024-03-11T00:00:00Z"),
        ("3d", "2024-03-12T12:30:00Z", "2024-03-12T12:30:00Z"),
        ("0d", "2024-03-15T12:30:00Z", "2024-03-15T12:30:00Z"),
        ("2w", "2024-03-01T12:30:00Z", "2024-03-01T12:30:00Z"),
        ("15D", "2024-02-29T12:30:00Z", "2024-02-29T12:30:00Z"),
    ])
    func eachFormNamesItsSpanInUTC(text: String, start: String, end: String) throws {
        let span = try Self.span(text, now: "2024-03-15T12:30:00Z")
        #expect(span == DateSpan(start: Self.instant(start), end: Self.instant(end)))
    }

    @Test(arguments: [("2024-03-17T09:00:00Z", "Sunday"), ("2024-03-11T09:00:00Z", "Monday")])
    func lastWeekIsTheWholeWeekBeforeThisOne(now: String, weekday: String) throws {
        let span = try Self.span("last week", now: now)
        #expect(span == DateSpan(start: Self.instant("2024-03-04T00:00:00Z"), end: Self.instant("2024-03-11T00:00:00Z")), "on a \(weekday)")
    }

    @Test func daysStartAtLocalMidnightWhereTheDateLineIsFarAhead() throws {
        // 23:30 UTC on the 15th is 08:30 on the 16th in Tokyo.
        let today = try Self.span("today", now: "2024-03-15T23:30:00Z", zone: "Asia/Tokyo")
        #expect(today == DateSpan(start: Self.instant("2024-03-15T15:00:00Z"), end: Self.instant("2024-03-16T15:00:00Z")))
        let year = try Self.span("2025", now: "2024-03-15T23:30:00Z", zone: "Pacific/Kiritimati")
        #expect(year.start == Self.instant("2024-12-31T10:00:00Z"))
    }

    @Test func aDayOfSummerTimeStartingHasTwentyThreeHours() throws {
        let day = try Self.span("2024-03-10", now: "2024-03-15T12:00:00Z", zone: "America/New_York")
        #expect(day == DateSpan(start: Self.instant("2024-03-10T05:00:00Z"), end: Self.instant("2024-03-11T04:00:00Z")))
        let yesterday = try Self.span("yesterday", now: "2024-03-11T16:00:00Z", zone: "America/New_York")
        #expect(yesterday == day)
    }

    @Test func aDayOfSummerTimeEndingHasTwentyFiveHours() throws {
        let day = try Self.span("2024-11-03", now: "2024-11-15T12:00:00Z", zone: "America/New_York")
        #expect(day == DateSpan(start: Self.instant("2024-11-03T04:00:00Z"), end: Self.instant("2024-11-04T05:00:00Z")))
    }

    @Test func daysAgoKeepTheLocalTimeOfDayAcrossAChangeOfClocks() throws {
        // Monday 12:00 EDT; Saturday was still on standard time.
        let ago = try Self.span("2d", now: "2024-03-11T16:00:00Z", zone: "America/New_York")
        #expect(ago.start == Self.instant("2024-03-09T17:00:00Z") && ago.end == ago.start)
    }

    @Test func aTimeTheClocksSkipIsReadOnTheClockBeforeTheChange() throws {
        // 02:30 on 2024-03-10 never happened in New York: read as 02:30 EST, which is 03:30 EDT.
        let ago = try Self.span("1d", now: "2024-03-11T06:30:00Z", zone: "America/New_York")
        #expect(ago.start == Self.instant("2024-03-10T07:30:00Z"))
    }

    @Test func aDayWhoseMidnightIsSkippedStartsWhenTheClocksJump() throws {
        // São Paulo went from 00:00 straight to 01:00 on 2018-11-04.
        let day = try Self.span("2018-11-04", now: "2018-12-01T12:00:00Z", zone: "America/Sao_Paulo")
        #expect(day == DateSpan(start: Self.instant("2018-11-04T03:00:00Z"), end: Self.instant("2018-11-05T02:00:00Z")))
    }

    @Test(arguments: ["", "soon", "2024-3", "24", "20245", "2024-03-5", "3x", "-3d", "d", "2024-03-15T10:00", "2024/03/15", "٢٠٢٤", "last  month", "1234567d"])
    func anythingElseIsRefusedNamingTheForms(text: String) {
        #expect(throws: DateInputError.unreadable(text)) { try Self.span(text, now: "2024-03-15T12:00:00Z") }
        #expect(DateInputError.unreadable(text).description.contains("2024-03-15, 3d or 2w (ago), today, yesterday or last week"))
    }

    @Test(arguments: ["2023-02-29", "1900-02-29", "2024-04-31", "2024-13", "2024-00", "2024-01-00", "2024-01-32"])
    func aDayOrMonthOffTheCalendarIsRefused(text: String) {
        #expect(throws: DateInputError.noSuchDate(text)) { try Self.span(text, now: "2024-03-15T12:00:00Z") }
    }
}
