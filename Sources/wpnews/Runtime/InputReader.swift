import Foundation
import Glibc
import Synchronization

/// Reads stdin on a thread of its own; after a quiet moment it reports an empty read, so a
/// lone Esc can be told from the start of an escape sequence.
final class InputReader: Sendable {
    private let stopped = Mutex(false)
    private let paused = Mutex(false)

    init(_ deliver: @escaping @Sendable ([UInt8]) -> Void) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !stopped.withLock({ $0 }) {
                if paused.withLock({ $0 }) {
                    usleep(30_000)
                    continue
                }
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, 30)
                if ready == 0 {
                    deliver([])
                    continue
                }
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count <= 0 { break }
                deliver(Array(buffer[0..<count]))
            }
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
    }

    /// While another program (the pager) reads the keyboard.
    func pause(_ isPaused: Bool) {
        paused.withLock { $0 = isPaused }
    }
}
