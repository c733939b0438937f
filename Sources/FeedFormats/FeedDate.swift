import FoundationEssentials

/// The dates feeds write, read by hand (no formatter, no calendar, no locale), as leniently
/// as feeds need: RFC 822 (RSS) and RFC 3339 (Atom, JSON Feed), either where the other
/// belongs, and their broken forms: two-digit years, no seconds, no zone (read as UTC), a
/// named zone (`EST`, `PDT`, `CET`), a wrong or missing day name, a space for the `T`.
enum FeedDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Hours east of UTC of the zone names feeds use; a name not here is read as UTC.
    private static let namedZones: [String: Double] = [
        "z": 0, "ut": 0, "utc": 0, "gmt": 0, "wet": 0,
        "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
        "akst": -9, "akdt": -8, "hst": -10, "ast": -4, "adt": -3, "nst": -3.5, "ndt": -2.5,
        "bst": 1, "ist": 5.5, "cet": 1, "cest": 2, "met": 1, "mest": 2, "west": 1, "eet": 2, "eest": 3, "msk": 3,
        "jst": 9, "kst": 9, "hkt": 8, "sgt": 8, "awst": 8, "acst": 9.5, "aest": 10, "aedt": 11, "nzst": 12, "nzdt": 13,
    ]

    /// Nil when no day, month and year can be found.
    static func read(_ text: String) -> Date? {
        let trimmed = text.trimmingWhiteSpace
        guard !trimmed.isEmpty else { return nil }
        if let first = trimmed.utf8.first, (0x30...0x39).contains(first), let dash = trimmed.utf8.dropFirst(4).first,
           dash == UInt8(ascii: "-") || dash == UInt8(ascii: "/") {
            return numeric(trimmed)
        }
        return rfc822(trimmed.utf8) ?? worded(trimmed)
    }

    /// `Mon, 23 Nov 2026 09:23:46 +0000` (or `GMT`) exactly, as nearly every RSS feed writes
    /// it, read from its bytes: through `worded`'s words and characters a 500-item feed's
    /// dates cost more than its titles. Nil for anything else (another zone, a day name that is
    /// not one, a field out of place), which `worded` then reads: both give the same date.
    private static func rfc822(_ text: Substring.UTF8View) -> Date? {
        let bytes = Array(text)
        // The day of the month takes one digit or two.
        let shift = bytes.count > 6 && bytes[6] == UInt8(ascii: " ") ? 1 : 0
        guard bytes.count == 29 - shift || bytes.count == 31 - shift,
              bytes[3] == UInt8(ascii: ","), bytes[4] == UInt8(ascii: " "), bytes[7 - shift] == UInt8(ascii: " "),
              bytes[11 - shift] == UInt8(ascii: " "), bytes[16 - shift] == UInt8(ascii: " "),
              bytes[19 - shift] == UInt8(ascii: ":"), bytes[22 - shift] == UInt8(ascii: ":"), bytes[25 - shift] == UInt8(ascii: " "),
              dayNames.contains(lowercased(bytes[0..<3])),
              let month = months.firstIndex(of: lowercased(bytes[(8 - shift)..<(11 - shift)])),
              let day = digits(bytes[5..<(7 - shift)]), let year = digits(bytes[(12 - shift)..<(16 - shift)]),
              let hour = digits(bytes[(17 - shift)..<(19 - shift)]), let minute = digits(bytes[(20 - shift)..<(22 - shift)]),
              let second = digits(bytes[(23 - shift)..<(25 - shift)])
        else { return nil }
        let zone = bytes[(26 - shift)...]
        let offset: Int
        if zone.elementsEqual("GMT".utf8) {
            offset = 0
        } else if zone.count == 5, zone.first == UInt8(ascii: "+") || zone.first == UInt8(ascii: "-"),
                  let value = digits(zone.dropFirst()) {
            offset = (zone.first == UInt8(ascii: "+") ? 1 : -1) * (value / 100 * 3600 + value % 100 * 60)
        } else {
            return nil
        }
        var clock = Clock()
        (clock.hour, clock.minute, clock.second, clock.offsetSeconds) = (hour, minute, second, offset)
        return date(year: year, month: month + 1, day: day, clock: clock)
    }

    /// The days' names `rfc822` takes: `worded` skips them, but would read a month's name there.
    private static let dayNames: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    private static func lowercased(_ letters: ArraySlice<UInt8>) -> String {
        String(decoding: letters.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// ASCII digits as their number; nil when any byte is not one.
    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// `2026-11-23T09:23:46Z`, `…46.123+02:00`, `2026-11-23 09:23`, `2026/11/23`.
    private static func numeric(_ text: Substring) -> Date? {
        let parts = text.split(maxSplits: 1) { $0 == "T" || $0 == "t" || $0 == " " }
        let day = parts[0].split { $0 == "-" || $0 == "/" }.map { Int($0) }
        guard day.count == 3, let year = day[0], let month = day[1], let dayOfMonth = day[2] else { return nil }
        var clock = Clock()
        if parts.count > 1 {
            guard let read = Clock(parts[1].trimmingWhiteSpace) else { return nil }
            clock = read
        }
        return date(year: year, month: month, day: dayOfMonth, clock: clock)
    }

    /// `Mon, 23 Nov 2026 09:23:46 +0000` and what feeds make of it: the words in any order a
    /// person would still read (`Nov 23, 2026`, ctime's `Mon Nov 23 09:23:46 2026`).
    private static func worded(_ text: Substring) -> Date? {
        var day: Int?
        var month: Int?
        var year: Int?
        var clock = Clock()
        var afternoon: Bool?
        var shortYear = false
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            let lower = word.lowercased()
            if word.first == "+" || word.first == "-" {
                clock.offsetSeconds = Clock.zoneOffset(lower) ?? clock.offsetSeconds
            } else if word.contains(":"), let read = Clock(word) {
                clock.hour = read.hour
                clock.minute = read.minute
                clock.second = read.second
                clock.offsetSeconds = read.offsetSeconds ?? clock.offsetSeconds
            } else if let number = Int(word) {
                if word.count == 4 || (day != nil && year == nil) {
                    year = number
                    shortYear = word.count <= 2
                } else if day == nil {
                    day = number
                }
            } else if let zone = Clock.zoneOffset(lower) {
                clock.offsetSeconds = zone
            } else if lower == "am" || lower == "pm" {
                afternoon = lower == "pm"
            } else if month == nil, let index = months.firstIndex(of: String(lower.prefix(3))) {
                month = index + 1
            }
            // Anything else, a day's name above all, is left out: feeds get those wrong.
        }
        guard let day, let month, var year else { return nil }
        if shortYear { year += year < 50 ? 2000 : 1900 }
        if let afternoon, clock.hour <= 12 { clock.hour = clock.hour % 12 + (afternoon ? 12 : 0) }
        return date(year: year, month: month, day: day, clock: clock)
    }

    /// A time of day and its zone: `09:23`, `09:23:46.250`, `09:23:46Z`, `09:23:46+02:00`.
    private struct Clock {
        var hour = 0
        var minute = 0
        var second = 0
        var offsetSeconds: Int?

        init() {}

        init?(_ text: Substring) {
            let timeEnd = text.firstIndex { !($0.isASCII && ($0.isNumber || $0 == ":" || $0 == ".")) } ?? text.endIndex
            let fields = text[..<timeEnd].split(separator: ":")
            guard fields.count >= 2, let hour = Int(fields[0]), let minute = Int(fields[1]) else { return nil }
            self.hour = hour
            self.minute = minute
            if fields.count > 2 {
                guard let second = Int(fields[2].prefix { $0 != "." }) else { return nil }
                self.second = second
            }
            let zone = text[timeEnd...].trimmingWhiteSpace
            if !zone.isEmpty {
                guard let offset = Self.zoneOffset(zone.lowercased()) else { return nil }
                offsetSeconds = offset
            }
        }

        /// `z`, `gmt`, `est`, `+0000`, `-05:00`, `+01`, `gmt+0100`, in seconds east of UTC;
        /// nil for what is not a zone. `text` is lowercased.
        static func zoneOffset(_ text: String) -> Int? {
            if let hours = namedZones[text] { return Int(hours * 3600) }
            guard let sign = text.firstIndex(where: { $0 == "+" || $0 == "-" }),
                  text[..<sign].isEmpty || ["gmt", "utc", "ut"].contains(String(text[..<sign])) else { return nil }
            let digits = text[text.index(after: sign)...].filter { $0 != ":" }
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else {
                return nil
            }
            let (hours, minutes) = digits.count <= 2 ? (value, 0) : (value / 100, value % 100)
            return (text[sign] == "+" ? 1 : -1) * (hours * 3600 + minutes * 60)
        }
    }

    /// Days since 1970 by Howard Hinnant's `days_from_civil`; nil for fields out of range.
    private static func date(year: Int, month: Int, day: Int, clock: Clock) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...24).contains(clock.hour), (0...59).contains(clock.minute),
              (0...60).contains(clock.second), (1...9999).contains(year) else { return nil }
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + clock.hour * 3600 + clock.minute * 60 + clock.second - (clock.offsetSeconds ?? 0)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}

extension StringProtocol {
    /// Without the white space at either end.
    var trimmingWhiteSpace: SubSequence {
        // Most text (every date, name and number of a feed) starts and ends with a printable
        // ASCII character, which its first byte and last character say without a search.
        let isPrintableASCII = { (byte: UInt8) in byte > 0x20 && byte < 0x7F }
        if let first = utf8.first, isPrintableASCII(first), let last = last?.asciiValue, isPrintableASCII(last) { return self[...] }
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
