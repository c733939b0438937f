import FoundationEssentials

/// Response headers in arrival order; names compare case-insensitively.
public struct HTTPHeaders: Sendable {
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

}

public struct HTTPResponse: Sendable {
    public let status: Int
    public let headers: HTTPHeaders
    public let body: Data
    /// The URL that answered, after redirects.
    public let url: String
    /// The status of each redirect followed on the way to `url`, in order.
    public let redirects: [Int]

    public init(status: Int, headers: HTTPHeaders, body: Data, url: String, redirects: [Int] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.redirects = redirects
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The `charset` parameter of the answer's `Content-Type`, as sent (`utf-8`, `"ISO-8859-1"` unquoted).
    public var charset: String? {
        guard let type = headers["Content-Type"] else { return nil }
        for parameter in type.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "charset" else { continue }
            let value = pair[1].trimmingWhitespace().filter { $0 != "\"" && $0 != "'" }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// Whether the address asked for has moved to `url` for good: every redirect on the way
    /// was permanent (301, 308). One temporary hop (302, 303, 307) means the old address is
    /// still the one to ask next time.
    public var movedPermanently: Bool {
        !redirects.isEmpty && redirects.allSatisfy { $0 == 301 || $0 == 308 }
    }
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
