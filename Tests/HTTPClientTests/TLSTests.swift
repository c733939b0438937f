import Synchronization
import Testing
import TestHTTPServer
@testable import HTTPClient

/// Against `openssl s_server` with certificates made for each test (TLSTestServer).
@Suite struct TLSTests {
    @Test func aCertificateTrustedThroughTheCAFileIsAccepted() async throws {
        let server = try await TLSTestServer.start(.forThisHost)
        let response = try await HTTPClientTests.client(caFile: server.caFile).send(HTTPRequest(url: server.url("/ok")))
        #expect(String(decoding: response.body, as: UTF8.self) == "secure")
    }

    @Test func aSelfSignedCertificateIsNotTrustedAndTheMessageSaysHowToTrustIt() async throws {
        let server = try await TLSTestServer.start(.forThisHost)
        let host = "127.0.0.1:\(server.port)"
        let error = await #expect(throws: HTTPError.untrustedCertificate(host: host, problem: .unknownIssuer)) {
            try await HTTPClientTests.client().send(HTTPRequest(url: server.url("/ok")))
        }
        let message = error?.description ?? ""
        #expect(message.contains("self-signed") && message.contains("[network] ca_file"))
        #expect(!message.contains("http://"), "a plain-http fallback cannot fix a certificate")
    }

    @Test func aCertificateForAnotherNameSaysSo() async throws {
        let server = try await TLSTestServer.start(.forAnotherHost)
        let host = "127.0.0.1:\(server.port)"
        let error = await #expect(throws: HTTPError.untrustedCertificate(host: host, problem: .wrongHostName)) {
            try await HTTPClientTests.client(caFile: server.caFile).send(HTTPRequest(url: server.url("/ok")))
        }
        #expect(error?.description.contains("another host name") == true)
    }

    @Test func anExpiredCertificateSaysSo() async throws {
        let server = try await TLSTestServer.start(.expired)
        let host = "127.0.0.1:\(server.port)"
        let error = await #expect(throws: HTTPError.untrustedCertificate(host: host, problem: .expired)) {
            try await HTTPClientTests.client(caFile: server.caFile).send(HTTPRequest(url: server.url("/ok")))
        }
        #expect(error?.description.contains("expired") == true)
    }

    @Test func anHTTPSAddressOnAPlainHTTPPortIsToldApart() async throws {
        let server = try TestHTTPServer(answersNonHTTPAtOnce: true) { _ in .text("plain") }
        let host = "127.0.0.1:\(server.port)"
        let error = await #expect(throws: HTTPError.plainHTTPOnTLSPort(host: host)) {
            try await HTTPClientTests.client().send(HTTPRequest(url: "https://\(host)/"))
        }
        #expect(error?.isTransient == false)
    }

    @Test func anUnreadableCAFileNamesTheSetting() async throws {
        let server = try await TLSTestServer.start(.forThisHost)
        let error = await #expect(throws: HTTPError.self) {
            try await HTTPClientTests.client(caFile: "/nonexistent/ca.pem").send(HTTPRequest(url: server.url("/ok")))
        }
        guard case .unreadableCAFile(path: "/nonexistent/ca.pem", _)? = error else {
            Issue.record("expected unreadableCAFile, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("[network] ca_file") == true)
    }

    @Test func aRedirectFromHTTPSToHTTPIsRefused() async throws {
        let plain = try TestHTTPServer { _ in .text("downgraded") }
        let target = plain.url("/landed?password=hunter2")
        let server = try await TLSTestServer.start(.forThisHost, responses: [
            "moved": "HTTP/1.0 302 Found\r\nLocation: \(target)\r\nContent-Length: 0\r\n\r\n",
        ])
        let request = HTTPRequest(url: server.url("/moved"), secretQueryNames: ["password"])
        let error = await #expect(throws: HTTPError.insecureRedirect(from: server.url("/moved"), to: plain.url("/landed?password=***"))) {
            try await HTTPClientTests.client(caFile: server.caFile).send(request)
        }
        #expect(error?.description == "\(server.url("/moved")) redirected to an http:// address (\(plain.url("/landed?password=***"))), which wpnews refuses: give the http:// address yourself if you trust it")
        #expect(plain.requests.isEmpty)
    }

    @Test func anHTTPRequestMayStillBeRedirectedToHTTPS() async throws {
        let server = try await TLSTestServer.start(.forThisHost)
        let plain = try TestHTTPServer { _ in TestResponse(status: 301, headers: [("Location", server.url("/ok"))]) }
        let response = try await HTTPClientTests.client(caFile: server.caFile).send(HTTPRequest(url: plain.baseURL))
        #expect(response.url == server.url("/ok"))
        #expect(String(decoding: response.body, as: UTF8.self) == "secure")
    }

    @Test(arguments: [
        ("SSL certificate problem: certificate has expired", CertificateProblem.expired),
        ("SSL certificate problem: self-signed certificate", .unknownIssuer),
        ("SSL certificate problem: self signed certificate in certificate chain", .unknownIssuer),
        ("SSL certificate problem: unable to get local issuer certificate", .unknownIssuer),
        ("SSL: no alternative certificate subject name matches target host name 'news.example.org'", .wrongHostName),
        ("SSL: certificate subject name 'a.example' does not match target host name 'b.example'", .wrongHostName),
        ("SSL certificate problem: certificate is not yet valid", .other("SSL certificate problem: certificate is not yet valid")),
    ])
    func certificateProblemsAreReadFromLibcurlsWords(detail: String, problem: CertificateProblem) {
        #expect(CertificateProblem(curlDetail: detail) == problem)
    }
}

/// Secret query values and user info never leave the client in what it reports.
@Suite struct SecretTests {
    @Test func theDisplayURLHidesSecretValuesAndUserInfo() {
        let request = HTTPRequest(
            url: "https://me:hunter2@news.example.org/wp-json/wp/v2/posts?password=hunter2&page=2&password=again#top",
            secretQueryNames: ["password"]
        )
        #expect(request.displayURL == "https://news.example.org/wp-json/wp/v2/posts?password=***&page=2&password=***#top")
        #expect(HTTPRequest(url: "http://news.example.org/?a=1&b").displayURL == "http://news.example.org/?a=1&b")
    }

    @Test func noErrorOrExchangeCarriesTheSecret() async throws {
        let secret = "hunter2"
        let server = try TestHTTPServer(answersNonHTTPAtOnce: true) { request in
            switch request.path {
            case "/stall": .stall()
            case "/loop": TestResponse(status: 302, headers: [("Location", "/loop?password=\(secret)")])
            case "/big": TestResponse(status: 200, body: [UInt8](repeating: 0, count: 4_096))
            case "/busy": .status(429, headers: [("Retry-After", "120")])
            default: .text("ok")
            }
        }
        let closed = try TestHTTPServer { _ in .text("") }
        closed.stop()
        let exchanges = Mutex<[HTTPExchange]>([])
        let client = HTTPClientTests.client(timeout: 0.5, maxResponseBytes: 1_024, retry: .never, onExchange: { exchange in
            exchanges.withLock { $0.append(exchange) }
        })
        // /busy last: its pause fails every later request to its host before it is sent.
        let urls = [
            server.url("/ok"), server.url("/stall"), server.url("/loop"), server.url("/big"),
            closed.url("/"), "https://127.0.0.1:\(server.port)/tls", "ftp://127.0.0.1/file",
            "http://me:\(secret)@127.0.0.1:\(server.port)/ok", server.url("/busy"),
        ]
        var reports: [String] = []
        for url in urls {
            let request = HTTPRequest(url: url + "?user=me&password=\(secret)", secretQueryNames: ["password"])
            do {
                _ = try await client.send(request)
            } catch {
                reports += [String(describing: error), String(reflecting: error)]
            }
        }
        #expect(reports.count == 2 * (urls.count - 2), "all but the two plain /ok requests fail")
        let logged = exchanges.withLock { $0 }
        #expect(logged.count == urls.count)
        #expect(logged.allSatisfy { $0.url.contains("password=***") })
        reports += logged.map { String(reflecting: $0) }
        for report in reports { #expect(!report.contains(secret), "\(report)") }
    }
}
