import FoundationEssentials

/// Dates for people: "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date.
public struct RelativeDate: Sendable {
    public let now: Date
    public let calendar: Calendar

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public init(now: Date, timeZone: TimeZone) {
        self.now = now
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    public func describe(_ date: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "just now" }
        if seconds < 3_600 { return "\(Int(seconds / 60)) min ago" }
        if seconds < 86_400 { return "\(Int(seconds / 3_600)) h ago" }
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        if days <= 1 { return "yesterday" }
        if days < 7 { return "\(days) days ago" }
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let dayAndMonth = "\(parts.day ?? 1) \(Self.months[(parts.month ?? 1) - 1])"
        return parts.year == calendar.component(.year, from: now) ? dayAndMonth : "\(dayAndMonth) \(parts.year ?? 0)"
    }
}
