/// One key press read from a terminal in raw mode.
public enum Key: Sendable, Hashable {
    /// Typed or pasted text: one grapheme, or U+FFFD for bytes that were not UTF-8.
    case character(Character)
    case enter, backspace, delete, tab, escape
    /// Shift-Tab.
    case backTab
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl and a letter, "a" ... "z". Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M send the same bytes as
    /// Backspace, Tab and Enter, so they arrive as those keys instead.
    case control(Character)
    /// One notch of the mouse wheel; terminals report it only while mouse reporting is on.
    case wheelUp, wheelDown
    /// A click, a release or a move: it names a place on the screen, not a key, so no key
    /// map binds it.
    case mouse(MouseReport)
}

/// What a terminal answers to the queries the app sends (`ControlSequence.queryTerminal`).
/// Replies arrive among the keys and are read by `KeyDecoder`, never typed.
public enum TerminalReply: Sendable, Hashable {
    /// Primary device attributes (`CSI ? 62 ; 4 ; … c`): what the terminal can do, 4 being
    /// sixel graphics. Every terminal answers this one, so the other answers came before it.
    case deviceAttributes([Int])
    /// The size of a character cell in pixels (`CSI 6 ; height ; width t`).
    case cellSize(width: Int, height: Int)
    /// kitty's graphics protocol answered a query (`ESC _ G i=… ; OK ESC \`).
    case kittyGraphics(ok: Bool)
}

/// Turns the bytes a terminal in raw mode sends into keys, for a field that edits as you type.
///
/// Input arrives in arbitrary pieces, so whatever could still be the start of something longer
/// (part of a UTF-8 character, part of an escape sequence, a lone ESC) waits for the next
/// `feed`. A lone ESC is the Escape key only once input goes quiet: the caller calls `flush()`
/// after about 30 ms without input.
///
/// ESC followed by anything other than `[` or `O` (Alt-x, as terminals send it, whether it comes
/// in one piece or two) is an Alt chord and is swallowed: a search field has no use for one,
/// and typing its letter would surprise. Escape pressed twice is two Escape keys. Escape
/// sequences this decoder does not know (function keys, replies) are swallowed too, never typed
/// as text.
///
/// Mouse reports, SGR (`ESC [ < button ; column ; row M`, or `m` for a release) and X10
/// (`ESC [ M` and three raw bytes), give the wheel's keys, and `Key.mouse` for clicks,
/// releases and motion; a report that is neither (the sideways wheel, a malformed one) is
/// swallowed.
///
/// Replies to the app's queries (`TerminalReply`) are kept for `takeReplies()`; other
/// application program commands (`ESC _` … `ESC \`) are swallowed whole.
///
/// Between `ESC [200~` and `ESC [201~` (bracketed paste) everything is text: line breaks and
/// tabs become spaces, other control bytes, escape sequences and mouse reports are dropped.
public struct KeyDecoder: Sendable {
    /// Bytes that start a key whose rest has not arrived yet.
    private var pending: [UInt8] = []
    private var pasting = false
    private var replies: [TerminalReply] = []

    public init() {}

    /// The replies read since the last call.
    public mutating func takeReplies() -> [TerminalReply] {
        defer { replies = [] }
        return replies
    }

    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var output = Output()
        var index = 0
        while index < pending.count, let (token, length) = nextToken(at: index) {
            index += length
            switch token {
            case .scalar(let scalar): output.append(scalar)
            case .key(let key) where !pasting: output.append(key)
            // Pasted lines are joined into one: a search field holds one line.
            case .key(.enter), .key(.tab): output.append(" ")
            case .reply(let reply) where !pasting: replies.append(reply)
            case .key, .reply, .ignored: break
            case .pasteStart: pasting = true
            case .pasteEnd: pasting = false
            }
        }
        pending.removeFirst(index)
        return output.finish()
    }

    /// Ends what is still waiting once input has gone quiet: a lone ESC becomes the Escape key,
    /// an escape sequence that never finished is dropped, part of a UTF-8 character becomes
    /// U+FFFD. Nothing ends inside a paste: a pause there means more of the paste is coming,
    /// and ending it early would turn its line breaks into Enter.
    public mutating func flush() -> [Key] {
        // `feed` leaves at most one unfinished key, at the start of `pending`.
        guard !pasting, let first = pending.first else { return [] }
        defer { pending.removeAll() }
        if first != 0x1B { return [.character("\u{FFFD}")] }
        return pending.count == 1 ? [.escape] : []
    }

    private enum Token {
        case key(Key)
        case scalar(Unicode.Scalar)
        case pasteStart, pasteEnd
        case reply(TerminalReply)
        /// An Alt chord, an unknown escape sequence, or a control byte that is no key.
        case ignored
    }

    /// The token that starts at `start` and how many bytes it takes; nil when the bytes that
    /// have arrived are only its beginning.
    private func nextToken(at start: Int) -> (Token, length: Int)? {
        let byte = pending[start]
        switch byte {
        case 0x1B:
            return escapeSequence(at: start)
        case 0x0D where pasting:
            // Pasted CRLF is one line break, so it must wait to see whether LF follows.
            guard start + 1 < pending.count else { return nil }
            return (.key(.enter), pending[start + 1] == 0x0A ? 2 : 1)
        case 0x00...0x1F, 0x7F:
            return (Self.controlKey(byte).map(Token.key) ?? .ignored, 1)
        default:
            return Self.decodeScalar(pending[start...]).map { (.scalar($0.scalar), $0.length) }
        }
    }

    private static func controlKey(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x09: .tab
        case 0x08, 0x7F: .backspace
        case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
        // NUL (Ctrl-Space) and Ctrl-\ ] ^ _ have no use in a search field.
        default: nil
        }
    }

    private func escapeSequence(at start: Int) -> (Token, length: Int)? {
        let next = start + 1
        guard next < pending.count else { return nil }
        switch pending[next] {
        case 0x1B: return (.key(.escape), 1)
        case UInt8(ascii: "["): return controlSequence(at: start)
        case UInt8(ascii: "O"): return singleShift(at: start)
        case UInt8(ascii: "_"): return applicationCommand(at: start)
        case 0x80...: return Self.decodeScalar(pending[next...]).map { (.ignored, 1 + $0.length) }
        default: return (.ignored, 2)
        }
    }

    /// CSI: `ESC [`, parameter and intermediate bytes, one final byte (ECMA-48).
    private func controlSequence(at start: Int) -> (Token, length: Int)? {
        let body = start + 2
        guard let finalIndex = pending[body...].firstIndex(where: { !(0x20...0x3F).contains($0) }) else { return nil }
        let final = pending[finalIndex]
        // Not a sequence after all: drop what came so far and read the odd byte (a Ctrl-C, say) as input.
        guard (0x40...0x7E).contains(final) else { return (.ignored, finalIndex - start) }
        let length = finalIndex - start + 1
        let parameters = pending[body..<finalIndex]
        if final == UInt8(ascii: "M"), parameters.isEmpty { return x10MouseReport(at: start) }
        if parameters.first == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            return (Self.sgrMouseReport(parameters.dropFirst(), release: final == UInt8(ascii: "m")).map(Token.key) ?? .ignored, length)
        }
        if let reply = Self.reply(parameters, final: final) { return (.reply(reply), length) }
        // Other private markers (`?`: replies) and intermediate bytes mean no key.
        guard parameters.allSatisfy({ $0 == UInt8(ascii: ";") || (0x30...0x39).contains($0) }) else {
            return (.ignored, length)
        }
        // Terminals send Shift-Tab as CSI Z (cursor backward tabulation).
        if final == UInt8(ascii: "Z") { return (.key(.backTab), length) }
        guard final == UInt8(ascii: "~") else { return (Self.cursorKey(final).map(Token.key) ?? .ignored, length) }
        // What follows the first `;` is a modifier (Ctrl, Shift ...), which leaves the key as it is.
        let token: Token =
            switch Self.number(parameters.prefix { $0 != UInt8(ascii: ";") }) {
            case 1, 7: .key(.home)
            case 4, 8: .key(.end)
            case 3: .key(.delete)
            case 5: .key(.pageUp)
            case 6: .key(.pageDown)
            case 200: .pasteStart
            case 201: .pasteEnd
            default: .ignored
            }
        return (token, length)
    }

    /// The replies that come as control sequences: device attributes and the cell size.
    private static func reply(_ parameters: ArraySlice<UInt8>, final: UInt8) -> TerminalReply? {
        let numbers = { (digits: ArraySlice<UInt8>) in digits.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(number) }
        if final == UInt8(ascii: "c"), parameters.first == UInt8(ascii: "?") {
            return .deviceAttributes(numbers(parameters.dropFirst()).compactMap { $0 })
        }
        if final == UInt8(ascii: "t"), case let fields = numbers(parameters), fields.count == 3, fields[0] == 6,
           let height = fields[1], let width = fields[2], height > 0, width > 0 {
            return .cellSize(width: width, height: height)
        }
        return nil
    }

    /// APC: `ESC _`, a string, then ST (`ESC \`) or BEL. kitty answers its graphics queries
    /// in one (`G` and the keys, `;`, then `OK` or an error).
    private func applicationCommand(at start: Int) -> (Token, length: Int)? {
        let body = start + 2
        var index = body
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x07 { return (token(applicationCommand: pending[body..<index]), index - start + 1) }
            if byte == 0x1B {
                guard index + 1 < pending.count else { return nil }
                if pending[index + 1] == UInt8(ascii: "\\") { return (token(applicationCommand: pending[body..<index]), index - start + 2) }
            }
            index += 1
        }
        return nil
    }

    private func token(applicationCommand string: ArraySlice<UInt8>) -> Token {
        guard string.first == UInt8(ascii: "G"), let semicolon = string.firstIndex(of: UInt8(ascii: ";")) else { return .ignored }
        return .reply(.kittyGraphics(ok: string[(semicolon + 1)...].elementsEqual("OK".utf8)))
    }

    /// X10 mouse report: `ESC [ M`, then the button, column and row as bytes, each plus 32.
    /// They are raw bytes, not text: a column past 95 is a byte that would start UTF-8.
    private func x10MouseReport(at start: Int) -> (Token, length: Int)? {
        let length = 6
        guard start + length <= pending.count else { return nil }
        let (button, column, row) = (Int(pending[start + 3]) - 32, Int(pending[start + 4]) - 32, Int(pending[start + 5]) - 32)
        return (Self.mouseKey(code: button, column: column, row: row, sgrRelease: false).map(Token.key) ?? .ignored, length)
    }

    /// SGR mouse report's parameters after `<`: button, column and row, in decimal, so a
    /// column past 223 (where X10's bytes end) is read as any other.
    private static func sgrMouseReport(_ parameters: ArraySlice<UInt8>, release: Bool) -> Key? {
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(number)
        guard fields.count == 3, let code = fields[0], let column = fields[1], let row = fields[2] else { return nil }
        return mouseKey(code: code, column: column, row: row, sgrRelease: release)
    }

    /// The wheel's key, or the click, release or move as `Key.mouse`; nil for what is neither.
    private static func mouseKey(code: Int, column: Int, row: Int, sgrRelease: Bool) -> Key? {
        wheelKey(button: code) ?? MouseReport(code: code, column: column, row: row, sgrRelease: sgrRelease).map(Key.mouse)
    }

    /// The wheel's key for a mouse report's button number (64 up, 65 down); nil for clicks,
    /// motion and releases. Shift, Alt and Ctrl held with the wheel (4, 8, 16) leave it the wheel.
    private static func wheelKey(button: Int?) -> Key? {
        switch button.map({ $0 & ~(4 | 8 | 16) }) {
        case 64: .wheelUp
        case 65: .wheelDown
        default: nil
        }
    }

    /// The decimal number in `digits`; nil when there are none, other bytes are among them, or
    /// it does not fit an Int.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// SS3: `ESC O` and a final byte, which some terminals precede with a modifier (`ESC O 5 C`).
    private func singleShift(at start: Int) -> (Token, length: Int)? {
        guard let finalIndex = pending[(start + 2)...].firstIndex(where: { !(0x30...0x3F).contains($0) }) else {
            return nil
        }
        let final = pending[finalIndex]
        guard (0x40...0x7E).contains(final) else { return (.ignored, finalIndex - start) }
        return (Self.cursorKey(final).map(Token.key) ?? .ignored, finalIndex - start + 1)
    }

    /// The final bytes that CSI and SS3 share; modifiers before them do not change the key.
    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// The scalar whose UTF-8 starts `bytes`, and its length; nil when `bytes` are a valid start
    /// that needs more. Bytes that cannot be UTF-8 become one U+FFFD per maximal subpart, as
    /// Unicode recommends and as `String(decoding:as:)` does.
    private static func decodeScalar(_ bytes: ArraySlice<UInt8>) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[bytes.startIndex]
        let length: Int
        // The second byte's range excludes overlong forms, surrogates and values past U+10FFFF.
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF4: length = 4; second = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return ("\u{FFFD}", 1)
        }
        var value = UInt32(lead) & (0x7F >> length)
        for offset in 1..<length {
            let index = bytes.startIndex + offset
            guard index < bytes.endIndex else { return nil }
            let byte = bytes[index]
            guard (offset == 1 ? second : 0x80...0xBF).contains(byte) else { return ("\u{FFFD}", offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // The ranges above leave only valid scalar values.
        return (Unicode.Scalar(value)!, length)
    }

    /// Keys in order, with text gathered between them so that a grapheme of several scalars
    /// (an emoji with a skin tone, a ZWJ family, a letter and its combining accent) is one key.
    private struct Output {
        private var keys: [Key] = []
        private var text = String.UnicodeScalarView()

        mutating func append(_ scalar: Unicode.Scalar) {
            text.append(scalar)
        }

        mutating func append(_ key: Key) {
            endText()
            keys.append(key)
        }

        mutating func finish() -> [Key] {
            endText()
            return keys
        }

        private mutating func endText() {
            keys += String(text).map(Key.character)
            text = String.UnicodeScalarView()
        }
    }
}
