import FoundationEssentials

/// When and how long to wait before trying an idempotent request again.
public struct RetryPolicy: Sendable {
    public var maxRetries: Int
    /// The first backoff, doubled on each retry.
    public var baseDelay: Double
    /// The longest wait, also when `Retry-After` asks for more.
    public var maxDelay: Double

    public init(maxRetries: Int = 2, baseDelay: Double = 0.25, maxDelay: Double = 8) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    public static let never = RetryPolicy(maxRetries: 0)

    /// Statuses that say "try again later" rather than "no".
    public static func isRetryable(status: Int) -> Bool {
        [429, 502, 503, 504].contains(status)
    }

    /// Seconds to wait before retry number `retry` (0 for the first retry).
    public func delay(beforeRetry retry: Int, retryAfter: String? = nil, now: Date = Date()) -> Double {
        let backoff = baseDelay * Double(1 << min(retry, 16))
        let asked = retryAfter.flatMap { Self.seconds(fromRetryAfter: $0, now: now) }
        return min(asked ?? backoff, maxDelay)
    }

    /// How long a server asked every request to its host to hold off: a 429 or 503 that
    /// says when to come back, in seconds.
    static func pauseAsked(status: Int, retryAfter: String?, now: Date = Date()) -> Double? {
        guard status == 429 || status == 503, let retryAfter,
              let seconds = seconds(fromRetryAfter: retryAfter, now: now), seconds > 0 else { return nil }
        return seconds
    }

    /// `Retry-After` is either delay-seconds or an HTTP-date (RFC 9110, section 10.2.3).
    static func seconds(fromRetryAfter value: String, now: Date) -> Double? {
        let text = value.trimmingWhitespace()
        if let seconds = Int(text) { return Double(max(seconds, 0)) }
        guard let date = HTTPDate.parse(text) else { return nil }
        return max(date.timeIntervalSince(now), 0)
    }
}

/// The IMF-fixdate form of an HTTP date: `Sun, 06 Nov 1994 08:49:37 GMT`.
public enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT",
              let day = Int(parts[1]), let monthIndex = months.firstIndex(of: String(parts[2])),
              let year = Int(parts[3]) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        let components = DateComponents(
            timeZone: .gmt, year: year, month: monthIndex + 1, day: day,
            hour: clock[0], minute: clock[1], second: clock[2]
        )
        return Calendar(identifier: .gregorian).date(from: components)
    }
}
