import Glibc
import Testing
@testable import wpnews

/// The app's key reader: quiet moments are reported only after keys, and a pause gives the
/// keyboard away until it ends.
@Suite(.timeLimit(.minutes(1))) struct InputReaderTests {
    /// A pipe standing in for the terminal, and what the reader delivers from it.
    final class Keyboard {
        let ends: (read: Int32, write: Int32)
        let reader: InputReader
        var deliveries: AsyncStream<[UInt8]>.Iterator

        init() {
            var ends: [Int32] = [-1, -1]
            precondition(pipe(&ends) == 0)
            self.ends = (ends[0], ends[1])
            let (stream, sink) = AsyncStream<[UInt8]>.makeStream()
            reader = InputReader(input: ends[0]) { sink.yield($0) }
            deliveries = stream.makeAsyncIterator()
        }

        deinit {
            reader.stop()
            close(ends.write)
        }

        func type(_ text: String) {
            let bytes = Array(text.utf8)
            precondition(write(ends.write, bytes, bytes.count) == bytes.count)
        }

        func next() async -> [UInt8]? {
            await deliveries.next()
        }
    }

    @Test func aLoneEscIsFollowedByAQuietReport() async {
        let keyboard = Keyboard()
        keyboard.type("\u{1B}")
        #expect(await keyboard.next() == [0x1B])
        #expect(await keyboard.next() == [], "the decoder hears that no sequence follows")
        keyboard.type("q")
        #expect(await keyboard.next() == Array("q".utf8))
    }

    @Test func keysTypedDuringAPauseAreReadWhenItEnds() async {
        let keyboard = Keyboard()
        keyboard.reader.pause(true)
        keyboard.type("x")
        keyboard.reader.pause(false)
        #expect(await keyboard.next() == Array("x".utf8))
    }
}
