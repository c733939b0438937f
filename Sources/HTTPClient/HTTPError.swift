/// What can go wrong below HTTP: each case reads as one line for a person, saying what to try.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(url: String)
    case hostNotFound(host: String)
    case couldNotConnect(host: String, detail: String)
    case timedOut(url: String, seconds: Double)
    case tlsFailure(host: String, detail: String)
    case tooManyRedirects(url: String, limit: Int)
    case responseTooLarge(url: String, limit: Int)
    /// The connection broke mid-transfer (reset, empty reply, HTTP/2 stream error).
    case connectionLost(url: String, detail: String)
    case transferFailed(url: String, detail: String)
    /// libcurl is opened on the first request; this is why it could not be.
    case libcurlUnavailable(detail: String)

    /// Worth another try: the next attempt may well succeed.
    public var isTransient: Bool {
        switch self {
        case .couldNotConnect, .connectionLost: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .invalidURL(let url):
            "'\(url)' is not a valid URL: give the site's address, such as https://news.example.org"
        case .unsupportedScheme(let url):
            "'\(url)' is not an http or https address: give the site's address, such as https://news.example.org"
        case .hostNotFound(let host):
            "could not find the host '\(host)': check the address and your network connection"
        case .couldNotConnect(let host, let detail):
            "could not connect to \(host) (\(detail)): check that the site is up and the address and port are right"
        case .timedOut(let url, let seconds):
            "no answer from \(url) within \(Self.format(seconds)) s: try again later or raise --timeout"
        case .tlsFailure(let host, let detail):
            "secure connection to \(host) failed (\(detail)): the site's certificate is not trusted or it does not speak https; check the address"
        case .tooManyRedirects(let url, let limit):
            "\(url) redirected more than \(limit) times: check the site's address"
        case .responseTooLarge(let url, let limit):
            "the answer from \(url) was larger than \(limit / 1_048_576) MiB and was dropped: is this the right site?"
        case .connectionLost(let url, let detail):
            "the connection to \(url) broke (\(detail)): try again"
        case .transferFailed(let url, let detail):
            "fetching \(url) failed (\(detail)): try again, with -v to see the requests"
        case .libcurlUnavailable(let detail):
            "libcurl could not be loaded (\(detail)): install it (Debian: apt-get install libcurl4)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
