import FoundationEssentials
import CCurl
import Synchronization
import Testing
import TestHTTPServer
@testable import HTTPClient

/// What the client says about a failure: once, and in a line a person reads as written.
@Suite struct ReportedFailureTests {
    /// A server that keeps asking for the same pause is told about once, not on every retry.
    @Test func aPauseAskedAgainOnEachRetryIsSaidOnce() async throws {
        let server = try TestHTTPServer { _ in .status(429, headers: [("Retry-After", "1")]) }
        defer { server.stop() }
        let backoffs = Mutex(0)
        let client = HTTPClientTests.client(timeout: 30, onBackoff: { _ in backoffs.withLock { $0 += 1 } })
        let response = try await client.send(HTTPRequest(url: server.url("/a")))
        #expect(response.status == 429)
        #expect(server.requests.count == 3, "the first try and two retries")
        #expect(backoffs.withLock { $0 } == 1)
    }

    /// libcurl's detail may end with a space (OpenSSL's "in connection to HOST:443 ").
    @Test func aFailuresDetailHasNoSpaceAtItsEnd() {
        let outcome = CurlOutcome(code: CURLE_SSL_CONNECT_ERROR, errorDetail: "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to example.org:443 ",
                                  status: 0, headers: HTTPHeaders(), body: Data(), headerBytes: 0, effectiveURL: "https://example.org/",
                                  exceededSizeLimit: false, milliseconds: 1)
        let error = CurlErrorMapping.error(for: outcome, request: HTTPRequest(url: "https://example.org/"),
                                           configuration: HTTPClientConfiguration(userAgent: "test"))
        #expect(error == .tlsFailure(host: "example.org", detail: "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to example.org:443"))
    }
}
