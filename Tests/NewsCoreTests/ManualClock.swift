import Synchronization

/// A clock that stands still until the test moves it, so that "typed within the pause" and
/// "the pause is over" are steps of the test, not races with a timer.
final class ManualClock: Clock {
    struct Instant: InstantProtocol {
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let wake: CheckedContinuation<Void, any Error>
    }

    private let state = Mutex((now: Instant(offset: .zero), lastID: 0, sleepers: [Sleeper]()))

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// How many sleeps wait for the clock to move.
    var sleepers: Int { state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Cancelled before it got here, the handler below found nothing to wake.
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, wake: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
            }
            sleeper?.wake.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on and wakes the sleeps it has ended.
    func advance(by duration: Duration) {
        let ended = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let ended = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return ended
        }
        for sleeper in ended { sleeper.wake.resume() }
    }
}
