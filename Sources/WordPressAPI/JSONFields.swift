import FoundationEssentials

/// WordPress's objects read field by field from their bytes (`JSONReader`), as their Codable
/// reading read them: the same values, and the same failures in the same words. `PostsJSON`
/// reads posts with these, `NamesJSON` terms and users.
///
/// A field's value is kept as a `Slot` until the object ends, so that a failure names the
/// field Codable would have named: the first wrong one in the order Codable read them, not
/// the first in the document.
enum JSONFields {
    /// The whole body read by `read`, with nothing but white space after it.
    static func reading<Value>(
        _ body: Data, _ read: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(JSONReadError) -> Value {
        let result = body.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            return Result { () throws(JSONReadError) -> Value in
                let value = try read(&reader)
                try reader.end()
                return value
            }
        }
        switch result {
        case .success(let value): return value
        // JSONDecoder reads the whole text before any value: a document that is not JSON says
        // so, even where its first object already lacks a field.
        case .failure(let error): throw error == .invalid || JSONReader.isWellFormed(body) ? error : .invalid
        }
    }

    /// A collection's page: a JSON array of objects, each read by `item`, which is given the
    /// object's path (`[3]`) for what a failure says.
    static func list<Item>(
        _ body: Data, _ item: (inout JSONReader, _ path: () -> String) throws(JSONReadError) -> Item
    ) throws(JSONReadError) -> [Item] {
        try reading(body) { reader throws(JSONReadError) in
            guard try reader.peek() == .array else { throw .unexpected(path: "") }
            var items: [Item] = []
            try reader.readArray { reader, place throws(JSONReadError) in
                // The path is made only for a failure's words: a page has a hundred objects.
                items.append(try item(&reader, { "[\(place)]" }))
            }
            return items
        }
    }

    /// The object at the cursor, member by member as `JSONReader.readObject` gives them; any
    /// other value is a mismatch at `path`.
    static func object(
        _ reader: inout JSONReader, at path: () -> String,
        _ member: (inout JSONReader, UnsafeBufferPointer<UInt8>) throws(JSONReadError) -> Void
    ) throws(JSONReadError) {
        guard try reader.peek() == .object else {
            try reader.skipValue()
            throw .unexpected(path: path())
        }
        try reader.readObject(member)
    }

    // MARK: Kinds of field

    /// A value of the kind `read` reads; null kept as such; any other kind passed over and
    /// kept as the mismatch Codable reports.
    static func value<Value>(
        _ reader: inout JSONReader, _ kind: JSONReader.Kind, at path: () -> String,
        _ read: (inout JSONReader) throws(JSONReadError) -> Slot<Value>
    ) throws(JSONReadError) -> Slot<Value> {
        switch try reader.peek() {
        case kind: return try read(&reader)
        case .null:
            try reader.null()
            return .null
        default:
            try reader.skipValue()
            return .failed(.unexpected(path: path()))
        }
    }

    static func integer(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<Int> {
        try value(&reader, .number, at: path) { reader throws(JSONReadError) in
            try reader.integer().map { .value($0) } ?? .failed(.invalid)
        }
    }

    static func string(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<String> {
        try value(&reader, .string, at: path) { reader throws(JSONReadError) in .value(try reader.string()) }
    }

    static func bool(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<Bool> {
        try value(&reader, .bool, at: path) { reader throws(JSONReadError) in .value(try reader.bool()) }
    }

    /// The HTML of a `RenderedText` (a title, an excerpt, a term's or a user's name):
    /// `{"rendered": html}`, or the plain string some endpoints send.
    static func rendered(_ reader: inout JSONReader, at path: () -> String) throws(JSONReadError) -> Slot<String> {
        if try reader.peek() == .string { return .value(try reader.string()) }
        return try value(&reader, .object, at: path) { reader throws(JSONReadError) in
            try renderedObject(&reader, at: path, readsProtected: false).map(\.html)
        }
    }

    /// `{"rendered": html, "protected": bool}`: a rendered text, or a post's content.
    /// `readsProtected`: whether `protected` is read (a post's content) or passed over
    /// whatever it holds (a rendered text, whose Codable reading never looked at it).
    static func renderedObject(
        _ reader: inout JSONReader, at path: () -> String, readsProtected: Bool
    ) throws(JSONReadError) -> Slot<(html: String, isProtected: Bool?)> {
        var html = Slot<String>.absent
        var isProtected = Slot<Bool>.absent
        try reader.readObject { reader, key throws(JSONReadError) in
            if matches(key, "rendered"), case .absent = html {
                html = try string(&reader, at: { Self.path(path(), "rendered") })
            } else if readsProtected, matches(key, "protected"), case .absent = isProtected {
                isProtected = try bool(&reader, at: { Self.path(path(), "protected") })
            } else {
                try reader.skipValue()
            }
        }
        do throws(JSONReadError) {
            return .value((try html.required("rendered", in: path), try isProtected.optional()))
        } catch {
            return .failed(error)
        }
    }

    // MARK: Keys and paths

    /// A path as Codable's error context gives it: keys and `[index]`es joined by dots.
    static func path(_ outer: String, _ inner: String) -> String {
        outer.isEmpty ? inner : outer + "." + inner
    }

    static func matches(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { name in key.count == name.count && key.elementsEqual(name) }
    }
}

/// A field of an object as read so far: not there, null, its value, or why it cannot be one.
enum Slot<Value> {
    case absent
    case null
    case value(Value)
    case failed(JSONReadError)

    /// The value of `field`, of the object at `object`, which must be there: missing, null or
    /// of another type, it fails.
    func required(_ field: String, in object: () -> String) throws(JSONReadError) -> Value {
        switch self {
        case .absent: throw .missing(field: field)
        case .null: throw .unexpected(path: JSONFields.path(object(), field))
        case .value(let value): return value
        case .failed(let error): throw error
        }
    }

    /// A value that may be left out or null.
    func optional() throws(JSONReadError) -> Value? {
        switch self {
        case .absent, .null: return nil
        case .value(let value): return value
        case .failed(let error): throw error
        }
    }

    func map<Other>(_ transform: (Value) -> Other) -> Slot<Other> {
        switch self {
        case .absent: .absent
        case .null: .null
        case .value(let value): .value(transform(value))
        case .failed(let error): .failed(error)
        }
    }

    /// Not given yet: a key given again is passed over, as the first counts.
    var isAbsent: Bool {
        if case .absent = self { true } else { false }
    }
}
