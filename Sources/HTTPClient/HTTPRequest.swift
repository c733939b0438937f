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

    public init(url: String, method: Method = .get, headers: [String: String] = [:], timeout: Double? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.timeout = timeout
    }
}
