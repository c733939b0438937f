import CLibXML2
import TextSafety

/// The text of everyday HTML (`<p>A <a href="…">link</a> &amp; more.</p>`) read without
/// libxml2's parser, its white space collapsed as it is read. The parser costs about 170
/// instructions a byte, and the cache keeps the text of every article it stores for its search
/// index (`HTMLPlainText.of`): a 500-item feed is 800 KB of HTML. Only markup whose reading is
/// beyond doubt is read here, to the text `HTMLPlainText.parsed` gives: elements of `HTMLTag`'s
/// table, inline ones libxml2 knows and ones it does not, each closed where it was opened (a
/// tag libxml2 would close for it gives nil), attributes quoted or bare, comments, scripts and
/// styles once the body has begun; text and references as `EntityText` reads them. Anything
/// else (a doctype, an element libxml2 moves or reads as it alone does, a script or style
/// before any content, which libxml2 puts in a head of its own, a stray `<`, a character the
/// parser reports or `SafeText` removes, written or as a reference) gives nil, and the caller
/// takes the parser.
enum MarkupText {
    static func text(_ html: String) -> String? {
        var html = html
        return html.withUTF8 { bytes -> String? in
            // The text is never longer than the HTML: a tag or a run of white space becomes at
            // most one space, a reference at most as many bytes as it is written with.
            try? String(unsafeUninitializedCapacity: bytes.count) { text in
                var reader = Reader(bytes: bytes, text: text)
                guard reader.read() else { throw LeftToTheParser() }
                return reader.written
            }
        }
    }

    private struct LeftToTheParser: Error {}

    /// An element's name, lowercase, packed into two words (a longer name than sixteen bytes is
    /// left to the parser), so finding its tag hashes two words, not a string. The article
    /// extractor reads the words of classes and ids the same way (`ElementHints`).
    struct Name: Hashable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0

        init?(_ name: some Collection<UInt8>) {
            guard name.count <= 16 else { return nil }
            for byte in name { append(byte) }
        }

        init() {}

        /// Adds a letter or digit, lowercase.
        mutating func append(_ byte: UInt8) {
            let lower = UInt64(byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0))
            if length < 8 { low |= lower << (8 * length) } else { high |= lower << (8 * (length - 8)) }
            length += 1
        }
    }

    /// What a tag does to the text.
    private enum Kind {
        /// Text flows through it (`b`, `span`, unknown elements).
        case inline
        /// It separates the words before and after it (`p`, `li`, `td`).
        case separating
        /// An element with no content or end tag, which separates words (`br`, `hr`, `img`).
        case empty
        /// Its content is not text and ends at its end tag (`script`, `style`).
        case raw
        /// Left to the parser: it drops what is inside (forms, `title`), or places or reads the
        /// element its own way (`html`, `body`, `xmp`).
        case refused
    }

    static let tags: [Name: HTMLTag] = Dictionary(
        uniqueKeysWithValues: HTMLTag.allCases.filter { $0 != .other }.compactMap { tag in Name(tag.rawValue.utf8).map { ($0, tag) } })
    private static let refusedNames: Set<Name> = Set(["html", "body"].compactMap { Name($0.utf8) })

    private static func kind(of name: Name) -> Kind {
        guard let tag = tags[name] else { return refusedNames.contains(name) ? .refused : libxml2Kind(of: name) }
        switch tag {
        case .script, .style: return .raw
        case .br, .hr, .img: return .empty
        case .xmp, .plaintext, .listing: return .refused
        default: return tag.isDropped ? .refused : tag.separatesWords ? .separating : .inline
        }
    }

    /// An element `HTMLTag` does not name: text flows through it when libxml2 does not know it
    /// either (a custom element) or knows it as inline (`span`, `font`); one it knows as a block
    /// or as empty (`col`, `colgroup`, `param`) may end a paragraph, which is the parser's to do.
    private static func libxml2Kind(of name: Name) -> Kind {
        var bytes: [UInt8] = []
        for offset in 0..<name.length {
            bytes.append(UInt8(truncatingIfNeeded: offset < 8 ? name.low >> (8 * offset) : name.high >> (8 * (offset - 8))))
        }
        bytes.append(0)
        guard let known = wpnews_htmlTagLookup(bytes) else { return .inline }
        return known.pointee.isinline != 0 && known.pointee.empty == 0 ? .inline : .refused
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        let text: UnsafeMutableBufferPointer<UInt8>
        var written = 0
        /// White space, or a tag that separates words, came since the last character written.
        var spaceDue = false
        /// The elements open, innermost last.
        var open: [Name] = []
        /// The kinds of the tags met so far: a document uses a few tags many times.
        var kinds: [Name: Kind] = [:]
        /// Text or an element other than a script or style came: libxml2 has begun the body.
        var inBody = false

        init(bytes: UnsafeBufferPointer<UInt8>, text: UnsafeMutableBufferPointer<UInt8>) {
            self.bytes = bytes
            self.text = text
        }

        /// Whether the HTML was read to its end; false leaves it to the parser.
        mutating func read() -> Bool {
            while index < bytes.count {
                let byte = bytes[index]
                if Self.isVisibleASCII(byte) {
                    // A run of visible ASCII and single spaces, the most of any text, copied at once.
                    let start = index
                    index += 1
                    while index < bytes.count {
                        if Self.isVisibleASCII(bytes[index]) {
                            index += 1
                        } else if bytes[index] == 0x20, index + 1 < bytes.count, Self.isVisibleASCII(bytes[index + 1]) {
                            index += 2
                        } else {
                            break
                        }
                    }
                    writeSpaceIfDue()
                    (text.baseAddress! + written).update(from: bytes.baseAddress! + start, count: index - start)
                    written += index - start
                    inBody = true
                } else if byte == 0x20 || byte == 0x0A || byte == 0x09 {
                    spaceDue = true
                    index += 1
                } else if byte == UInt8(ascii: "<") {
                    guard markup() else { return false }
                } else if byte == UInt8(ascii: "&") {
                    guard let (scalar, length) = EntityText.reference(bytes, at: index), !SafeText.isUnsafe(scalar) else { return false }
                    add(scalar)
                    index += length
                } else if byte >= 0x80 {
                    // Beyond ASCII: a character the parser reports, or one `SafeText` removes, is theirs.
                    guard EntityText.isPlainText(bytes, at: index), !SafeText.isUnsafe(bytes, at: index) else { return false }
                    let space = HTMLPlainText.whitespaceLength(bytes, at: index)
                    if space > 0 {
                        spaceDue = true
                        index += space
                    } else {
                        writeSpaceIfDue()
                        write(byte)
                        index += 1
                    }
                } else {
                    // A control character (a carriage return among them: the parser and
                    // `SafeText` each read it their own way), or DEL.
                    return false
                }
            }
            return true
        }

        private static func isVisibleASCII(_ byte: UInt8) -> Bool {
            byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&")
        }

        private mutating func write(_ byte: UInt8) {
            text[written] = byte
            written += 1
            inBody = true
        }

        private mutating func writeSpaceIfDue() {
            if spaceDue, written > 0 { write(0x20) }
            spaceDue = false
        }

        /// A decoded reference: white space (`&nbsp;`) is collapsed like any.
        private mutating func add(_ scalar: Unicode.Scalar) {
            if scalar.properties.isWhitespace {
                spaceDue = true
                return
            }
            writeSpaceIfDue()
            UTF8.encode(scalar) { write($0) }
        }

        private func byte(at offset: Int) -> UInt8 {
            index + offset < bytes.count ? bytes[index + offset] : 0
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
        }

        private mutating func skipSpaces() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        /// At a `<`: a start tag, an end tag or a comment, read past; false for anything else.
        private mutating func markup() -> Bool {
            let next = byte(at: 1)
            if Self.isLetter(next) { return startTag() }
            if next == UInt8(ascii: "/") { return endTag() }
            if next == UInt8(ascii: "!") { return comment() }
            return false
        }

        /// An element's name, letters and digits, ended by white space, `>` or `/`.
        private mutating func name() -> Name? {
            var name = Name()
            while index < bytes.count, Self.isLetter(bytes[index]) || (0x30...0x39).contains(bytes[index]) {
                guard name.length < 16 else { return nil }
                name.append(bytes[index])
                index += 1
            }
            let end = byte(at: 0)
            return name.length > 0 && (Self.isSpace(end) || end == UInt8(ascii: ">") || end == UInt8(ascii: "/")) ? name : nil
        }

        private mutating func startTag() -> Bool {
            index += 1
            guard let name = name() else { return false }
            var closed = false
            while true {
                skipSpaces()
                let next = byte(at: 0)
                if next == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if next == UInt8(ascii: "/") {
                    guard byte(at: 1) == UInt8(ascii: ">") else { return false }
                    index += 2
                    closed = true
                    break
                }
                guard attribute() else { return false }
            }
            let kind = kind(of: name)
            switch kind {
            case .refused: return false
            case .raw:
                // Before any content libxml2 opens a head for it, and what follows may go there.
                guard inBody else { return false }
                return closed || skipRawText(until: name)
            case .empty: spaceDue = true
            case .separating:
                spaceDue = true
                if !closed { open.append(name) }
            case .inline:
                if !closed { open.append(name) }
            }
            inBody = true
            return true
        }

        /// `name`, `name=value`, `name="value"` or `name='value'`, as libxml2 reads them.
        private mutating func attribute() -> Bool {
            let first = byte(at: 0)
            guard Self.isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else { return false }
            while index < bytes.count, Self.isLetter(bytes[index]) || (0x30...0x39).contains(bytes[index])
                || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "_") || bytes[index] == UInt8(ascii: ":")
                || bytes[index] == UInt8(ascii: ".") {
                index += 1
            }
            skipSpaces()
            guard byte(at: 0) == UInt8(ascii: "=") else { return index < bytes.count }
            index += 1
            skipSpaces()
            let quote = byte(at: 0)
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                while index < bytes.count, bytes[index] != quote { index += 1 }
                guard index < bytes.count else { return false }
                index += 1
                let end = byte(at: 0)
                return Self.isSpace(end) || end == UInt8(ascii: ">") || end == UInt8(ascii: "/")
            }
            let start = index
            while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            return index > start
        }

        /// An end tag closes the innermost open element, or is left to the parser.
        private mutating func endTag() -> Bool {
            index += 2
            guard let name = name() else { return false }
            skipSpaces()
            guard byte(at: 0) == UInt8(ascii: ">"), open.last == name else { return false }
            index += 1
            open.removeLast()
            if case .separating = kind(of: name) { spaceDue = true }
            return true
        }

        /// `<!-- … -->`, which holds no text; any other `<!`, and a comment libxml2 may end
        /// early (at `--!>`), is the parser's.
        private mutating func comment() -> Bool {
            guard byte(at: 2) == UInt8(ascii: "-"), byte(at: 3) == UInt8(ascii: "-") else { return false }
            index += 4
            while index + 2 < bytes.count {
                if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") {
                    if bytes[index + 2] == UInt8(ascii: ">") {
                        index += 3
                        return true
                    }
                    if bytes[index + 2] == UInt8(ascii: "!") { return false }
                }
                guard bytes[index] >= 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A else { return false }
                index += 1
            }
            return false
        }

        private mutating func kind(of name: Name) -> Kind {
            if let known = kinds[name] { return known }
            let kind = MarkupText.kind(of: name)
            kinds[name] = kind
            return kind
        }

        /// Whether the bytes at `start` begin with `name`, in any case.
        private func startsName(_ name: Name, at start: Int) -> Bool {
            guard start + name.length <= bytes.count else { return false }
            var found = Name()
            for offset in 0..<name.length {
                let byte = bytes[start + offset]
                guard Self.isLetter(byte) || (0x30...0x39).contains(byte) else { return false }
                found.append(byte)
            }
            return found == name
        }

        /// Past a script's or style's content and its end tag, which libxml2 finds by name.
        private mutating func skipRawText(until name: Name) -> Bool {
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/"), startsName(name, at: index + 2) {
                    // libxml2 ends the content here, whatever follows the name.
                    index += 2
                    guard self.name() == name else { return false }
                    skipSpaces()
                    guard byte(at: 0) == UInt8(ascii: ">") else { return false }
                    index += 1
                    return true
                }
                guard bytes[index] >= 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A else { return false }
                index += 1
            }
            return false
        }
    }
}
