/// How the client behaves; fixed for the life of an `HTTPClient`.
public struct HTTPClientConfiguration: Sendable {
    public var userAgent: String
    /// Total time for one attempt, in seconds.
    public var timeout: Double
    /// Time to establish a connection, in seconds; never more than `timeout`.
    public var connectTimeout: Double
    public var maxRedirects: Int
    /// Larger bodies are dropped with `HTTPError.responseTooLarge`.
    public var maxResponseBytes: Int
    public var retry: RetryPolicy
    /// Called after every attempt (the verbose log of the executable).
    public var onExchange: (@Sendable (HTTPExchange) -> Void)?

    public init(
        userAgent: String,
        timeout: Double = 30,
        connectTimeout: Double = 10,
        maxRedirects: Int = 5,
        maxResponseBytes: Int = 32 * 1_048_576,
        retry: RetryPolicy = RetryPolicy(),
        onExchange: (@Sendable (HTTPExchange) -> Void)? = nil
    ) {
        self.userAgent = userAgent
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxRedirects = maxRedirects
        self.maxResponseBytes = maxResponseBytes
        self.retry = retry
        self.onExchange = onExchange
    }
}

/// One attempt at a request, as the verbose log reports it.
public struct HTTPExchange: Sendable {
    public let method: HTTPRequest.Method
    public let url: String
    /// The HTTP status, or nil when no response came.
    public let status: Int?
    public let bytes: Int
    public let milliseconds: Double
    public let attempt: Int
    public let error: HTTPError?
}
