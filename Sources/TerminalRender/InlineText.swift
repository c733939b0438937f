import WordPressAPI

/// The inline content of the block being read, as spans: white space collapsed the way a
/// browser collapses it, control characters stripped, soft hyphens dropped.
///
/// Text is gathered as UTF-8 bytes and becomes a `String` once per run of one style.
struct InlineText {
    private(set) var spans: [Span] = []
    private var run: [UInt8] = []
    private var runStyle = Style.plain
    private var runLink: String?
    /// At the start of the block or after a line break, white space is dropped.
    private var atLineStart = true
    private var endsWithSpace = false
    /// After a link number, a word that follows with no space gets one: `page[2] and`.
    private var separatesNextWord = false
    /// Words seen so far, in every block: each ideograph counts as a word.
    private(set) var wordCount = 0

    /// Where the text has got to, to see later whether anything was added since.
    struct Position: Equatable {
        fileprivate let spans: Int
        fileprivate let bytes: Int
    }

    var position: Position { Position(spans: spans.count, bytes: run.count) }
    var isEmpty: Bool { spans.isEmpty && run.isEmpty }

    /// The address of the last text written, if it is link text.
    var lastLink: String? {
        run.isEmpty ? spans.last?.link : runLink
    }

    /// Text from the document, as libxml2 decoded it.
    mutating func append(html text: UnsafeBufferPointer<UInt8>, style: Style, link: String?) {
        switchRun(to: style, link: link)
        if Self.needsSanitizing(text) {
            var clean = PlainText.sanitize(String(decoding: text, as: UTF8.self))
            clean.withUTF8 { appendCollapsing($0) }
        } else {
            appendCollapsing(text)
        }
    }

    /// Text the reader adds (link numbers, image labels): written as it is.
    mutating func append(_ text: String, style: Style, link: String? = nil) {
        guard !text.isEmpty else { return }
        switchRun(to: style, link: link)
        run.append(contentsOf: text.utf8)
        atLineStart = false
        endsWithSpace = text.utf8.last == 0x20
    }

    /// A link number, written against the word before it even when the link text ended in
    /// a space (`<a>page </a>`): `page[2] `, not `page [2]`.
    mutating func appendNumber(_ number: String, style: Style, link: String?) {
        let movesSpace = endsWithSpace && run.last == 0x20
        if movesSpace { run.removeLast() }
        append(number, style: style, link: link)
        if movesSpace {
            run.append(0x20)
            endsWithSpace = true
        }
        separatesNextWord = true
    }

    /// A label (`[image: ...]`) starts: it is a word, apart from a link number before it.
    mutating func startLabel() {
        guard separatesNextWord else { return }
        separatesNextWord = false
        if !endsWithSpace, !atLineStart { run.append(0x20) }
    }

    /// A forced line break (`<br>`); none at the start of a block, where it would only
    /// leave an empty line.
    mutating func lineBreak() {
        separatesNextWord = false
        guard !isEmpty else { return }
        if endsWithSpace, run.last == 0x20 { run.removeLast() }
        run.append(0x0A)
        atLineStart = true
        endsWithSpace = false
    }

    /// Ends the current run, so that a later `transformSpans(from:)` sees whole spans.
    mutating func mark() -> Int {
        closeRun()
        return spans.count
    }

    /// Rewrites the spans added since `mark`, e.g. into superscript; a nil result from
    /// `transform` for any span leaves them all as they were and returns false.
    mutating func transformSpans(from mark: Int, _ transform: (String) -> String?) -> Bool {
        closeRun()
        guard mark < spans.count else { return true }
        var rewritten: [String] = []
        for span in spans[mark...] {
            guard let text = transform(span.text) else { return false }
            rewritten.append(text)
        }
        for (offset, text) in rewritten.enumerated() { spans[mark + offset].text = text }
        return true
    }

    mutating func insert(_ span: Span, at mark: Int) {
        closeRun()
        spans.insert(span, at: min(mark, spans.count))
    }

    /// The finished spans, without the white space and line breaks at their end; the text
    /// is empty afterwards, ready for the next block.
    mutating func take() -> [Span] {
        closeRun()
        while let last = spans.last {
            let utf8 = last.text.utf8
            var end = utf8.endIndex
            while end > utf8.startIndex, [0x20, 0x0A].contains(utf8[utf8.index(before: end)]) {
                utf8.formIndex(before: &end)
            }
            if end == utf8.startIndex {
                spans.removeLast()
                continue
            }
            if end != utf8.endIndex { spans[spans.count - 1].text = String(last.text[..<end]) }
            break
        }
        defer {
            spans = []
            atLineStart = true
            endsWithSpace = false
        }
        return spans
    }

    private mutating func switchRun(to style: Style, link: String?) {
        guard style != runStyle || link != runLink else { return }
        closeRun()
        runStyle = style
        runLink = link
    }

    private mutating func closeRun() {
        guard !run.isEmpty else { return }
        spans.append(Span(String(decoding: run, as: UTF8.self), runStyle, link: runLink))
        run.removeAll(keepingCapacity: true)
    }

    /// Copies the text a word at a time: white space becomes at most one space, never at the
    /// start of a line, and soft hyphens (which terminals draw, or not, as they please) go.
    private mutating func appendCollapsing(_ text: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < text.count {
            if Self.isWhitespace(text[index]) {
                repeat { index += 1 } while index < text.count && Self.isWhitespace(text[index])
                if !atLineStart, !endsWithSpace {
                    run.append(0x20)
                    endsWithSpace = true
                }
                continue
            }
            var end = index
            var ideographs = 0
            while end < text.count {
                if Self.isPrintableASCII(text, at: end, from: 0x21) {
                    end += 8
                    continue
                }
                if Self.isWhitespace(text[end]) || Self.isSoftHyphen(text, at: end) { break }
                // U+3000 to U+9FFF (CJK) start with these bytes: each is a word of its own.
                if text[end] >= 0xE3, text[end] <= 0xE9 { ideographs += 1 }
                end += 1
            }
            if end > index {
                separateIfNeeded(before: text[index])
                if endsWithSpace || atLineStart { wordCount += 1 }
                wordCount += ideographs
                run.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<end]))
                endsWithSpace = false
                atLineStart = false
            }
            index = Self.isSoftHyphen(text, at: end) ? end + 2 : end
        }
    }

    /// Whether the eight bytes at `index` are all ASCII from `lowest` to `~`, tested at once
    /// (SWAR): text is mostly such runs, with nothing to do in them. A false "no" only
    /// sends the caller to its byte-by-byte path.
    private static func isPrintableASCII(_ text: UnsafeBufferPointer<UInt8>, at index: Int, from lowest: UInt8) -> Bool {
        guard index + 8 <= text.count, let base = text.baseAddress else { return false }
        let block = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // The high bit of a byte ends up set where it is below `lowest` ...
        let below = (block &- ones &* UInt64(lowest)) & ~block
        // ... or where it is DEL or not ASCII at all.
        let above = block | ((block & ~highBits) &+ ones)
        return (below | above) & highBits == 0
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    private static func isSoftHyphen(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 1 < text.count && text[index] == 0xC2 && text[index + 1] == 0xAD
    }

    /// A letter or digit starts a word that needs the space; punctuation (`[2],`) does not.
    private mutating func separateIfNeeded(before byte: UInt8) {
        guard separatesNextWord else { return }
        separatesNextWord = false
        guard !endsWithSpace, !atLineStart else { return }
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            run.append(0x20)
        default:
            break
        }
    }

    /// Whether the text holds anything `PlainText.sanitize` removes, other than the white
    /// space collapsed anyway: C0 and C1 controls, DEL, bidi overrides and isolates. Checked
    /// on bytes so that clean text, nearly all of it, never takes the slow path.
    static func needsSanitizing(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < text.count {
            if isPrintableASCII(text, at: index, from: 0x20) {
                index += 8
                continue
            }
            let byte = text[index]
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x0D:
                break
            case 0x00..<0x20, 0x7F:
                return true
            case 0xC2 where index + 1 < text.count && (0x80...0x9F).contains(text[index + 1]):
                return true
            case 0xE2 where index + 2 < text.count:
                let second = text[index + 1], third = text[index + 2]
                if second == 0x80, (0xAA...0xAE).contains(third) { return true }
                if second == 0x81, (0xA6...0xA9).contains(third) { return true }
            default:
                break
            }
            index += 1
        }
        return false
    }
}
