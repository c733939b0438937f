import Glibc
import Testing
@testable import wpnews

/// The app's key reader: quiet moments are reported only after keys, and a pause gives the
/// keyboard away until it ends.
@Suite(.timeLimit(.minutes(1))) struct InputReaderTests {
    /// What the reader does, in the order it does it.
    enum Event: Equatable {
        case keys([UInt8])
        case sleeping(watchingKeys: Bool)
    }

    /// A pipe standing in for the terminal, and what the reader does with it.
    final class Keyboard {
        let ends: (read: Int32, write: Int32)
        let reader: InputReader
        var events: AsyncStream<Event>.Iterator

        init() {
            var ends: [Int32] = [-1, -1]
            precondition(pipe(&ends) == 0)
            self.ends = (ends[0], ends[1])
            let (stream, sink) = AsyncStream<Event>.makeStream()
            reader = InputReader(input: ends[0], sleeping: { sink.yield(.sleeping(watchingKeys: $0)) }) { sink.yield(.keys($0)) }
            events = stream.makeAsyncIterator()
        }

        deinit {
            // Stopped first: the reader's last wait may still name the read end.
            reader.stop()
            close(ends.write)
            close(ends.read)
        }

        func type(_ text: String) {
            let bytes = Array(text.utf8)
            precondition(write(ends.write, bytes, bytes.count) == bytes.count)
        }

        func nextEvent() async -> Event? {
            await events.next()
        }

        /// The next keys delivered, past the reader's waits.
        func next() async -> [UInt8]? {
            while let event = await events.next() {
                if case .keys(let bytes) = event { return bytes }
            }
            return nil
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
        // The reader waits once (before the pause or under it, as its thread started), then
        // is woken by the pause, whose wake it takes before any key: its second wait is
        // paused, and the key typed meanwhile is left to the program the pause is for.
        guard case .sleeping = await keyboard.nextEvent() else { Issue.record("the reader's first event is its wait"); return }
        #expect(await keyboard.nextEvent() == .sleeping(watchingKeys: false), "paused, the reader leaves the keys alone")
        keyboard.reader.pause(false)
        #expect(await keyboard.nextEvent() == .sleeping(watchingKeys: true), "nothing was delivered before the pause ended")
        #expect(await keyboard.nextEvent() == .keys(Array("x".utf8)))
    }
}
