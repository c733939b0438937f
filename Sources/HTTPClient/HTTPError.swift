/// What can go wrong below HTTP: each case reads as one line for a person, saying what to try.
///
/// URLs in these cases are display forms (`HTTPRequest.displayURL`): they never carry a secret.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(url: String)
    case hostNotFound(host: String)
    case couldNotConnect(host: String, detail: String)
    /// The proxy the request was to go through could not be reached (`host:port`): the site was never asked.
    case proxyUnreachable(proxy: String, detail: String)
    case timedOut(url: String, seconds: Double)
    /// A TLS failure that is not about the certificate (no shared protocol or cipher, a broken handshake).
    case tlsFailure(host: String, detail: String)
    /// The port answered a TLS hello in plain HTTP: the site may serve http only.
    case plainHTTPOnTLSPort(host: String)
    case untrustedCertificate(host: String, problem: CertificateProblem)
    /// The certificate authorities to trust could not be read: `path` is the configured CA
    /// file, or nil for the system's store.
    case unreadableCAFile(path: String?, detail: String)
    /// An https address redirected to an http one, which would drop the encryption unasked.
    case insecureRedirect(from: String, to: String)
    case tooManyRedirects(url: String, limit: Int)
    /// A request with a body (which may hold a secret) was redirected: its body is not sent on.
    case bodyNotRedirected(from: String, to: String)
    /// The server asked for a pause (429 or 503 with `Retry-After`) longer than the retry policy waits.
    case serverAskedToWait(host: String, seconds: Double, status: Int)
    case responseTooLarge(url: String, limit: Int)
    /// The connection broke mid-transfer (reset, empty reply, HTTP/2 stream error).
    case connectionLost(url: String, detail: String)
    case transferFailed(url: String, detail: String)
    /// libcurl is opened on the first request; this is why it could not be.
    case libcurlUnavailable(detail: String)
    /// A password was to be sent over plain http to another machine, where anyone on the way could read it.
    case credentialsOverPlainHTTP(host: String)
    /// The host led to an address the request refuses (`HTTPRequest.refusedAddresses`):
    /// nothing was sent to it.
    case refusedAddress(host: String, address: String, kind: AddressKind)
    /// A request that refuses addresses was not sent: this libcurl cannot check the address
    /// a connection reaches.
    case addressCheckUnavailable(url: String)

    /// Worth another try: the next attempt may well succeed.
    public var isTransient: Bool {
        switch self {
        case .couldNotConnect, .proxyUnreachable, .connectionLost: true
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
        case .proxyUnreachable(let proxy, let detail):
            "could not connect to the proxy \(proxy) (\(detail)): check it is running, or the proxy setting (http_proxy, https_proxy, all_proxy, [network] proxy)"
        case .timedOut(let url, let seconds):
            "no answer from \(url) within \(Self.format(seconds)) s: try again later or raise --timeout"
        case .tlsFailure(let host, let detail):
            "secure connection to \(host) failed (\(detail)): check the address, and try again later"
        case .plainHTTPOnTLSPort(let host):
            "\(host) answers plain http, not https: give the address as http://\(host) if you trust the network"
        case .untrustedCertificate(let host, let problem):
            problem.description(host: host)
        case .unreadableCAFile(let path?, let detail):
            "could not read the CA file '\(path)' (\(detail)): check [network] ca_file in config.toml"
        case .unreadableCAFile(nil, let detail):
            "could not read this system's certificate authorities (\(detail)): install them (Debian: apt-get install ca-certificates)"
        case .insecureRedirect(let from, let to):
            "\(from) redirected to an http:// address (\(to)), which wpnews refuses: give the http:// address yourself if you trust it"
        case .tooManyRedirects(let url, let limit):
            "\(url) redirected more than \(limit) times: check the site's address"
        case .bodyNotRedirected(let from, let to):
            "\(from) redirected to \(to): wpnews sends what a request carries (a password) only where it was meant to go, so give the address the site redirects to"
        case .serverAskedToWait(let host, let seconds, let status):
            "\(host) asked wpnews to wait \(Self.format(seconds)) s before trying again (HTTP \(status)): try again later"
        case .refusedAddress(let host, let address, let kind):
            "\(host) is at \(address), a \(kind.rawValue) address, which a page from the web may not send wpnews to: nothing was asked of it"
        case .addressCheckUnavailable(let url):
            "\(url) was not asked for: this libcurl cannot check the address a connection reaches (CURLOPT_PREREQFUNCTION, libcurl 7.80 or later), and a page from the web may not be read unchecked: upgrade libcurl"
        case .responseTooLarge(let url, let limit):
            "the answer from \(url) was larger than \(limit / 1_048_576) MiB and was dropped: is this the right site?"
        case .connectionLost(let url, let detail):
            "the connection to \(url) broke (\(detail)): try again"
        case .transferFailed(let url, let detail):
            "fetching \(url) failed (\(detail)): try again, with -v to see the requests"
        case .libcurlUnavailable(let detail):
            "reaching a site needs libcurl, which could not be loaded (\(detail)): install it with `apt install libcurl4`"
        case .credentialsOverPlainHTTP(let host):
            "wpnews sends a password only over https, and \(host) was to be reached over plain http: follow the site by its https:// address"
        }
    }

    /// Whole seconds without a fraction ("8"), others as they are ("0.3").
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// Why a server's certificate was not accepted, as far as the TLS library's words tell.
public enum CertificateProblem: Sendable, Equatable {
    case expired
    /// Self-signed, or signed by an authority this machine does not trust.
    case unknownIssuer
    /// Valid, but made out for another host name.
    case wrongHostName
    /// Anything else, in the TLS library's words.
    case other(String)

    /// Reads libcurl's error detail (OpenSSL's verify result, or libcurl's own host-name check).
    init(curlDetail detail: String) {
        let text = detail.lowercased()
        if text.contains("expired") {
            self = .expired
        } else if text.contains("self-signed") || text.contains("self signed") || text.contains("issuer certificate")
                    || text.contains("unable to verify the first certificate") {
            self = .unknownIssuer
        } else if text.contains("target host name") {
            self = .wrongHostName
        } else {
            self = .other(detail)
        }
    }

    func description(host: String) -> String {
        switch self {
        case .expired:
            "the certificate of \(host) has expired, so wpnews cannot tell it is the real site: try again once its owner renews it"
        case .unknownIssuer:
            "the certificate of \(host) is self-signed or from an unknown issuer: if you trust it, set [network] ca_file in config.toml to its CA certificate (PEM)"
        case .wrongHostName:
            "the certificate of \(host) is made out for another host name: check the address, or use the name the certificate gives"
        case .other(let detail):
            "the certificate of \(host) was not accepted (\(detail)): if you trust it, set [network] ca_file in config.toml to its CA certificate (PEM)"
        }
    }
}
