import CLibXML2

/// Text with entities but no tags (`Council&#8217;s budget &amp; more`), decoded without
/// libxml2's parser: through it such a title cost about 43 K instructions, most of them
/// setting the parser up, and a feed's titles and excerpts are full of them. Only references
/// whose meaning is beyond doubt are decoded here, each to what libxml2 makes of it: a name
/// from libxml2's own table, a character number libxml2 accepts. Anything the parser treats
/// in its own way (an unknown name, a missing `;`, a number it refuses, a character it reports)
/// gives nil, and the caller takes the parser, so both ways always give the same text.
enum EntityText {
    static func decoded(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var index = 0
            // The text between references is copied a run at a time.
            var runStart = 0
            while index < bytes.count {
                let byte = bytes[index]
                // Nearly every byte: text that neither starts a reference nor needs a closer look.
                if byte >= 0x20, byte != UInt8(ascii: "&"), byte != UInt8(ascii: "<"), byte != 0xEF {
                    index += 1
                    continue
                }
                guard isPlainText(bytes, at: index) else { return nil }
                guard byte == UInt8(ascii: "&") else {
                    index += 1
                    continue
                }
                guard let (scalar, length) = reference(bytes, at: index) else { return nil }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                // Its bytes written in place: a String made for each reference cost more than the rest.
                result.append(contentsOf: UTF8.encode(scalar)!)
                index += length
                runStart = index
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Whether the byte at `index` is text libxml2 passes on as it is: no tag, no control
    /// character but a line end or tab, not the start of U+FFFE or U+FFFF (which XML forbids).
    static func isPlainText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == UInt8(ascii: "<") { return false }
        if byte < 0x20 { return byte == 0x09 || byte == 0x0A || byte == 0x0D }
        if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { return false }
        return true
    }

    /// The character the reference at `index` (an `&`) stands for and how many bytes it takes;
    /// nil when libxml2 would read it some other way.
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        // A lone `&` before white space is text to libxml2 as to a browser: `Tom & Jerry`.
        if next == 0x20 { return ("&", 1) }
        if next == UInt8(ascii: "#") { return number(bytes, at: index) }
        return named(bytes, at: index)
    }

    /// `&#8217;` or `&#x2019;`, for a character that is plainly text: not a control, not C1
    /// (which libxml2 does not map to windows-1252 as browsers do), not a surrogate or
    /// non-character.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        var cursor = index + 2
        let isHex = cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "x") || bytes[cursor] == UInt8(ascii: "X"))
        if isHex { cursor += 1 }
        let digitsStart = cursor
        var value: UInt32 = 0
        while cursor < bytes.count, cursor - digitsStart < 8, let digit = digitValue(bytes[cursor], hex: isHex) {
            value = value * (isHex ? 16 : 10) + digit
            cursor += 1
        }
        guard cursor > digitsStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else { return nil }
        let isText = (0x20...0x7E).contains(value) || (0xA0...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        guard isText, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, cursor + 1 - index)
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// `&eacute;`: ASCII letters and digits, then `;`, looked up in libxml2's table of HTML
    /// 4's entities, the one its parser reads.
    private static func named(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        let nameStart = index + 1
        var cursor = nameStart
        while cursor < bytes.count, cursor - nameStart < 16, isNameByte(bytes[cursor], first: cursor == nameStart) {
            cursor += 1
        }
        guard cursor > nameStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else { return nil }
        var name = Array(bytes[nameStart..<cursor])
        name.append(0)
        guard let entity = wpnews_htmlEntityLookup(name), entity.pointee.value > 0,
            let scalar = Unicode.Scalar(entity.pointee.value)
        else { return nil }
        return (scalar, cursor + 1 - index)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }
}
