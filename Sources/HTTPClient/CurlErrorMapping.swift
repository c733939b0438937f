import CCurl
import URLSyntax

/// Turns libcurl's result codes into `HTTPError`s a person can act on.
enum CurlErrorMapping {
    static func failed(_ outcome: CurlOutcome) -> Bool {
        outcome.code != CURLE_OK || outcome.exceededSizeLimit || outcome.redirectNotFollowed != nil
    }

    static func error(for outcome: CurlOutcome, request: HTTPRequest, configuration: HTTPClientConfiguration) -> HTTPError {
        let url = request.displayURL
        let host = request.host
        // OpenSSL's details may end with a space, which would stand before the closing parenthesis.
        let detail = (outcome.errorDetail.isEmpty
            ? String(cString: wpnews_curl_easy_strerror(outcome.code))
            : outcome.errorDetail).trimmingWhitespace()
        if let refused = outcome.refusedAddress {
            return .refusedAddress(host: refused.host, address: refused.address, kind: refused.kind)
        }
        if outcome.exceededSizeLimit || outcome.code == CURLE_FILESIZE_EXCEEDED {
            return .responseTooLarge(url: url, limit: request.maxResponseBytes ?? configuration.maxResponseBytes)
        }
        if outcome.code == CURLE_OK, let target = outcome.redirectNotFollowed {
            return .bodyNotRedirected(from: url, to: request.displayForm(of: target))
        }
        switch outcome.code {
        case CURLE_URL_MALFORMAT:
            return .invalidURL(url)
        case CURLE_UNSUPPORTED_PROTOCOL where isDowngrade(from: request.url, to: outcome.effectiveURL):
            // libcurl refused the redirect (CURLOPT_REDIR_PROTOCOLS_STR) and left its target as
            // the effective URL; CURLINFO_REDIRECT_URL is empty once redirects are followed.
            return .insecureRedirect(from: url, to: request.displayForm(of: outcome.effectiveURL))
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .unsupportedScheme(url: url)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .hostNotFound(host: host)
        case CURLE_COULDNT_RESOLVE_PROXY:
            return .proxyUnreachable(proxy: proxyAddress(for: request, configuration: configuration) ?? "", detail: detail)
        case CURLE_COULDNT_CONNECT:
            if let proxy = proxyAddress(for: request, configuration: configuration), connected(to: proxy, detail: detail) {
                return .proxyUnreachable(proxy: proxy, detail: connectDetail(detail))
            }
            return .couldNotConnect(host: host, detail: connectDetail(detail))
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(url: url, seconds: request.timeout ?? configuration.timeout)
        case CURLE_SSL_CONNECT_ERROR where detail.contains("wrong version number"):
            // OpenSSL read "HTTP/1.1 400 ..." where a TLS record should start.
            return .plainHTTPOnTLSPort(host: host)
        case CURLE_PEER_FAILED_VERIFICATION:
            return .untrustedCertificate(host: host, problem: CertificateProblem(curlDetail: detail))
        case CURLE_SSL_CACERT_BADFILE:
            return .unreadableCAFile(path: configuration.caFile, detail: detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return .tlsFailure(host: host, detail: detail)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(url: url, limit: request.maxRedirects ?? configuration.maxRedirects)
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connectionLost(url: url, detail: detail)
        default:
            return .transferFailed(url: url, detail: detail)
        }
    }

    private static func isDowngrade(from requested: String, to effective: String) -> Bool {
        WebAddress(typed: requested).hasScheme("https") && WebAddress(typed: effective).hasScheme("http")
    }

    /// The proxy the request was given, as host and port.
    private static func proxyAddress(for request: HTTPRequest, configuration: HTTPClientConfiguration) -> String? {
        guard let proxy = configuration.proxy.proxy(forHTTPS: request.isHTTPS), !proxy.isEmpty else { return nil }
        return String(WebAddress(typed: proxy).hostAndPort)
    }

    /// Whether libcurl's "Failed to connect to HOST port N" names the proxy: `no_proxy` may
    /// have sent the request around it, and only libcurl knows.
    private static func connected(to proxy: String, detail: String) -> Bool {
        let address = WebAddress(typed: proxy)
        return detail.contains("to \(address.host) port \(address.port ?? "1080") ")
    }

    /// "Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server" -> "connection refused" style.
    private static func connectDetail(_ detail: String) -> String {
        if detail.contains("refused") || detail.hasSuffix("Couldn't connect to server") {
            return "connection refused"
        }
        return detail
    }
}
