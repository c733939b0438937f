import FoundationEssentials

/// JSON text read straight from its UTF-8 bytes, as strictly as RFC 8259 writes it: no
/// trailing comma, no number JSON does not allow, no control character or bad UTF-8 in a
/// string, nesting at most `maximumDepth` deep. Values are read where the caller wants them
/// (`PostsJSON` reads a page of posts with it), with no tree of the document in between:
/// through `JSONDecoder` and Codable a page of posts cost more than storing it.
///
/// The reader stops at the first thing wrong and throws `JSONReadError.invalid`; what a
/// well-formed document lacks is the caller's to say (`JSONReadError.missing`, `.unexpected`).
struct JSONReader {
    /// What Foundation's `JSONDecoder` takes too: deeper documents are no WordPress answer.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A byte order mark, which a stray PHP file puts in front of everything a site says,
        // is no part of the JSON (JSONDecoder skips it as well).
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// Whether `body` is one well-formed JSON value: for telling a document that is no JSON
    /// from one in another shape, as `JSONDecoder` does (it reads the whole text first).
    static func isWellFormed(_ body: Data) -> Bool {
        body.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            return (try? reader.skipValue()) != nil && (try? reader.end()) != nil
        }
    }

    enum Kind {
        case object, array, string, number, bool, null
    }

    /// The kind of the next value, which is left to read.
    mutating func peek() throws(JSONReadError) -> Kind {
        skipWhitespace()
        guard index < bytes.count else { throw .invalid }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw .invalid
        }
    }

    /// Nothing but white space is left.
    mutating func end() throws(JSONReadError) {
        skipWhitespace()
        guard index == bytes.count else { throw .invalid }
    }

    // MARK: Containers

    /// The object that comes next, member by member: `member` gets each key's bytes (escapes
    /// decoded) and reads or skips its value.
    mutating func readObject(_ member: (inout JSONReader, UnsafeBufferPointer<UInt8>) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try open(UInt8(ascii: "{"))
        if try closes(UInt8(ascii: "}")) { return close() }
        repeat {
            skipWhitespace()
            let (start, end, escaped) = try stringBounds()
            try expect(UInt8(ascii: ":"))
            if escaped {
                let key = try Self.unescaped(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                try key.withUnsafeBufferPointer { key throws(JSONReadError) in try member(&self, key) }
            } else {
                try member(&self, UnsafeBufferPointer(rebasing: bytes[start..<end]))
            }
        } while try separated(before: UInt8(ascii: "}"))
        close()
    }

    /// The array that comes next, element by element: `element` gets each one's place and
    /// reads or skips it.
    mutating func readArray(_ element: (inout JSONReader, Int) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try open(UInt8(ascii: "["))
        if try closes(UInt8(ascii: "]")) { return close() }
        var place = 0
        repeat {
            try element(&self, place)
            place += 1
        } while try separated(before: UInt8(ascii: "]"))
        close()
    }

    /// Any value, checked and passed over.
    mutating func skipValue() throws(JSONReadError) {
        switch try peek() {
        case .object: try readObject { reader, _ throws(JSONReadError) in try reader.skipValue() }
        case .array: try readArray { reader, _ throws(JSONReadError) in try reader.skipValue() }
        case .string: _ = try stringBounds()
        case .number: _ = try numberBounds()
        case .bool: _ = try bool()
        case .null: try null()
        }
    }

    // MARK: Scalars

    /// The string that comes next.
    mutating func string() throws(JSONReadError) -> String {
        try withString { String(decoding: $0, as: UTF8.self) }
    }

    /// The string that comes next, its escapes decoded, handed to `body` as UTF-8 bytes
    /// (for text the caller reads further, such as a date, without making a `String` of it).
    mutating func withString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(JSONReadError) -> Result {
        skipWhitespace()
        let (start, end, escaped) = try stringBounds()
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard escaped else { return body(raw) }
        return try Self.unescaped(raw).withUnsafeBufferPointer(body)
    }

    /// The number that comes next as an `Int`; nil for one with a fraction or out of range,
    /// which `JSONDecoder` refuses too (`1.0` and `1e2` are whole, and read).
    mutating func integer() throws(JSONReadError) -> Int? {
        skipWhitespace()
        let (start, end, isWhole) = try numberBounds()
        guard isWhole else {
            return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)).flatMap { Int(exactly: $0) }
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        var value = 0
        for byte in bytes[(negative ? start + 1 : start)..<end] {
            let digit = Int(byte - UInt8(ascii: "0"))
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowToo) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !overflow, !overflowToo else { return nil }
            value = sum
        }
        return value
    }

    mutating func bool() throws(JSONReadError) -> Bool {
        skipWhitespace()
        if try literal("true") { return true }
        if try literal("false") { return false }
        throw .invalid
    }

    mutating func null() throws(JSONReadError) {
        skipWhitespace()
        guard try literal("null") else { throw .invalid }
    }

    // MARK: The grammar

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(JSONReadError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { throw .invalid }
        index += 1
    }

    private mutating func open(_ bracket: UInt8) throws(JSONReadError) {
        try expect(bracket)
        depth += 1
        guard depth <= Self.maximumDepth else { throw .invalid }
    }

    private mutating func close() {
        depth -= 1
    }

    /// Whether the container closes right away (`{}`, `[]`).
    private mutating func closes(_ bracket: UInt8) throws(JSONReadError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw .invalid }
        guard bytes[index] == bracket else { return false }
        index += 1
        return true
    }

    /// After a member or an element: true for a comma (another must follow), false for the
    /// closing bracket.
    private mutating func separated(before bracket: UInt8) throws(JSONReadError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw .invalid }
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == bracket { return false }
        throw .invalid
    }

    private mutating func literal(_ word: StaticString) throws(JSONReadError) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw .invalid }
        let matches = word.withUTF8Buffer { word in (0..<count).allSatisfy { bytes[index + $0] == word[$0] } }
        if matches { index += count }
        return matches
    }

    /// The string at the cursor: where its text starts and ends (the quotes left out), and
    /// whether it holds escapes. Checked: control characters must be escaped, an escape must
    /// be one JSON has, and the text must be UTF-8.
    private mutating func stringBounds() throws(JSONReadError) -> (start: Int, end: Int, escaped: Bool) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .invalid }
        let start = index + 1
        var cursor = start
        var escaped = false
        var ascii = true
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                // WordPress escapes all but ASCII, so the standard library's check is seldom asked.
                guard ascii || String(validating: UnsafeBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self) != nil else { throw .invalid }
                index = cursor + 1
                return (start, cursor, escaped)
            }
            if byte < 0x20 { throw .invalid }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                cursor += 1
                guard cursor < bytes.count else { throw .invalid }
                switch bytes[cursor] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    // Four hex digits; whether they make a character is for the reading
                    // (`unescaped`), as the grammar lets a lone surrogate by.
                    _ = try Self.hexQuad(bytes, at: cursor + 1)
                    cursor += 4
                default:
                    throw .invalid
                }
            }
            cursor += 1
        }
        throw .invalid
    }

    /// The number at the cursor: where it starts and ends, and whether it is written as a
    /// whole number (no fraction, no exponent).
    private mutating func numberBounds() throws(JSONReadError) -> (start: Int, end: Int, isWhole: Bool) {
        let start = index
        var cursor = index
        func digits() -> Int {
            let first = cursor
            while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) { cursor += 1 }
            return cursor - first
        }
        func next(_ byte: UInt8) -> Bool {
            guard cursor < bytes.count, bytes[cursor] == byte else { return false }
            cursor += 1
            return true
        }
        _ = next(UInt8(ascii: "-"))
        // No leading zero: `01` is no JSON number (what follows the 0 is then out of place).
        if !next(UInt8(ascii: "0")) {
            guard digits() > 0 else { throw .invalid }
        }
        var isWhole = true
        if next(UInt8(ascii: ".")) {
            isWhole = false
            guard digits() > 0 else { throw .invalid }
        }
        if next(UInt8(ascii: "e")) || next(UInt8(ascii: "E")) {
            isWhole = false
            if !next(UInt8(ascii: "+")) { _ = next(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw .invalid }
        }
        index = cursor
        return (start, cursor, isWhole)
    }

    /// A string's text with its escapes decoded (`stringBounds` checked their letters).
    private static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) throws(JSONReadError) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(raw.count)
        var cursor = 0
        while cursor < raw.count {
            let byte = raw[cursor]
            cursor += 1
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            let letter = raw[cursor]
            cursor += 1
            switch letter {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var value = try hexQuad(raw, at: cursor)
                cursor += 4
                if (0xD800...0xDBFF).contains(value) {
                    // A character beyond the first plane: a high surrogate, then a low one.
                    guard cursor + 1 < raw.count, raw[cursor] == UInt8(ascii: "\\"), raw[cursor + 1] == UInt8(ascii: "u") else { throw .invalid }
                    let low = try hexQuad(raw, at: cursor + 2)
                    guard (0xDC00...0xDFFF).contains(low) else { throw .invalid }
                    cursor += 6
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw .invalid }
                text.append(contentsOf: UTF8.encode(scalar)!)
            default: text.append(letter)
            }
        }
        return text
    }

    private static func hexQuad(_ raw: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONReadError) -> UInt32 {
        guard start + 4 <= raw.count else { throw .invalid }
        var value: UInt32 = 0
        for byte in raw[start..<start + 4] {
            let digit: UInt8 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: throw .invalid
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}

/// Why a body is not the JSON an endpoint promises, in the words `WordPressError.malformedResponse`
/// carries: the same for a body read by `JSONReader` as for one read by `JSONDecoder`.
enum JSONReadError: Error, Equatable {
    /// Not JSON at all (or, as `JSONDecoder` words it, data it could not take: a number out of
    /// range, a date that is none).
    case invalid
    /// A field the endpoint always sends is not there.
    case missing(field: String)
    /// A value of another type than promised (null for a value that must be there), at a path
    /// such as `[3].title.rendered`; the whole document when the path is empty.
    case unexpected(path: String)

    var detail: String {
        switch self {
        case .invalid: "not valid JSON"
        case .missing(let field): "the field '\(field)' is missing"
        case .unexpected(let path): path.isEmpty ? "not the expected JSON shape" : "unexpected value at '\(path)'"
        }
    }

    /// What Codable's error says, in the same words.
    init(_ error: DecodingError) {
        switch error {
        case .dataCorrupted: self = .invalid
        case .keyNotFound(let key, _): self = .missing(field: key.stringValue)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            self = .unexpected(path: context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "."))
        @unknown default: self = .invalid
        }
    }
}
