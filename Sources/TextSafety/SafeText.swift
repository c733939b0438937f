/// What text from outside wpnews (a server, a file, the user's clipboard) may not carry to a
/// terminal: C0 controls, DEL, C1 controls, and the bidi overrides and isolates that reorder
/// what follows them. This is the one definition; the decoders, the renderer, the line
/// editor and the output boundary all ask here.
public enum SafeText {
    /// Whether a scalar could drive or spoof the terminal it is printed on.
    @inline(__always)
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The text without unsafe scalars; a tab becomes a space and a line end stays, so text
    /// keeps its shape. Clean text, nearly all of it, is returned as it is, found clean by a
    /// scan of its UTF-8 bytes.
    public static func sanitize(_ text: String) -> String {
        var text = text
        let clean = text.withUTF8 { !needsSanitizing($0) }
        if clean { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                result.append(" ")
            } else if scalar == "\n" || !isUnsafe(scalar) {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `sanitize` would change UTF-8 text: any unsafe scalar but a line end, a tab
    /// included (it becomes a space).
    public static func needsSanitizing(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count {
            if index + 8 <= utf8.count, isPrintableASCII(UnsafeRawBufferPointer(utf8).loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = utf8[index]
            if byte < 0x20 && byte != 0x0A || byte == 0x7F || byte >= 0xC2 && isUnsafe(utf8, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Whether eight bytes are all printable ASCII (0x20 to 0x7E), as nearly all of a JSON
    /// document is: tested at once (`--all --json` scans megabytes). A byte under 0x20 borrows when 0x20 is taken from it, and
    /// one of 0x7F or more carries when 1 is added or has its top bit set already: either way
    /// some top bit is set (a borrow or carry reaching the next byte comes from a byte that
    /// is caught itself).
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        return ((word &- ones &* 0x20) | (word &+ ones) | word) & (ones &* 0x80) == 0
    }

    /// Whether the multi-byte sequence starting at `index` encodes a C1 control (U+0080 to
    /// U+009F: C2 80 to C2 9F) or a bidi override or isolate (U+202A to U+202E: E2 80 AA to
    /// E2 80 AE; U+2066 to U+2069: E2 81 A6 to E2 81 A9).
    @inline(__always)
    public static func isUnsafe(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        switch utf8[index] {
        case 0xC2:
            return index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1])
        case 0xE2 where index + 2 < utf8.count:
            let second = utf8[index + 1], third = utf8[index + 2]
            return second == 0x80 && (0xAA...0xAE).contains(third) || second == 0x81 && (0xA6...0xA9).contains(third)
        default:
            return false
        }
    }
}

extension SafeText {
    /// What `oneLine` does with a line end or a tab.
    public enum LineEnds: Sendable {
        /// Text for a person: every run of white space holding a line end or a tab becomes one
        /// space, as terminal readers print a title; such a run at either end goes.
        case space
        /// An address: a line end or tab inside one is not part of it (the URL standard strips
        /// them before parsing, as browsers do), so each goes, joining what it split.
        case removed
    }

    /// The one way text is made to fit on one line: unsafe scalars out, as `sanitize` does,
    /// and line ends and tabs as `lineEnds` says. Clean text, nearly all of it, is returned as
    /// it is, found clean by a scan of its UTF-8 bytes.
    public static func oneLine(_ text: String, lineEnds: LineEnds = .space) -> String {
        var text = text
        let clean = text.withUTF8 { !needsSanitizing($0) && !holdsLineEnd($0) }
        if clean { return text }
        var result = String.UnicodeScalarView()
        // White space not yet written, and whether it holds a line end or tab.
        var run = String.UnicodeScalarView()
        var runBreaksTheLine = false
        for scalar in text.unicodeScalars {
            if breaksTheLine(scalar) {
                if lineEnds == .space { runBreaksTheLine = true }
            } else if isUnsafe(scalar) {
                continue
            } else if scalar.properties.isWhitespace {
                run.append(scalar)
            } else {
                if runBreaksTheLine {
                    if !result.isEmpty { result.append(" ") }
                } else {
                    result.append(contentsOf: run)
                }
                run.removeAll(keepingCapacity: true)
                runBreaksTheLine = false
                result.append(scalar)
            }
        }
        if !runBreaksTheLine { result.append(contentsOf: run) }
        return String(result)
    }

    /// Whether UTF-8 text holds a line end that `needsSanitizing` lets through: LF, U+2028 or
    /// U+2029 (E2 80 A8, E2 80 A9).
    private static func holdsLineEnd(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in utf8.indices where utf8[index] == 0x0A || utf8[index] == 0xE2 && index + 2 < utf8.count
            && utf8[index + 1] == 0x80 && (0xA8...0xA9).contains(utf8[index + 2]) {
            return true
        }
        return false
    }

    /// Line ends (LF, CR, VT, FF, NEL, the Unicode line and paragraph separators) and the tab.
    private static func breaksTheLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
