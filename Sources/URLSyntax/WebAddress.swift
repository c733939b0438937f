/// An address (a URL, or a reference relative to one) split into the parts RFC 3986 names,
/// as written: nothing is decoded or normalized, and every part is a slice of the text.
///
///     https://me:secret@news.example.org:8443/2026/11/a-post/?amp=1#comments
///     scheme  userInfo  host             port path            query fragment
///
/// The delimiters are all ASCII, so they are looked for in the UTF-8 bytes, as libcurl does:
/// comparing `Character`s would cost the renderer, which reads every link of an article
/// through here, and would miss a `/` that a combining mark after it joins to a `Character`.
public struct WebAddress: Sendable {
    /// As written, such as "https"; nil when there is none (`//cdn.example/x`, `next/`).
    public let scheme: Substring?
    /// What comes before the authority's last `@` (`user:password`), when it has one.
    public let userInfo: Substring?
    /// As written, such as "news.example.org", "127.0.0.1:8080" or "[::1]:8080"; empty when
    /// the address has no authority.
    public let hostAndPort: Substring
    public let path: Substring
    /// After the `?`, up to any `#`; nil when there is no `?`.
    public let query: Substring?
    /// After the `#`; nil when there is no `#`.
    public let fragment: Substring?
    private let text: Substring

    /// Reads `text` as RFC 3986 does: a name before a colon is a scheme, and only `//`
    /// starts an authority, so `next/`, `?page=2` and `mailto:a@b` have no host.
    public init(_ text: String) {
        self.init(text[...], hostFirst: false)
    }

    /// Reads `text` as a person types an address and as libcurl reads one: without
    /// `scheme://` it starts with its host (`news.example.org/about`, `localhost:8080`).
    public init(typed text: String) {
        self.init(text[...], hostFirst: true)
    }

    private init(_ text: Substring, hostFirst: Bool) {
        let bytes = text.utf8
        self.text = text
        var scheme = Self.schemeEnd(in: text).map { text[..<$0] }
        var cursor = scheme.map { bytes.index(after: $0.endIndex) } ?? text.startIndex
        var hasAuthority = true
        if bytes[cursor...].starts(with: "//".utf8) {
            cursor = bytes.index(cursor, offsetBy: 2)
        } else if hostFirst {
            // `localhost:8080` reads as a scheme and a path by the RFC's grammar; typed, it is a host.
            scheme = nil
            cursor = text.startIndex
        } else {
            hasAuthority = false
        }
        self.scheme = scheme
        var authorityEnd = cursor
        if hasAuthority {
            authorityEnd = bytes[cursor...].firstIndex { $0 == .slash || $0 == .questionMark || $0 == .numberSign } ?? text.endIndex
        }
        let authority = text[cursor..<authorityEnd]
        // A password may hold an `@`; the host comes after the last one, as libcurl reads it.
        if let at = authority.utf8.lastIndex(of: .at) {
            userInfo = authority[..<at]
            hostAndPort = authority[bytes.index(after: at)...]
        } else {
            userInfo = nil
            hostAndPort = authority
        }
        let pathEnd = bytes[authorityEnd...].firstIndex { $0 == .questionMark || $0 == .numberSign } ?? text.endIndex
        path = text[authorityEnd..<pathEnd]
        let fragmentMark = bytes[pathEnd...].firstIndex(of: .numberSign)
        let queryEnd = fragmentMark ?? text.endIndex
        query = pathEnd < queryEnd ? text[bytes.index(after: pathEnd)..<queryEnd] : nil
        fragment = fragmentMark.map { text[bytes.index(after: $0)...] }
    }

    /// The host without its port: "news.example.org", "[::1]".
    public var host: Substring { portColon.map { hostAndPort[..<$0] } ?? hostAndPort }

    /// The port as written, nil when none is.
    public var port: Substring? { portColon.map { hostAndPort[hostAndPort.utf8.index(after: $0)...] } }

    /// Everything before the path, user info included: `https://me@news.example.org:8443`.
    public var schemeAndAuthority: Substring { text[..<path.startIndex] }

    /// Whether the scheme is `name`, given in lowercase: schemes ignore case.
    public func hasScheme(_ name: String) -> Bool {
        scheme?.lowercased() == name
    }

    /// The scheme of a reference, found without splitting the rest of it.
    public static func scheme(of reference: String) -> Substring? {
        schemeEnd(in: reference[...]).map { reference[..<$0] }
    }

    /// `reference` made absolute against this address, as a browser resolves a link on a
    /// page, except that `.` and `..` segments stay as written (servers read them the same).
    /// A reference with a scheme is already absolute; `//host/x` takes this address's scheme,
    /// https when it has none; anything else stays relative against an address without a scheme.
    public func resolve(_ reference: String) -> String {
        if Self.scheme(of: reference) != nil { return reference }
        let bytes = reference.utf8
        if bytes.starts(with: "//".utf8) { return (scheme.map(String.init) ?? "https") + ":" + reference }
        guard scheme != nil else { return reference }
        switch bytes.first {
        case .slash: return schemeAndAuthority + reference
        case .questionMark: return text[..<path.endIndex] + reference
        case .numberSign, nil: return text[..<(fragment.map { text.utf8.index(before: $0.startIndex) } ?? text.endIndex)] + reference
        default: break
        }
        let directory = path.utf8.lastIndex(of: .slash).map { path[...$0] } ?? "/"
        return schemeAndAuthority + directory + reference
    }

    /// Where a port's colon is. An IPv6 literal ("[::1]") has colons of its own; a port comes
    /// after its closing bracket.
    private var portColon: Substring.Index? {
        let bytes = hostAndPort.utf8
        guard let colon = bytes.lastIndex(of: .colon), !bytes[colon...].contains(.closingBracket) else { return nil }
        return colon
    }

    /// The colon after a scheme's name: a letter, then letters, digits, `+`, `-` or `.`.
    private static func schemeEnd(in text: Substring) -> Substring.Index? {
        let bytes = text.utf8
        guard let first = bytes.first, first.isASCIILetter,
              let end = bytes.firstIndex(where: { !($0.isASCIILetter || $0.isASCIIDigit || $0 == .plus || $0 == .hyphen || $0 == .dot) }),
              bytes[end] == .colon
        else { return nil }
        return end
    }
}

private extension UInt8 {
    static let slash = UInt8(ascii: "/")
    static let questionMark = UInt8(ascii: "?")
    static let numberSign = UInt8(ascii: "#")
    static let at = UInt8(ascii: "@")
    static let colon = UInt8(ascii: ":")
    static let closingBracket = UInt8(ascii: "]")
    static let plus = UInt8(ascii: "+")
    static let hyphen = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")

    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
}
