/// How the client behaves; fixed for the life of an `HTTPClient`.
public struct HTTPClientConfiguration: Sendable {
    public var userAgent: String
    /// Total time for one attempt, in seconds, counted from when it is handed to libcurl
    /// (time spent waiting behind `requestsPerHost` does not count).
    public var timeout: Double
    /// Time to establish a connection, in seconds; never more than `timeout`.
    public var connectTimeout: Double
    public var maxRedirects: Int
    /// Larger bodies are dropped with `HTTPError.responseTooLarge`.
    public var maxResponseBytes: Int
    public var retry: RetryPolicy
    /// Requests handed to libcurl at once for one scheme, host and port; later ones wait
    /// their turn in the order they were sent.
    public var requestsPerHost: Int
    /// A PEM file of certificate authorities to trust instead of the system's, for a site
    /// with a certificate of its own making (`[network] ca_file` in config.toml).
    public var caFile: String?
    /// The proxies to use; none unless given (libcurl's own reading of the environment is off).
    public var proxy: ProxySettings
    /// Called after every attempt (the verbose log of the executable).
    public var onExchange: (@Sendable (HTTPExchange) -> Void)?
    /// Called the first time a server asks requests to its host to pause, from the client's own
    /// thread: keep it short (print a notice).
    public var onBackoff: (@Sendable (HTTPBackoff) -> Void)?

    public init(
        userAgent: String,
        timeout: Double = 30,
        connectTimeout: Double = 10,
        maxRedirects: Int = 5,
        maxResponseBytes: Int = 32 * 1_048_576,
        retry: RetryPolicy = RetryPolicy(),
        requestsPerHost: Int = 6,
        caFile: String? = nil,
        proxy: ProxySettings = ProxySettings(),
        onExchange: (@Sendable (HTTPExchange) -> Void)? = nil,
        onBackoff: (@Sendable (HTTPBackoff) -> Void)? = nil
    ) {
        self.userAgent = userAgent
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxRedirects = maxRedirects
        self.maxResponseBytes = maxResponseBytes
        self.retry = retry
        self.requestsPerHost = requestsPerHost
        self.caFile = caFile
        self.proxy = proxy
        self.onExchange = onExchange
        self.onBackoff = onBackoff
    }
}

/// One attempt at a request, as the verbose log reports it.
public struct HTTPExchange: Sendable {
    public let method: HTTPRequest.Method
    /// The request's `displayURL`: secrets never reach a log.
    public let url: String
    /// The HTTP status, or nil when no response came.
    public let status: Int?
    /// The body's bytes.
    public let bytes: Int
    /// The status line's and headers' bytes: with `bytes`, what the request cost to receive.
    public let headerBytes: Int
    public let milliseconds: Double
    public let attempt: Int
    public let error: HTTPError?
    /// Where each redirect followed led, in order (display forms).
    public let redirectedTo: [String]
}

/// A pause a server asked for with 429 or 503 and `Retry-After`: requests to its host that
/// have not started wait until it ends.
public struct HTTPBackoff: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let seconds: Double
    public let status: Int

    public var description: String {
        "\(host) asked wpnews to slow down (HTTP \(status)): waiting \(HTTPError.format(seconds)) s before sending it more requests"
    }
}
