import Synchronization

/// Writes that must land in the order they were asked for, each once the one before it has:
/// `s` `s` must never unsave before the save lands, and a site followed from More reads
/// sites.toml only after the follow before it wrote it. Counted, so that quitting can say it
/// waits for them.
final class OrderedWrites: Sendable {
    private let queue = Mutex<(last: Task<Void, Never>?, unwritten: Int)>((nil, 0))

    /// Runs `write` after every write added before it.
    func add(_ write: @escaping @Sendable () async -> Void) {
        queue.withLock { queue in
            let previous = queue.last
            queue.unwritten += 1
            queue.last = Task {
                await previous?.value
                await write()
                self.queue.withLock { $0.unwritten -= 1 }
            }
        }
    }

    /// Whether a write added is still to finish.
    var areUnwritten: Bool { queue.withLock { $0.unwritten > 0 } }

    /// Returns once every write added so far has finished.
    func finish() async {
        await queue.withLock { $0.last }?.value
    }
}
