import FoundationEssentials
import NewsModels

/// Dates for people: "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date.
///
/// Local days come from `LocalZone`, not from `Calendar`, so that showing a list loads no
/// time zone data.
public struct RelativeDate: Sendable {
    public let now: Date
    /// Seconds east of UTC at a date, in the reader's time zone.
    public let utcOffset: @Sendable (Date) -> Int

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public init(now: Date, utcOffset: @escaping @Sendable (Date) -> Int) {
        self.now = now
        self.utcOffset = utcOffset
    }

    /// A fixed offset, such as 0 for UTC.
    public init(now: Date, secondsFromGMT: Int) {
        self.init(now: now, utcOffset: { _ in secondsFromGMT })
    }

    /// `spoken`: minutes and hours in words ("5 hours ago"), as a screen reader should say them.
    public func describe(_ date: Date, spoken: Bool = false) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "just now" }
        if seconds < 3_600 { return Self.ago(Int(seconds / 60), spoken ? "minute" : nil, else: "min") }
        if seconds < 86_400 { return Self.ago(Int(seconds / 3_600), spoken ? "hour" : nil, else: "h") }
        let (day, today) = (localDay(date), localDay(now))
        let days = today.number - day.number
        if days <= 1 { return "yesterday" }
        if days < 7 { return "\(days) days ago" }
        let dayAndMonth = "\(day.day) \(Self.months[day.month - 1])"
        return day.year == today.year ? dayAndMonth : "\(dayAndMonth) \(day.year)"
    }

    /// "5 hours ago" for `unit` "hour", "1 hour ago"; "5 h ago" without one.
    private static func ago(_ count: Int, _ unit: String?, else short: String) -> String {
        guard let unit else { return "\(count) \(short) ago" }
        return "\(count) \(unit)\(count == 1 ? "" : "s") ago"
    }

    /// The local calendar day: its number since 1970-01-01, and its date.
    private func localDay(_ date: Date) -> (number: Int, year: Int, month: Int, day: Int) {
        let number = LocalZone(utcOffset: utcOffset).localDay(of: date)
        let (year, month, day) = CivilDate.of(daysSince1970: number)
        return (number, year, month, day)
    }
}
