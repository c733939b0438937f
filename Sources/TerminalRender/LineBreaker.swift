import DisplayWidth
import NewsModels

/// Greedy line breaking of styled text by display width: the one wrapping algorithm
/// (`TextWrapper` is its plain-string face).
///
/// Lines break at spaces, at `"\n"` (a forced break), after a hyphen inside a word, after a
/// zero-width space, and between ideographs (CJK is written without spaces), but never
/// before closing punctuation or after opening punctuation. A word wider than a line starts
/// a line of its own and is cut by graphemes. No line comes out wider than `width`.
///
/// `PieceScanner` cuts the text into pieces, as plain integers, and streams them to
/// `LineFiller`, which fills lines with them and makes one string per line and span.
struct LineBreaker {
    let width: Int

    init(width: Int) {
        self.width = max(width, 1)
    }

    /// The lines, with `style` added to every span's own (a heading's bold, a caption's
    /// italic).
    func lines(for spans: [Span], adding style: Style? = nil) -> [StyledLine] {
        var scanner = PieceScanner(sink: LineFiller(spans: spans, width: width, adding: style))
        scanner.scan(spans)
        return scanner.sink.finish()
    }

    /// The narrowest width that cuts no word (`minimum`), and the width of the longest line
    /// when nothing wraps (`natural`).
    static func measure(_ spans: [Span]) -> (minimum: Int, natural: Int) {
        var scanner = PieceScanner(sink: Measurer())
        scanner.scan(spans)
        return (scanner.sink.minimum, scanner.sink.natural)
    }
}

/// Where `PieceScanner` sends the pieces it finds, in order.
protocol PieceSink {
    mutating func take(_ piece: Piece)
}

/// Measures text for `LineBreaker.measure`.
private struct Measurer: PieceSink {
    private(set) var minimum = 0
    private(set) var natural = 0
    private var line = 0
    private var unit = 0

    mutating func take(_ piece: Piece) {
        switch piece.boundary {
        case .glued:
            unit += piece.width
        case .opportunity:
            unit = piece.width
        case .space:
            line += line > 0 ? 1 : 0
            unit = piece.width
        case .lineBreaks:
            line = 0
            unit = piece.width
        }
        line += piece.width
        minimum = max(minimum, unit)
        natural = max(natural, line)
    }
}

/// What comes before a piece of text.
enum Boundary {
    /// Nothing: the piece continues the word before it, so no line may break here.
    case glued
    /// A line may break here, and costs nothing if it does not.
    case opportunity
    /// A space, written in the style of the span it came from unless the line breaks here.
    case space(span: Int)
    /// This many line breaks that must happen (two leave an empty line).
    case lineBreaks(Int)
}

/// A run of text from one span, as UTF-8 offsets into the span's text.
struct Piece {
    var span: Int
    var start: Int
    var end: Int
    var width: Int
    var boundary: Boundary
    var isASCII: Bool
}

/// Cuts span texts into pieces: byte by byte for ASCII words, scalar by scalar for most
/// others, grapheme by grapheme only for the words that need it (emoji, combining marks).
private struct PieceScanner<Sink: PieceSink> {
    var sink: Sink
    private var hasPieces = false
    private var pendingBoundary = Boundary.glued
    /// The last character scanned, across spans, for the rules at a word's first character.
    /// After an ASCII word it is kept as a byte and classified only if a glued word needs it.
    private var previousClass = BreakClass.space
    private var previousByte: UInt8?
    /// Whether the character before the last one was part of a word (for a hyphen).
    private var hyphenFollowsWord = false

    init(sink: Sink) {
        self.sink = sink
    }

    private var previous: BreakClass {
        previousByte.map(BreakClass.of(ascii:)) ?? previousClass
    }

    private mutating func setPrevious(_ kind: BreakClass) {
        previousClass = kind
        previousByte = nil
    }

    mutating func scan(_ spans: [Span]) {
        for (index, span) in spans.enumerated() {
            var text = span.text
            text.withUTF8 { scan($0, of: span.text, span: index) }
        }
    }

    private mutating func scan(_ utf8: UnsafeBufferPointer<UInt8>, of text: String, span: Int) {
        var index = 0
        while index < utf8.count {
            switch utf8[index] {
            case 0x20:
                if case .lineBreaks = pendingBoundary {} else { pendingBoundary = .space(span: span) }
                setPrevious(.space)
                index += 1
            case 0x0A:
                if case .lineBreaks(let count) = pendingBoundary {
                    pendingBoundary = .lineBreaks(count + 1)
                } else {
                    pendingBoundary = .lineBreaks(1)
                }
                setPrevious(.space)
                index += 1
            default:
                var end = index
                var isASCII = true
                var hasHyphen = false
                while end < utf8.count {
                    let byte = utf8[end]
                    if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "-") {
                        end += 1
                        continue
                    }
                    if byte == 0x20 || byte == 0x0A { break }
                    if byte == UInt8(ascii: "-") { hasHyphen = true } else if byte >= 0x80 { isASCII = false }
                    end += 1
                }
                if isASCII {
                    scanASCII(utf8, index..<end, span: span, hasHyphen: hasHyphen)
                } else if !scanScalars(utf8, index..<end, span: span) {
                    scanGraphemes(text, index..<end, span: span)
                }
                index = end
            }
        }
    }

    /// ASCII is one column a byte, and inside an ASCII word a line breaks only after a
    /// hyphen between letters.
    private mutating func scanASCII(_ utf8: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, span: Int, hasHyphen: Bool) {
        var start = word.lowerBound
        if isGlued { allowBreak(before: BreakClass.of(ascii: utf8[start])) }
        if hasHyphen {
            for index in word.dropFirst() where utf8[index - 1] == UInt8(ascii: "-") {
                let beforeHyphen = index - 2 >= word.lowerBound ? Self.isWordByte(utf8[index - 2]) : previous == .word
                if beforeHyphen, Self.isWordByte(utf8[index]) {
                    add(span: span, start..<index, width: index - start, isASCII: true)
                    pendingBoundary = .opportunity
                    start = index
                }
            }
        }
        add(span: span, start..<word.upperBound, width: word.upperBound - start, isASCII: true)
        hyphenFollowsWord = word.count > 1 ? Self.isWordByte(utf8[word.upperBound - 2]) : previous == .word
        previousByte = utf8[word.upperBound - 1]
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        default: false
        }
    }

    /// Most non-ASCII words (`city’s`, `café`, Greek, Cyrillic, Arabic, CJK) hold only
    /// scalars that are graphemes of their own with a fixed width: decoded here from UTF-8,
    /// without grapheme breaking. Returns false, having added nothing, for any other word.
    private mutating func scanScalars(_ utf8: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, span: Int) -> Bool {
        var index = word.lowerBound
        var width = 0
        var mayBreakInside = false
        var last: UInt32 = 0
        var beforeLast: UInt32?
        while index < word.upperBound {
            let (scalar, length) = Self.decode(utf8, at: index)
            guard let columns = DisplayWidth.standalone(scalar) else { return false }
            width += columns
            // Breaks inside a word come only after a hyphen or around ideographs.
            if scalar == 0x2D || scalar >= 0x2E80 { mayBreakInside = true }
            beforeLast = index == word.lowerBound ? nil : last
            last = scalar
            index += length
        }
        guard mayBreakInside else {
            if isGlued { allowBreak(before: BreakClass.of(Self.decode(utf8, at: word.lowerBound).0)) }
            add(span: span, word, width: width, isASCII: false)
            hyphenFollowsWord = beforeLast.map { BreakClass.of($0) == .word } ?? (previous == .word)
            setPrevious(BreakClass.of(last))
            return true
        }
        var start = word.lowerBound
        width = 0
        index = word.lowerBound
        while index < word.upperBound {
            let (scalar, length) = Self.decode(utf8, at: index)
            let kind = BreakClass.of(scalar)
            if index == start {
                if isGlued { allowBreak(before: kind) }
            } else if breakAllowed(before: kind) {
                add(span: span, start..<index, width: width, isASCII: false)
                pendingBoundary = .opportunity
                start = index
                width = 0
            }
            width += DisplayWidth.standalone(scalar) ?? 1
            hyphenFollowsWord = previous == .word
            setPrevious(kind)
            index += length
        }
        add(span: span, start..<word.upperBound, width: width, isASCII: false)
        return true
    }

    /// The scalar that starts at `index` of valid UTF-8, and how many bytes it takes.
    private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(utf8[index])
        func continuation(_ offset: Int) -> UInt32 { UInt32(utf8[index + offset] & 0x3F) }
        switch lead {
        case ..<0x80: return (lead, 1)
        case ..<0xE0: return ((lead & 0x1F) << 6 | continuation(1), 2)
        case ..<0xF0: return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        default: return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
    }

    /// Emoji sequences, combining marks and the rest: grapheme by grapheme.
    private mutating func scanGraphemes(_ text: String, _ word: Range<Int>, span: Int) {
        let utf8 = text.utf8
        let wordEnd = utf8.index(utf8.startIndex, offsetBy: word.upperBound)
        var index = utf8.index(utf8.startIndex, offsetBy: word.lowerBound)
        var start = word.lowerBound
        var width = 0
        while index < wordEnd {
            let character = text[index]
            let offset = utf8.distance(from: utf8.startIndex, to: index)
            let kind = BreakClass.of(character)
            if offset == start {
                if isGlued { allowBreak(before: kind) }
            } else if breakAllowed(before: kind) {
                add(span: span, start..<offset, width: width, isASCII: false)
                pendingBoundary = .opportunity
                start = offset
                width = 0
            }
            width += DisplayWidth.of(character)
            hyphenFollowsWord = previous == .word
            setPrevious(kind)
            text.formIndex(after: &index)
        }
        add(span: span, start..<word.upperBound, width: width, isASCII: false)
    }

    /// Whether the word starting now is glued to text before it (in another span): then
    /// the rules decide at its first character whether a line may break there.
    private var isGlued: Bool {
        if case .glued = pendingBoundary { hasPieces } else { false }
    }

    private mutating func allowBreak(before next: BreakClass) {
        if breakAllowed(before: next) { pendingBoundary = .opportunity }
    }

    private func breakAllowed(before next: BreakClass) -> Bool {
        let previous = previous
        switch (previous, next) {
        case (.zeroWidthSpace, _):
            return true
        case (.hyphen, _):
            return hyphenFollowsWord && next == .word
        case (.ideographic, _), (_, .ideographic), (_, .ideographicOpening), (.ideographicClosing, _):
            return next != .closing && next != .ideographicClosing && previous != .opening && previous != .ideographicOpening
        default:
            return false
        }
    }

    private mutating func add(span: Int, _ range: Range<Int>, width: Int, isASCII: Bool) {
        sink.take(Piece(span: span, start: range.lowerBound, end: range.upperBound, width: width, boundary: pendingBoundary, isASCII: isASCII))
        hasPieces = true
        pendingBoundary = .glued
    }
}

/// What a character means to line breaking: the few classes of UAX #14 that matter for
/// news text.
enum BreakClass: Equatable {
    case space, word, hyphen, opening, closing, other, zeroWidthSpace
    /// Han, kana, CJK punctuation and full-width forms: scripts written without spaces,
    /// which may break between any two characters.
    case ideographic
    /// `「` and `（`: no break after them.
    case ideographicOpening
    /// `。` and `」`: no break before them (Japanese kinsoku shori, and its Chinese kin).
    case ideographicClosing

    static func of(ascii byte: UInt8) -> BreakClass {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): .word
        case UInt8(ascii: "-"): .hyphen
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): .opening
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"),
             UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "%"): .closing
        case 0x20: .space
        default: .other
        }
    }

    static func of(_ character: Character) -> BreakClass {
        if let ascii = character.asciiValue { return of(ascii: ascii) }
        let kind = of(character.unicodeScalars.first!.value)
        return kind == .other && (character.isLetter || character.isNumber) ? .word : kind
    }

    /// The class of a character that starts with `scalar`; letters outside ASCII are
    /// `other` here, since `Character` knows them better.
    static func of(_ scalar: UInt32) -> BreakClass {
        if scalar < 0x80 { return of(ascii: UInt8(scalar)) }
        switch scalar {
        case 0x200B:
            return .zeroWidthSpace
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF01, 0xFF09, 0x300D, 0x300F, 0x3011, 0x3015,
             0x3009, 0x300B, 0x3019, 0x3017, 0xFF5D, 0xFF3D, 0x30FC, 0x2026, 0x2025, 0x3005, 0x309D, 0x309E, 0x301C,
             0x30FB, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x30A1, 0x30A3,
             0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6:
            return .ideographicClosing
        case 0x300C, 0x300E, 0xFF08, 0x3010, 0x3014, 0x3008, 0x300A, 0x3018, 0x3016, 0xFF5B, 0xFF3B:
            return .ideographicOpening
        case 0x2019, 0x201D, 0x00BB:
            return .closing
        case 0x2018, 0x201C, 0x00AB:
            return .opening
        case 0x2E80...0x2FFF, 0x3000...0x30FF, 0x3100...0x312F, 0x31A0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0x20000...0x3FFFF:
            return .ideographic
        case 0x00C0...0x024F, 0x0370...0x03FF, 0x0400...0x052F, 0x05D0...0x05F4, 0x0620...0x064A, 0x0660...0x0669,
             0x0671...0x06D3:
            return .word
        default:
            return .other
        }
    }
}

/// Fills lines with pieces, greedily, and writes each line as few spans as it can: text
/// that is contiguous in one span becomes one string.
private struct LineFiller: PieceSink {
    /// A run of one span's text on the current line, as UTF-8 offsets.
    private struct Segment {
        let span: Int
        let start: Int
        var end: Int
    }

    let spans: [Span]
    let width: Int
    let addedStyle: Style?
    private var lines: [StyledLine] = []
    /// The current line: its finished spans, the segment that text may still extend, and a
    /// space waiting for the text that follows it.
    private var line: [Span] = []
    private var open: Segment?
    private var pendingSpace: Int?
    private var used = 0
    /// The unit being gathered, pieces no line may break between: nearly always one piece,
    /// kept out of an array.
    private var unitHead: Piece?
    private var unitTail: [Piece] = []
    private var unitWidth = 0

    init(spans: [Span], width: Int, adding style: Style?) {
        self.spans = spans
        self.width = width
        addedStyle = style
    }

    mutating func take(_ piece: Piece) {
        if case .glued = piece.boundary, unitHead != nil {
            unitTail.append(piece)
            unitWidth += piece.width
        } else {
            placeUnit()
            unitHead = piece
            unitWidth = piece.width
        }
    }

    mutating func finish() -> [StyledLine] {
        placeUnit()
        if !lineIsEmpty || lines.isEmpty { endLine() }
        return lines
    }

    private var lineIsEmpty: Bool { open == nil && line.isEmpty }

    private mutating func placeUnit() {
        guard let head = unitHead else { return }
        var spaceFrom: Int?
        switch head.boundary {
        case .lineBreaks(let count):
            for _ in 0..<count { endLine() }
        case .space(let span) where !lineIsEmpty:
            spaceFrom = span
        default:
            break
        }
        let gap = spaceFrom == nil ? 0 : 1
        if used + gap + unitWidth <= width {
            if let spaceFrom {
                pendingSpace = spaceFrom
                used += 1
            }
            writeUnit(head)
        } else if unitWidth <= width {
            endLine()
            writeUnit(head)
        } else {
            if !lineIsEmpty { endLine() }
            cut(head)
            if !unitTail.isEmpty {
                for piece in unitTail { cut(piece) }
            }
        }
        unitHead = nil
        if !unitTail.isEmpty { unitTail.removeAll(keepingCapacity: true) }
    }

    private mutating func writeUnit(_ head: Piece) {
        write(head.span, head.start..<head.end, width: head.width)
        guard !unitTail.isEmpty else { return }
        for piece in unitTail { write(piece.span, piece.start..<piece.end, width: piece.width) }
    }

    /// Text that follows the open segment in the same span, directly or after one space
    /// (which can only be the space between them), extends it.
    private mutating func write(_ span: Int, _ range: Range<Int>, width: Int) {
        used += width
        if let current = open, current.span == span,
           current.end == range.lowerBound && pendingSpace == nil || current.end + 1 == range.lowerBound && pendingSpace == span {
            open?.end = range.upperBound
        } else {
            closeSegment()
            if let pendingSpace { append(" ", from: pendingSpace) }
            open = Segment(span: span, start: range.lowerBound, end: range.upperBound)
        }
        pendingSpace = nil
    }

    /// A piece wider than a line, cut into line-sized parts by graphemes; a grapheme wider
    /// than the whole line still gets a line of its own.
    private mutating func cut(_ piece: Piece) {
        var start = piece.start
        while start < piece.end {
            var (end, taken) = prefix(of: piece, from: start, fitting: width - used)
            if end == start {
                if !lineIsEmpty {
                    endLine()
                    continue
                }
                (end, taken) = prefix(of: piece, from: start, fitting: width, atLeastOne: true)
            }
            write(piece.span, start..<end, width: taken)
            start = end
            if start < piece.end { endLine() }
        }
    }

    /// Where the longest run of whole graphemes from `start` that fits in `columns` ends,
    /// and its width.
    private func prefix(of piece: Piece, from start: Int, fitting columns: Int, atLeastOne: Bool = false) -> (end: Int, width: Int) {
        if piece.isASCII {
            let end = min(start + max(columns, atLeastOne ? 1 : 0), piece.end)
            return (end, end - start)
        }
        let text = spans[piece.span].text
        let utf8 = text.utf8
        var index = utf8.index(utf8.startIndex, offsetBy: start)
        let end = utf8.index(utf8.startIndex, offsetBy: piece.end)
        var taken = 0
        while index < end {
            let characterWidth = DisplayWidth.of(text[index])
            if taken + characterWidth > columns, !(atLeastOne && taken == 0) { break }
            taken += characterWidth
            index = text.index(after: index)
        }
        return (utf8.distance(from: utf8.startIndex, to: index), taken)
    }

    /// The open segment becomes text of the line, copied from its span's bytes (slicing the
    /// `String` would check every index for scalar alignment, at several times the cost).
    private mutating func closeSegment() {
        guard let segment = open else { return }
        var source = spans[segment.span].text
        let text = source.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[segment.start..<segment.end]), as: UTF8.self) }
        append(text, from: segment.span, startsPlaceholder: segment.start == 0 && spans[segment.span].isPicturePlaceholder)
        open = nil
    }

    private mutating func append(_ text: String, from span: Int, startsPlaceholder: Bool = false) {
        let source = spans[span]
        let style = addedStyle.map(source.style.adding) ?? source.style
        if let last = line.indices.last, line[last].style == style, line[last].link == source.link {
            line[last].text += text
            if startsPlaceholder { line[last].isPicturePlaceholder = true }
        } else {
            if line.isEmpty {
                // Room for the gutters that nested blocks put in front, without growing.
                line.reserveCapacity(4)
            }
            var piece = Span(text, style, link: source.link)
            piece.isPicturePlaceholder = startsPlaceholder
            line.append(piece)
        }
    }

    private mutating func endLine() {
        closeSegment()
        lines.append(StyledLine(line))
        line = []
        pendingSpace = nil
        used = 0
    }
}
