import CLibXML2
import Glibc

/// A feed's bytes as a server sent them, made into what the parser reads: UTF-8 with no
/// character XML forbids. Most feeds are clean UTF-8 already, and for them nothing is copied.
enum FeedBytes {
    /// An XML feed: decoded by its byte order mark, else the HTTP charset, else its XML
    /// declaration, else as UTF-8; then repaired (`Repair`) so that a stray byte, a control
    /// character or an HTML entity does not stop libxml2's parser.
    static func xml(_ bytes: [UInt8], charset: String?) -> ArraySlice<UInt8> {
        let (encoding, bomLength) = TextEncoding.of(bytes, charset: charset)
        let text = bytes[bomLength...]
        return switch encoding {
        case .utf8: Repair.run(text, markup: true)
        case .windows1252: Repair.run(TextEncoding.utf8(fromWindows1252: text)[...], markup: true)
        case .iconv(let name):
            Repair.run(TextEncoding.utf8(from: text, iconvName: name).map { $0[...] } ?? text, markup: true)
        }
    }

    /// A JSON Feed: UTF-8 (after a byte order mark, if any), stray bytes read as windows-1252.
    static func json(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        Repair.run(bytes[(TextEncoding.hasUTF8ByteOrderMark(bytes) ? 3 : 0)...], markup: false)
    }

    /// Whether the bytes are a JSON document rather than XML: their first character, after a
    /// byte order mark and white space, opens an object.
    static func isJSON(_ bytes: [UInt8]) -> Bool {
        let start = TextEncoding.hasUTF8ByteOrderMark(bytes) ? 3 : 0
        let first = bytes[start...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{")
    }
}

/// Which encoding a document is in, and turning it into UTF-8.
enum TextEncoding: Equatable {
    /// UTF-8, or what says it is: any byte that is not part of valid UTF-8 is read as
    /// windows-1252, as browsers read such pages. US-ASCII counts as UTF-8 for the same reason.
    case utf8
    /// ISO-8859-1 too: browsers read it as windows-1252, and so do the feeds that name it.
    case windows1252
    /// Anything else glibc's `iconv` knows, by the name it knows it by.
    case iconv(String)

    /// The encoding, and how many bytes its byte order mark takes: a byte order mark is
    /// trusted first, then the HTTP charset, then the XML declaration.
    static func of(_ bytes: [UInt8], charset: String?) -> (TextEncoding, bomLength: Int) {
        if hasUTF8ByteOrderMark(bytes) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.iconv("UTF-16LE"), 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.iconv("UTF-16BE"), 2) }
        // `<?` in UTF-16 without a byte order mark.
        if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return (.iconv("UTF-16LE"), 0) }
        if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return (.iconv("UTF-16BE"), 0) }
        if let charset, let encoding = named(charset) { return (encoding, 0) }
        return (declared(in: bytes).flatMap(named) ?? .utf8, 0)
    }

    static func hasUTF8ByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xEF, 0xBB, 0xBF])
    }

    /// The encoding a name stands for; nil for a name iconv does not know. Names that
    /// browsers read as a larger encoding are read as that (GB2312 as GB18030, Shift_JIS as
    /// Microsoft's CP932, EUC-KR as CP949, Big5 with the Hong Kong additions).
    static func named(_ name: String) -> TextEncoding? {
        let key = name.filter { $0 != "\"" && $0 != "'" && !$0.isWhitespace }.lowercased()
        switch key {
        case "", "utf-8", "utf8", "unicode-1-1-utf-8", "us-ascii", "ascii", "ansi_x3.4-1968": return .utf8
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "windows-1252", "cp1252", "x-cp1252": return .windows1252
        default: break
        }
        let iconvName = switch key {
        case "gb2312", "gbk", "x-gbk", "gb_2312-80", "chinese": "GB18030"
        case "shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "windows-31j", "csshiftjis": "CP932"
        case "euc-kr", "ks_c_5601-1987", "windows-949": "CP949"
        case "big5", "x-x-big5", "cn-big5": "BIG5-HKSCS"
        default: key.uppercased()
        }
        let converter = iconv_open("UTF-8", iconvName)
        guard let converter, Int(bitPattern: converter) != -1 else { return nil }
        iconv_close(converter)
        return .iconv(iconvName)
    }

    /// `encoding="…"` in the XML declaration, read as ASCII.
    static func declared(in bytes: [UInt8]) -> String? {
        let head = bytes.prefix(256)
        guard let start = head.firstIndex(of: UInt8(ascii: "<")), head[start...].starts(with: Array("<?xml".utf8)),
              let end = head[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: head[start..<end], as: UTF8.self)
        guard let key = declaration.firstRange(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// What windows-1252 puts at 0x80...0x9F; the five bytes it leaves undefined are 0.
    private static let windows1252High: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// One windows-1252 byte as UTF-8; nothing for the undefined ones.
    static func appendWindows1252(_ byte: UInt8, to output: inout [UInt8]) {
        let scalar = byte < 0x80 ? UInt32(byte) : byte < 0xA0 ? UInt32(windows1252High[Int(byte - 0x80)]) : UInt32(byte)
        if scalar == 0 { return }
        output.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
    }

    static func utf8(fromWindows1252 bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 { output.append(byte) } else { appendWindows1252(byte, to: &output) }
        }
        return output
    }

    /// The bytes converted by glibc's iconv; a sequence it cannot convert becomes U+FFFD,
    /// and the rest is converted on. Nil if iconv cannot convert from that encoding at all.
    static func utf8(from bytes: ArraySlice<UInt8>, iconvName: String) -> [UInt8]? {
        let converter = iconv_open("UTF-8", iconvName)
        guard let converter, Int(bitPattern: converter) != -1 else { return nil }
        defer { iconv_close(converter) }
        var output = [UInt8](repeating: 0, count: bytes.count * 2 + 16)
        var written = 0
        bytes.withUnsafeBufferPointer { input in
            var inputLeft = input.count
            var inputAt = UnsafeMutablePointer(mutating: input.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) })
            while inputLeft > 0 {
                // Room for the longest sequence iconv writes at once, and for U+FFFD.
                if output.count - written < 16 { output.append(contentsOf: repeatElement(0, count: output.count)) }
                let failure = output.withUnsafeMutableBufferPointer { buffer -> Int32? in
                    var outputAt: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(buffer.baseAddress! + written)
                        .assumingMemoryBound(to: CChar.self)
                    var outputLeft = buffer.count - written
                    let result = Glibc.iconv(converter, &inputAt, &inputLeft, &outputAt, &outputLeft)
                    written = buffer.count - outputLeft
                    return result == -1 ? errno : nil
                }
                guard let failure else { break }
                // Out of room: the loop makes more. Otherwise an invalid or cut-off sequence:
                // one byte of it is given up for U+FFFD, and the rest converted on.
                if failure != E2BIG, output.count - written >= 3 {
                    output.replaceSubrange(written..<written + 3, with: [0xEF, 0xBF, 0xBD])
                    written += 3
                    inputAt = inputAt.map { $0 + 1 }
                    inputLeft -= 1
                }
            }
        }
        output.removeSubrange(written...)
        return output
    }
}

/// One pass over UTF-8 that mends what would stop libxml2's parser or reach a reader as
/// garbage, copying only when it finds something to mend:
/// - a byte that is not part of valid UTF-8 is read as windows-1252;
/// - a character XML forbids (C0 controls but tab, line feed and carriage return; U+FFFE,
///   U+FFFF) is dropped, and so is a character reference to one (`&#27;`);
/// - in markup, outside CDATA sections: an HTML entity (`&nbsp;`, `&eacute;`) becomes the
///   character reference XML reads, and an `&` that starts no reference (`AT&T`) or an
///   unknown one becomes `&amp;`, so it reads as written.
struct Repair {
    /// The text being mended, and what has been written of it so far.
    private let text: ArraySlice<UInt8>
    private var output: [UInt8] = []
    private var copiedUpTo: Int
    private var changed = false

    private init(_ text: ArraySlice<UInt8>) {
        self.text = text
        copiedUpTo = text.startIndex
    }

    static func run(_ text: ArraySlice<UInt8>, markup: Bool) -> ArraySlice<UInt8> {
        var repair = Repair(text)
        text.withUnsafeBufferPointer { buffer in repair.scan(buffer, offset: text.startIndex, markup: markup) }
        guard repair.changed else { return text }
        repair.output.append(contentsOf: text[repair.copiedUpTo...])
        return repair.output[...]
    }

    /// `buffer[i]` is `text[offset + i]`.
    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, offset: Int, markup: Bool) {
        var index = 0
        var inCDATA = false
        let count = buffer.count
        while index < count {
            // Nearly every byte is printable ASCII that starts nothing, and so are most runs of
            // eight, read as one word: a byte at a time, this pass cost 13 instructions a byte.
            // A word that holds a byte worth a look gives where the first one is.
            if index + 8 <= count {
                let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                let found = Self.bytesWorthALook(word, markup: markup && !inCDATA, inCDATA: inCDATA)
                if found == 0 {
                    index += 8
                    continue
                }
                index += found.trailingZeroBitCount / 8
            }
            let byte = buffer[index]
            if byte >= 0x20, byte < 0x80, byte != .ampersand, byte != .lessThan, byte != .closingBracket {
                index += 1
                continue
            }
            switch byte {
            case 0x09, 0x0A, 0x0D, 0x7F:
                index += 1
            case 0..<0x20:
                replace(offset + index..<offset + index + 1, with: [])
                index += 1
            case .lessThan:
                if markup, !inCDATA, Self.matches(buffer, at: index, "<![CDATA[") {
                    inCDATA = true
                    index += 9
                } else {
                    index += 1
                }
            case .closingBracket:
                if inCDATA, Self.matches(buffer, at: index, "]]>") {
                    inCDATA = false
                    index += 3
                } else {
                    index += 1
                }
            case .ampersand:
                index = markup && !inCDATA ? reference(buffer, at: index, offset: offset) : index + 1
            default:
                let length = Self.sequenceLength(buffer, at: index)
                if length == 0 {
                    var character: [UInt8] = []
                    TextEncoding.appendWindows1252(byte, to: &character)
                    replace(offset + index..<offset + index + 1, with: character)
                    index += 1
                } else if length == 3, byte == 0xEF, buffer[index + 1] == 0xBF, buffer[index + 2] >= 0xBE {
                    replace(offset + index..<offset + index + 3, with: [])
                    index += 3
                } else {
                    index += length
                }
            }
        }
    }

    private static let everyByte: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Of eight bytes read as a little-endian word, those that need a look, as the high bit of
    /// each: past ASCII or below space, an `&` or `<` where markup counts, a `]` inside a
    /// CDATA section (which may end it). Zero when there is none. The word-at-a-time tests
    /// (for a byte below a value, for a byte equal to one) may also mark a byte after one
    /// they rightly mark, never before it: the lowest mark is always a byte worth a look.
    private static func bytesWorthALook(_ word: UInt64, markup: Bool, inCDATA: Bool) -> UInt64 {
        var found = word & highBits | (word &- everyByte &* 0x20) & ~word & highBits
        if inCDATA { found |= equal(word, .closingBracket) }
        if markup { found |= equal(word, .ampersand) | equal(word, .lessThan) }
        return found
    }

    private static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (everyByte &* UInt64(byte))
        return (difference &- everyByte) & ~difference & highBits
    }

    /// What follows an `&`, mended if need be; returns where scanning goes on.
    private mutating func reference(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int, offset: Int) -> Int {
        var end = start + 1
        let limit = min(buffer.count, start + 40)
        while end < limit, buffer[end] != .semicolon, Self.isReferenceByte(buffer[end]) { end += 1 }
        let whole = offset + start..<offset + end + 1
        guard end < limit, buffer[end] == .semicolon, end > start + 1 else {
            replace(offset + start..<offset + start + 1, with: Array("&amp;".utf8))
            return start + 1
        }
        let name = Array(UnsafeBufferPointer(rebasing: buffer[(start + 1)..<end]))
        if name.first == UInt8(ascii: "#") {
            guard let value = Self.characterReference(name.dropFirst()) else {
                replace(offset + start..<offset + start + 1, with: Array("&amp;".utf8))
                return start + 1
            }
            if !Self.xmlAllows(value) { replace(whole, with: []) }
            return end + 1
        }
        if ["amp", "lt", "gt", "quot", "apos"].contains(where: { $0.utf8.elementsEqual(name) }) { return end + 1 }
        let entity = (name + [0]).withUnsafeBufferPointer { wpnews_htmlEntityLookup($0.baseAddress) }
        if let entity, name.first.map(Self.isLetter) == true {
            replace(whole, with: Array("&#\(entity.pointee.value);".utf8))
        } else {
            replace(offset + start..<offset + start + 1, with: Array("&amp;".utf8))
        }
        return end + 1
    }

    private mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        changed = true
        if output.isEmpty { output.reserveCapacity(text.count + text.count / 8) }
        output.append(contentsOf: text[copiedUpTo..<range.lowerBound])
        output.append(contentsOf: replacement)
        copiedUpTo = range.upperBound
    }

    /// Whether `text` stands in the buffer at `index` (`CDATASections` looks for markup so too).
    static func matches(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= buffer.count else { return false }
        for offset in 0..<count where buffer[index + offset] != text.utf8Start[offset] { return false }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isReferenceByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "#")
    }

    /// `27` or `x1B` as the number it names; nil when it is not one.
    private static func characterReference(_ digits: ArraySlice<UInt8>) -> UInt32? {
        let hex = digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X")
        let number = String(decoding: hex ? digits.dropFirst() : digits, as: UTF8.self)
        guard !number.isEmpty, number.allSatisfy({ hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }) else { return nil }
        // Past U+10FFFF, however long: a number no character has.
        return number.count > 8 ? UInt32.max : UInt32(number, radix: hex ? 16 : 10)
    }

    /// XML 1.0's `Char`.
    private static func xmlAllows(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The length of the valid UTF-8 sequence starting at a byte of 0x80 or more; 0 when
    /// there is none (a stray continuation byte, an overlong form, a surrogate, a cut).
    private static func sequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let first = buffer[index]
        let (length, secondRange): (Int, ClosedRange<UInt8>) = switch first {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0...0)
        }
        guard length > 0, index + length <= buffer.count, secondRange.contains(buffer[index + 1]) else { return 0 }
        for next in index + 2..<index + length where buffer[next] & 0xC0 != 0x80 { return 0 }
        return length
    }
}

private extension UInt8 {
    static let ampersand = UInt8(ascii: "&")
    static let lessThan = UInt8(ascii: "<")
    static let closingBracket = UInt8(ascii: "]")
    static let semicolon = UInt8(ascii: ";")
}
