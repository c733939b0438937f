import Foundation
import Glibc
import Synchronization

/// Reads stdin on a thread of its own. It sleeps in poll(2) until a key comes; only after
/// bytes have come does it wait a moment more, and when nothing follows it reports an empty
/// read, so a lone Esc can be told from the start of an escape sequence. An idle app is not
/// woken at all: a pipe of its own wakes the thread to pause or stop.
final class InputReader: Sendable {
    private enum Mode { case reading, paused, stopped }

    /// How long after bytes the reader waits for the rest of an escape sequence.
    static let sequencePause: Int32 = 30 // milliseconds

    private let mode = Mutex(Mode.reading)
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let sleeping: @Sendable (_ watchingKeys: Bool) -> Void

    /// `input`: the descriptor read, stdin but for the tests. `sleeping` hears each time the
    /// thread goes to wait, and whether its wait watches the keys: the event a test waits for
    /// to know a pause has been taken in, where nothing else comes to say so.
    init(
        input: Int32 = STDIN_FILENO, sleeping: @escaping @Sendable (_ watchingKeys: Bool) -> Void = { _ in },
        _ deliver: @escaping @Sendable ([UInt8]) -> Void
    ) {
        var ends: [Int32] = [-1, -1]
        // Without a pipe the reader still reads keys; it only cannot be woken until one comes.
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
        }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        self.sleeping = sleeping
        Thread.detachNewThread { [self] in
            read(input, deliver)
        }
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    func stop() {
        mode.withLock { $0 = .stopped }
        wake()
    }

    /// While another program (the pager) reads the keyboard.
    func pause(_ isPaused: Bool) {
        mode.withLock { if $0 != .stopped { $0 = isPaused ? .paused : .reading } }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func read(_ input: Int32, _ deliver: @Sendable ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Bytes came and no quiet moment has been reported since.
        var sequenceOpen = false
        while true {
            let current = mode.withLock { $0 }
            if current == .stopped { return }
            // Paused, only the pipe is watched: the keys are the other program's.
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if current == .reading { descriptors.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
            sleeping(descriptors.count > 1)
            let ready = poll(&descriptors, nfds_t(descriptors.count), current == .reading && sequenceOpen ? Self.sequencePause : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                sequenceOpen = false
                deliver([])
                continue
            }
            if descriptors[0].revents != 0 {
                while Glibc.read(wakeRead, &buffer, buffer.count) > 0 {}
                continue
            }
            let count = Glibc.read(input, &buffer, buffer.count)
            if count <= 0 { return }
            sequenceOpen = true
            deliver(Array(buffer[0..<count]))
        }
    }
}
