import FoundationEssentials

/// Local days and times from a UTC offset function rather than `Calendar` and `TimeZone`, whose
/// first use loads ICU's time zone data. Days are counted from 1970-01-01, as `CivilDate` counts them.
public struct LocalZone {
    /// Seconds east of UTC at an instant, in the reader's time zone.
    public let utcOffset: (Date) -> Int

    public init(utcOffset: @escaping (Date) -> Int) {
        self.utcOffset = utcOffset
    }

    /// The local calendar day holding `date`.
    public func localDay(of date: Date) -> Int {
        let local = localSeconds(of: date)
        return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    func secondOfDay(of date: Date) -> Int {
        localSeconds(of: date) - localDay(of: date) * 86_400
    }

    func days(_ first: Int, count: Int) -> DateSpan {
        span(from: first, to: first + count)
    }

    /// From the start of local day `first` to the start of local day `end`.
    func span(from first: Int, to end: Int) -> DateSpan {
        DateSpan(start: instant(day: first, secondOfDay: 0), end: instant(day: end, secondOfDay: 0))
    }

    /// The instant a local clock shows this day and time. A time the clocks skip (the hour a
    /// change to summer time jumps over) is read on the clock before the change, so 02:30 on
    /// that night is 03:30, and a midnight skipped is the instant the clocks jump, when that
    /// day begins; a time the clocks show twice is the first of the two.
    func instant(day: Int, secondOfDay: Int) -> Date {
        let wall = day * 86_400 + secondOfDay
        // Offsets a day either side: at most one change of offset falls between them.
        let offsets = [utcOffset(date(wall - 86_400)), utcOffset(date(wall + 86_400))]
        let candidates = offsets.map { wall - $0 }
        let shown = candidates.filter { localSeconds(of: date($0)) == wall }
        return date(shown.min() ?? max(candidates[0], candidates[1]))
    }

    private func localSeconds(of date: Date) -> Int {
        Int((date.timeIntervalSince1970).rounded(.down)) + utcOffset(date)
    }

    private func date(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
