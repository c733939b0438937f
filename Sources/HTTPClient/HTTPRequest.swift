import URLSyntax

/// A request as a value. wpnews only reads: a POST is a read too, for what must not travel
/// in the address (the caller tells the server to take it as a GET), so it is retried as one.
public struct HTTPRequest: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable {
        case get = "GET"
        case head = "HEAD"
        case post = "POST"
    }

    public var url: String
    public var method: Method
    public var headers: [String: String]
    /// Sent with a POST (its type in `headers`); never logged or shown.
    public var body: String?
    /// Overrides the client's total timeout for this request, in seconds.
    public var timeout: Double?
    /// Query parameters whose values must never be shown, such as `password`; names are
    /// compared as they are written in the URL.
    public var secretQueryNames: Set<String>
    /// Sent with HTTP Basic authentication, only over https or to this machine (loopback).
    public var credential: BasicCredential?
    /// Tighter limits than the client's for this request (a page from anywhere on the web);
    /// nil: the client's.
    public var maxRedirects: Int?
    public var maxResponseBytes: Int?
    /// Kinds of address this request may not reach, checked on the address each connection
    /// made (a redirect's too) before anything is sent on it, so a name that resolves there
    /// is caught as well as a number. A host written as an address is checked before it is
    /// asked, the request's own and each redirect's, proxy or not. Through a proxy, which
    /// resolves names itself, that is the only check, and such a request ignores `no_proxy`:
    /// none of it connects directly, unchecked.
    public var refusedAddresses: Set<AddressKind> = []

    public init(
        url: String, method: Method = .get, headers: [String: String] = [:], timeout: Double? = nil,
        secretQueryNames: Set<String> = [], credential: BasicCredential? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.timeout = timeout
        self.secretQueryNames = secretQueryNames
        self.credential = credential
    }

    /// The URL as it may be shown to a person or written to a log: every secret query value
    /// reads `***`, and a `user:password@` is left out. The client reports no other form.
    public var displayURL: String { displayForm(of: url) }

    /// Host and port as a person reads them, such as "news.example.org" or "127.0.0.1:8080".
    var host: String { String(address.hostAndPort) }

    /// Scheme, host and port, with the scheme's default port filled in: requests that share
    /// it share the per-host limit and any pause its server asks for.
    var origin: String {
        let scheme = address.scheme?.lowercased() ?? "http"
        let port = address.port ?? (scheme == "https" ? "443" : "80")
        return "\(scheme)://\(address.host.lowercased()):\(port)"
    }

    var isHTTPS: Bool { address.hasScheme("https") }

    /// A body is for the address it was sent to: libcurl would send it again wherever a 307
    /// or 308 points, another host included, so a request with one follows no redirect.
    var followsRedirects: Bool { body == nil }

    /// Whether a password may travel to this URL: encrypted, or never leaving the machine.
    var mayCarryCredentials: Bool { isHTTPS || isLoopback }

    /// `localhost`, 127.x.x.x or `[::1]`, with or without a port: written as this machine,
    /// by the one definition of it (`AddressKind`), so a name such as `127.news.example` is not.
    private var isLoopback: Bool {
        AddressKind.of(host: String(address.host)) == .loopback
    }

    /// Its host, when written as an address of a kind the request refuses (`[::1]`,
    /// `10.0.0.5`, `localhost`): known without a connection, so refused before anything is
    /// sent, to the host or to a proxy, which would connect there on wpnews's behalf.
    var refusedHost: (address: String, kind: AddressKind)? { refusedHost(of: url) }

    /// The same for another address met while serving this request: where a redirect leads.
    func refusedHost(of url: String) -> (address: String, kind: AddressKind)? {
        let host = String(WebAddress(typed: url).host)
        guard let kind = AddressKind.of(host: host), refusedAddresses.contains(kind) else { return nil }
        return (host, kind)
    }

    /// The URL read as libcurl reads it, a missing scheme included.
    private var address: WebAddress { WebAddress(typed: url) }

    /// Another URL met while serving this request (where it redirected to), hidden the same way.
    func displayForm(of url: String) -> String {
        let address = WebAddress(typed: url)
        var shown = (address.scheme.map { $0 + "://" } ?? "") + address.hostAndPort + address.path
        if let query = address.query { shown += "?" + hidingSecretValues(in: query) }
        if let fragment = address.fragment { shown += "#" + fragment }
        return shown
    }

    private func hidingSecretValues(in query: Substring) -> String {
        guard !secretQueryNames.isEmpty else { return String(query) }
        let fields = query.split(separator: "&", omittingEmptySubsequences: false)
        return fields.map { field -> Substring in
            guard let equals = field.firstIndex(of: "="), secretQueryNames.contains(String(field[..<equals])) else {
                return field
            }
            return field[...equals] + "***"
        }.joined(separator: "&")
    }
}
