/// A request that waits its turn with a host.
protocol HostBound: AnyObject {
    /// Scheme, host and port (`HTTPRequest.origin`).
    var origin: String { get }
}

/// Requests held in front of libcurl, one line per origin; used by the curl thread alone.
///
/// At most `limit` requests per origin are out at once, and the rest wait in the order they
/// came: libcurl's own per-host connection limit would start their timeouts while they wait.
/// While a pause a server asked for lasts, its origin lets none out.
struct HostQueue<Request: HostBound> {
    struct Pause {
        var until: ContinuousClock.Instant
        /// The status that asked for it (429 or 503).
        var status: Int
    }

    let limit: Int
    private var waiting: [String: [Request]] = [:]
    private var out: [String: Int] = [:]
    private var pauses: [String: Pause] = [:]

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    mutating func append(_ request: Request) {
        waiting[request.origin, default: []].append(request)
    }

    /// Takes a request out of its line; false when it is not waiting (it went out, or ended).
    mutating func remove(_ request: Request) -> Bool {
        guard var line = waiting[request.origin], let index = line.firstIndex(where: { $0 === request }) else {
            return false
        }
        line.remove(at: index)
        waiting[request.origin] = line.isEmpty ? nil : line
        return true
    }

    /// A request that went out has ended, which makes room for the next one of its origin.
    mutating func finished(_ request: Request) {
        let remaining = out[request.origin, default: 0] - 1
        out[request.origin] = remaining > 0 ? remaining : nil
    }

    /// Holds the origin's waiting requests back until `until`. True when this starts a pause,
    /// false when it only lengthens one that is running.
    mutating func pause(_ origin: String, until: ContinuousClock.Instant, status: Int, now: ContinuousClock.Instant) -> Bool {
        guard let current = pauses[origin], current.until > now else {
            pauses[origin] = Pause(until: until, status: status)
            return true
        }
        if until > current.until { pauses[origin] = Pause(until: until, status: status) }
        return false
    }

    /// The requests that may go out now, each origin's in the order they came. They count
    /// as out until `finished`.
    mutating func takeStartable(now: ContinuousClock.Instant) -> [Request] {
        pauses = pauses.filter { $0.value.until > now }
        var startable: [Request] = []
        for (origin, line) in waiting where pauses[origin] == nil {
            let room = limit - out[origin, default: 0]
            guard room > 0 else { continue }
            startable += line.prefix(room)
            out[origin, default: 0] += min(room, line.count)
            waiting[origin] = line.count > room ? Array(line.dropFirst(room)) : nil
        }
        return startable
    }

    /// The waiting requests of origins paused for longer than `patience`, each with the pause
    /// that holds it: they are not worth keeping.
    mutating func takeHeld(longerThan patience: Duration, now: ContinuousClock.Instant) -> [(request: Request, pause: Pause)] {
        var held: [(request: Request, pause: Pause)] = []
        for (origin, pause) in pauses where pause.until - now > patience {
            held += (waiting.removeValue(forKey: origin) ?? []).map { ($0, pause) }
        }
        return held
    }

    /// Every waiting request, leaving every line empty.
    mutating func takeAllWaiting() -> [Request] {
        defer { waiting = [:] }
        return waiting.values.flatMap { $0 }
    }

    /// When the first pause that holds a waiting request ends: the curl thread must be
    /// awake then to let it out.
    var nextPauseEnd: ContinuousClock.Instant? {
        pauses.filter { waiting[$0.key] != nil }.map(\.value.until).min()
    }
}

extension Duration {
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
