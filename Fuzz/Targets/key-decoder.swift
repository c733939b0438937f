// The keyboard: any bytes a terminal in raw mode could send, fed to `KeyDecoder` in pieces cut
// where the input says, with and without flushes between them, and the keys typed into a
// `LineEditor`. A crash, keys that depend on where the reads ended, or a field that does not
// fit its width fails the run.
// libFuzzer: -max_len=1024
import DisplayWidth
import TerminalInput
import TextSafety

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    // The first byte says where the reads end; the rest is what the terminal sent.
    var cuts = Cuts(seed: data[0])
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))

    // All at once, then in pieces: the same keys, a grapheme split between two reads aside.
    var whole = KeyDecoder()
    let allAtOnce = whole.feed(bytes) + whole.flush()
    var pieces = KeyDecoder()
    var inPieces: [Key] = []
    var start = 0
    while start < bytes.count {
        let end = min(start + cuts.next(), bytes.count)
        inPieces += pieces.feed(bytes[start..<end])
        start = end
    }
    inPieces += pieces.flush()
    if scalars(allAtOnce) != scalars(inPieces) {
        fatalError("keys depend on the reads (seed \(data[0])): \(allAtOnce) in one read, \(inPieces) in pieces")
    }

    // Pieces with pauses (a flush) between some of them, typed into a field.
    var decoder = KeyDecoder()
    var editor = LineEditor()
    start = 0
    while start < bytes.count {
        let end = min(start + cuts.next(), bytes.count)
        var keys = decoder.feed(bytes[start..<end])
        if cuts.pause() { keys += decoder.flush() }
        for key in keys {
            editor.apply(key)
            check(editor)
        }
        start = end
    }
    for key in decoder.flush() {
        editor.apply(key)
        check(editor)
    }
    return 0
}

/// Keys with text split into scalars: where a read ends can split a grapheme (a letter, then
/// its accent in the next read) into two keys, but never change what was typed.
private func scalars(_ keys: [Key]) -> [Key] {
    keys.flatMap { key -> [Key] in
        guard case .character(let character) = key else { return [key] }
        return character.unicodeScalars.map { .character(Character($0)) }
    }
}

private func check(_ editor: LineEditor) {
    guard (0...editor.text.count).contains(editor.cursor) else {
        fatalError("cursor \(editor.cursor) outside \(editor.text.debugDescription)")
    }
    if let scalar = editor.text.unicodeScalars.first(where: SafeText.isUnsafe) {
        fatalError("U+\(String(scalar.value, radix: 16)) typed into the field: \(editor.text.debugDescription)")
    }
    for width in [1, 2, 3, 10, 40] {
        let (text, column) = editor.visible(width: width)
        let columns = DisplayWidth.of(text)
        guard columns <= width, (0...columns).contains(column) else {
            fatalError("\(editor.text.debugDescription), cursor \(editor.cursor), at width \(width): shows \(text.debugDescription) (\(columns) columns), cursor at column \(column)")
        }
    }
}

/// Read lengths from 1 to 8 bytes and pauses, from a small generator seeded by the input.
private struct Cuts {
    var state: UInt32

    init(seed: UInt8) {
        state = UInt32(seed) &* 2_654_435_761 | 1
    }

    mutating func next() -> Int {
        Int(step() % 8) + 1
    }

    mutating func pause() -> Bool {
        step() % 4 == 0
    }

    private mutating func step() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }
}
