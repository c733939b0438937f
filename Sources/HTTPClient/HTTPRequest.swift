/// A request as a value. wpnews only reads, so only safe, idempotent methods exist.
public struct HTTPRequest: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable {
        case get = "GET"
        case head = "HEAD"
    }

    public var url: String
    public var method: Method
    public var headers: [String: String]
    /// Overrides the client's total timeout for this request, in seconds.
    public var timeout: Double?
    /// Query parameters whose values must never be shown, such as `password`; names are
    /// compared as they are written in the URL.
    public var secretQueryNames: Set<String>
    /// Sent with HTTP Basic authentication, only over https or to this machine (loopback).
    public var credential: BasicCredential?

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
    var host: String { String(URLParts(url).hostAndPort) }

    /// Another URL met while serving this request (where it redirected to), hidden the same way.
    func displayForm(of url: String) -> String {
        let parts = URLParts(url)
        let scheme = parts.scheme.isEmpty ? "" : parts.scheme + "://"
        return scheme + parts.hostAndPort + hidingSecretValues(in: parts.rest)
    }

    private func hidingSecretValues(in pathAndQuery: Substring) -> String {
        guard !secretQueryNames.isEmpty, let questionMark = pathAndQuery.firstIndex(of: "?") else {
            return String(pathAndQuery)
        }
        let queryStart = pathAndQuery.index(after: questionMark)
        let fragmentStart = pathAndQuery[queryStart...].firstIndex(of: "#") ?? pathAndQuery.endIndex
        let fields = pathAndQuery[queryStart..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false)
        let shown = fields.map { field -> Substring in
            guard let equals = field.firstIndex(of: "="), secretQueryNames.contains(String(field[..<equals])) else {
                return field
            }
            return field[...equals] + "***"
        }
        return String(pathAndQuery[..<queryStart]) + shown.joined(separator: "&") + pathAndQuery[fragmentStart...]
    }
}
