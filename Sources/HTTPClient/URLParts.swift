/// The pieces of a URL string that the client reads itself: libcurl does the real parsing,
/// these only name the host a request goes to and keep secrets out of what is reported.
struct URLParts {
    /// As written, such as "https"; empty when the URL has none.
    let scheme: Substring
    /// The `user:password` before an `@`, when the URL carries one.
    let userInfo: Substring?
    /// Host and port as written, such as "news.example.org" or "127.0.0.1:8080".
    let hostAndPort: Substring
    /// Path, query and fragment.
    let rest: Substring

    init(_ url: String) {
        var remainder = Substring(url)
        if let separator = remainder.firstRange(of: "://") {
            scheme = remainder[..<separator.lowerBound]
            remainder = remainder[separator.upperBound...]
        } else {
            scheme = ""
        }
        let authorityEnd = remainder.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? remainder.endIndex
        let authority = remainder[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            userInfo = authority[..<at]
            hostAndPort = authority[authority.index(after: at)...]
        } else {
            userInfo = nil
            hostAndPort = authority
        }
        rest = remainder[authorityEnd...]
    }

    var isHTTPS: Bool { scheme.lowercased() == "https" }

    /// Whether a password may travel to this URL: encrypted, or never leaving the machine.
    var mayCarryCredentials: Bool { isHTTPS || isLoopback }

    /// `localhost`, 127.x.x.x or `[::1]`, with or without a port.
    var isLoopback: Bool {
        let host = hostAndPort.lowercased()
        if host.hasPrefix("[") { return host.hasPrefix("[::1]") }
        let name = host.prefix { $0 != ":" }
        return name == "localhost" || name.hasPrefix("127.")
    }

    /// Scheme, host and port, with the scheme's default port filled in: requests that share
    /// it share the per-host limit and any pause its server asks for.
    var origin: String {
        let scheme = scheme.isEmpty ? "http" : scheme.lowercased()
        let host = hostAndPort.lowercased()
        // An IPv6 literal ("[::1]") has colons of its own; a port comes after its bracket.
        let hasPort = host.lastIndex(of: ":").map { colon in !host[colon...].contains("]") } ?? false
        return hasPort ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(scheme == "https" ? 443 : 80)"
    }
}
