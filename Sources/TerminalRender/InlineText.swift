import NewsModels
import TextSafety

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
    /// Words seen so far, in every block, counted where they start; each ideograph counts as
    /// a word.
    private(set) var wordCount = 0

    /// Where the text has got to, to see later whether anything was added since.
    struct Position: Equatable {
        /// Which block: `take` starts the next one.
        let block: Int
        fileprivate let spans: Int
        fileprivate let bytes: Int
    }

    private var block = 0
    var position: Position { Position(block: block, spans: spans.count, bytes: run.count) }
    var isEmpty: Bool { spans.isEmpty && run.isEmpty }

    /// Whether any text of this block links to `address`.
    func contains(link address: String) -> Bool {
        !run.isEmpty && runLink == address || spans.contains { $0.link == address }
    }

    /// Text from the document, as libxml2 decoded it. Nearly all of it is clean and is
    /// collapsed in one pass; text with anything `SafeText.sanitize` removes is rolled back
    /// and sanitized first.
    mutating func append(html text: UnsafeBufferPointer<UInt8>, style: Style, link: String?) {
        switchRun(to: style, link: link)
        let saved = (bytes: run.count, atLineStart, endsWithSpace, separatesNextWord, wordCount)
        guard !appendCollapsing(text, stoppingAtUnsafe: true) else { return }
        run.removeSubrange(saved.bytes...)
        (atLineStart, endsWithSpace, separatesNextWord, wordCount) = (saved.1, saved.2, saved.3, saved.4)
        var clean = SafeText.sanitize(String(decoding: text, as: UTF8.self))
        clean.withUTF8 { _ = appendCollapsing($0, stoppingAtUnsafe: false) }
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

    /// A picture's placeholder: a span of its own, marked as one (`Span.isPicturePlaceholder`).
    mutating func appendPicturePlaceholder(_ label: String, style: Style, link: String) {
        closeRun()
        append(label, style: style, link: link)
        closeRun()
        spans[spans.count - 1].isPicturePlaceholder = true
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

    /// The text added since `mark`; empty when the block it was in has ended.
    mutating func text(from mark: Int) -> String {
        closeRun()
        return mark < spans.count ? spans[mark...].map(\.text).joined() : ""
    }

    mutating func insert(_ span: Span, at mark: Int) {
        closeRun()
        spans.insert(span, at: min(mark, spans.count))
    }

    /// The finished spans, without the white space and line breaks at their end; the text
    /// is empty afterwards, ready for the next block.
    mutating func take() -> [Span] {
        while let last = run.last, last == 0x20 || last == 0x0A { run.removeLast() }
        closeRun()
        while let last = spans.last {
            let utf8 = last.text.utf8
            var end = utf8.endIndex
            while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 || utf8[utf8.index(before: end)] == 0x0A {
                utf8.formIndex(before: &end)
            }
            if end == utf8.startIndex {
                spans.removeLast()
                continue
            }
            if end != utf8.endIndex { spans[spans.count - 1].text = String(last.text[..<end]) }
            break
        }
        block += 1
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

    /// Copies the text in runs between the bytes that need a decision: white space becomes
    /// at most one space, never at the start of a line; soft hyphens (which terminals draw,
    /// or not, as they please) go. Returns false at the first thing `SafeText.sanitize`
    /// removes (C0 and C1 controls, DEL, bidi overrides and isolates) when asked to stop there.
    private mutating func appendCollapsing(_ text: UnsafeBufferPointer<UInt8>, stoppingAtUnsafe: Bool) -> Bool {
        let count = text.count
        var copied = 0
        var index = 0
        var words = 0
        while index < count {
            let byte = text[index]
            if byte > 0x20, byte < 0x7F {
                index += 1
            } else if byte >= 0x80 {
                let next = index + 1 < count ? text[index + 1] : 0
                if byte == 0xC2, next == 0xAD {
                    copy(text, copied..<index)
                    index += 2
                    copied = index
                    continue
                }
                if stoppingAtUnsafe, SafeText.isUnsafe(text, at: index) { return false }
                // U+3000 to U+9FFF (CJK) start with these bytes: each is a word of its own.
                if byte >= 0xE3, byte <= 0xE9 { words += 1 }
                index += 1
            } else if byte == 0x20, index > copied, index + 1 < count, !Self.isWhitespace(text[index + 1]) {
                // One space between two words is copied with them.
                words += 1
                index += 1
            } else if Self.isWhitespace(byte) {
                copy(text, copied..<index)
                while index < count, Self.isWhitespace(text[index]) { index += 1 }
                copied = index
                if !atLineStart, !endsWithSpace {
                    run.append(0x20)
                    endsWithSpace = true
                }
            } else {
                if stoppingAtUnsafe { return false }
                index += 1
            }
        }
        copy(text, copied..<count)
        wordCount += words
        return true
    }

    private mutating func copy(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard let last = range.last else { return }
        if atLineStart || endsWithSpace { wordCount += 1 }
        separateIfNeeded(before: text[range.lowerBound])
        run.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
        endsWithSpace = text[last] == 0x20
        atLineStart = false
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
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
}
