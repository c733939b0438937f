import URLSyntax

/// The pages of a post split into pages (`<!--nextpage-->`), as they are followed from the
/// first: each is read once, however its address is written, and only on the first page's
/// host and port (another port is another server), never from https down to plain http. A page is the site's, not the web's: a next-page
/// link that leaves it is no part of the article.
struct PageChain {
    /// What to do with the next page's address.
    enum Step: Equatable {
        case read
        /// The chain has been there (a loop, or the same page written another way): it ends.
        case alreadyRead
        /// Not followed: where it is, in words that finish "its next page is on ...".
        case refused(String)
    }

    private let server: String
    private let isHTTPS: Bool
    private var seen: Set<String> = []

    /// `asked`: the story's link; `answered`: where the first page came from, after redirects.
    init(asked: String, answered: String) {
        let first = WebAddress(typed: answered)
        server = Self.server(first)
        isHTTPS = first.hasScheme("https")
        seen = [Self.key(asked), Self.key(answered)]
    }

    /// Whether the chain may go on to `address` (a next-page link, or where one redirected).
    func step(to address: String) -> Step {
        let next = WebAddress(typed: address)
        if isHTTPS, !next.hasScheme("https") { return .refused("plain http, where the first page came over https") }
        if Self.server(next) != server { return .refused("another host (\(next.hostAndPort))") }
        return seen.contains(Self.key(address)) ? .alreadyRead : .read
    }

    /// Notes a page as read: the address asked for, and the one that answered.
    mutating func read(_ addresses: String...) {
        for address in addresses { seen.insert(Self.key(address)) }
    }

    /// The page an address names, whatever the scheme's and host's case, a default port, `.`
    /// and `..` segments or a fragment (`2/#comments` is `2/`): `http` and `https` share it,
    /// as a link that moves up to https names the same page.
    static func key(_ address: String) -> String {
        let parts = WebAddress(typed: address)
        var key = server(parts) + withoutDotSegments(parts.path)
        if let query = parts.query { key += "?" + query }
        return key
    }

    /// Host and port, the port only when it is not the scheme's default: `https://a:443/` and
    /// `http://a/` are the same server, `https://a:8443/` another.
    private static func server(_ parts: WebAddress) -> String {
        let scheme = parts.scheme?.lowercased() ?? "http"
        let defaultPort = scheme == "https" ? "443" : "80"
        let port = parts.port.map(String.init).flatMap { $0 == defaultPort || $0.isEmpty ? nil : $0 }
        return parts.host.lowercased() + (port.map { ":" + $0 } ?? "")
    }

    /// RFC 3986's remove_dot_segments, on a path that starts at the root ("" is "/").
    private static func withoutDotSegments(_ path: Substring) -> String {
        var kept: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".": if isLast { kept.append("") }
            case "..":
                if !kept.isEmpty { kept.removeLast() }
                if isLast { kept.append("") }
            default: kept.append(segment)
            }
        }
        return "/" + kept.joined(separator: "/")
    }
}
