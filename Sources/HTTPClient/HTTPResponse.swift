import FoundationEssentials

/// Response headers in arrival order; names compare case-insensitively.
public struct HTTPHeaders: Sendable, Hashable, Sequence {
    public private(set) var fields: [(name: String, value: String)] = []

    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    public mutating func append(name: String, value: String) {
        fields.append((name, value))
    }

    /// The first value of a header.
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value of a header that may repeat (such as `Link`).
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}

public struct HTTPResponse: Sendable, Hashable {
    public let status: Int
    public let headers: HTTPHeaders
    public let body: Data
    /// The URL that answered, after redirects.
    public let url: String

    public init(status: Int, headers: HTTPHeaders, body: Data, url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}

extension StringProtocol {
    /// Without spaces, tabs and line ends at either end.
    public func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
