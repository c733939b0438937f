import FoundationEssentials

/// A stretch of time a typed date names: a year, a month, a day, a week, or one instant
/// ("3d": three days ago, to the second).
public struct DateSpan: Sendable, Hashable {
    /// Its first instant.
    public let start: Date
    /// The first instant after it; `start` itself for an instant.
    public let end: Date

    public init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }
}

/// Why a typed date could not be read: the one line a person sees.
public enum DateInputError: ExplainedError, Hashable {
    /// Not one of the forms `DateInput` reads.
    case unreadable(String)
    /// The right shape, but no such month or day (`2025-02-29`, `2024-13`).
    case noSuchDate(String)

    public var description: String {
        switch self {
        case .unreadable(let text):
            "'\(text)' is not a date: write 2024, 2024-03, 2024-03-15, 3d or 2w (ago), today, yesterday or last week"
        case .noSuchDate(let text):
            "\(text) is not on the calendar: check the month and the day"
        }
    }
}

/// The one reader of dates as people type them, for `--before`, `--after`, `watch --since`
/// and the app's `:`: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `Nd` and `Nw` (days and weeks ago),
/// `today`, `yesterday`, `last week` (Monday to Sunday, the week before this one). Days start
/// at local midnight; the caller passes the time and the zone, as `RelativeDate` takes them,
/// so that nothing here reads a clock or ICU's time zones.
public enum DateInput {
    /// `utcOffset`: seconds east of UTC at an instant, in the reader's time zone.
    public static func span(of text: String, now: Date, utcOffset: @escaping (Date) -> Int) throws(DateInputError) -> DateSpan {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let zone = LocalZone(utcOffset: utcOffset)
        let today = zone.localDay(of: now)
        switch words {
        case "today": return zone.days(today, count: 1)
        case "yesterday": return zone.days(today - 1, count: 1)
        case "last week":
            // Day 0 (1970-01-01) was a Thursday: Monday is 3 days after a multiple of 7.
            let thisMonday = today - ((today - 4) % 7 + 7) % 7
            return zone.days(thisMonday - 7, count: 7)
        default: break
        }
        if let ago = agoDays(words) {
            let instant = zone.instant(day: today - ago, secondOfDay: zone.secondOfDay(of: now))
            return DateSpan(start: instant, end: instant)
        }
        let parts = words.split(separator: "-", omittingEmptySubsequences: false)
        let widths = parts.map(\.count)
        guard [[4], [4, 2], [4, 2, 2]].contains(widths), parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0])
        else { throw .unreadable(text) }
        let numbers = parts.dropFirst().compactMap { Int($0) }
        switch numbers.count {
        case 0:
            return zone.span(from: CivilDate.days(year: year, month: 1, day: 1), to: CivilDate.days(year: year + 1, month: 1, day: 1))
        case 1:
            let month = numbers[0]
            guard (1...12).contains(month) else { throw .noSuchDate(text) }
            let next = month == 12 ? (year + 1, 1) : (year, month + 1)
            return zone.span(from: CivilDate.days(year: year, month: month, day: 1), to: CivilDate.days(year: next.0, month: next.1, day: 1))
        default:
            let (month, day) = (numbers[0], numbers[1])
            guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day) else { throw .noSuchDate(text) }
            return zone.days(CivilDate.days(year: year, month: month, day: day), count: 1)
        }
    }

    /// The days back `3d` or `2w` names; nil for anything else.
    private static func agoDays(_ words: String) -> Int? {
        guard let unit = words.last, unit == "d" || unit == "w" else { return nil }
        let digits = words.dropLast()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits) else { return nil }
        return unit == "w" ? count * 7 : count
    }
}
