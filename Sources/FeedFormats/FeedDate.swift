import FoundationEssentials

/// The two date formats of feeds, read by hand: no formatter, no calendar, no locale.
enum FeedDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// RFC 822 as RSS writes it: `Mon, 23 Nov 2026 09:23:46 +0000` (the weekday, the
    /// seconds and a named zone such as `GMT` optional).
    static func rfc822(_ text: String) -> Date? {
        var words = text.split { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.map(String.init)
        if let first = words.first, first.hasSuffix(",") || Int(first) == nil { words.removeFirst() }
        guard words.count >= 4, let day = Int(words[0]), let month = months.firstIndex(of: words[1].prefix(3).lowercased()),
              var year = Int(words[2]) else { return nil }
        if year < 100 { year += year < 50 ? 2000 : 1900 }
        let clock = words[3].split(separator: ":").map { Int($0) }
        guard clock.count >= 2, clock.allSatisfy({ $0 != nil }) else { return nil }
        let offset = words.count > 4 ? zoneOffset(words[4]) : 0
        guard let offset else { return nil }
        return date(year: year, month: month + 1, day: day, hour: clock[0]!, minute: clock[1]!,
                    second: clock.count > 2 ? clock[2]! : 0, offsetSeconds: offset)
    }

    /// RFC 3339 as Atom writes it: `2026-11-23T09:23:46Z`, `…46.123+02:00`.
    static func rfc3339(_ text: String) -> Date? {
        let trimmed = text.filter { !$0.isWhitespace }
        let scalars = Array(trimmed.utf8)
        guard scalars.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: scalars[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var zoneStart = 19
        if scalars[zoneStart] == UInt8(ascii: ".") {
            zoneStart += 1
            while zoneStart < scalars.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scalars[zoneStart]) { zoneStart += 1 }
        }
        guard let offset = zoneOffset(String(decoding: scalars[zoneStart...], as: UTF8.self)) else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offsetSeconds: offset)
    }

    /// `Z`, `GMT`, `UT`, `UTC`, `+0000`, `-05:00`, in seconds east of UTC.
    private static func zoneOffset(_ zone: String) -> Int? {
        if ["z", "gmt", "ut", "utc"].contains(zone.lowercased()) { return 0 }
        let digits = zone.dropFirst().filter { $0 != ":" }
        guard let sign = zone.first.flatMap({ $0 == "+" ? 1 : $0 == "-" ? -1 : nil }), digits.count == 4, let value = Int(digits) else {
            return nil
        }
        return sign * ((value / 100) * 3600 + (value % 100) * 60)
    }

    /// Days since 1970 by Howard Hinnant's `days_from_civil`; nil for fields out of range.
    private static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetSeconds: Int) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
              (0...60).contains(second), (1...9999).contains(year) else { return nil }
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds))
    }
}
