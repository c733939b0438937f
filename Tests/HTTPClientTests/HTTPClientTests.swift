import FoundationEssentials
import Glibc
import Synchronization
import Testing
import TestHTTPServer
@testable import HTTPClient

@Suite struct HTTPClientTests {
    static func client(
        timeout: Double = 5, maxResponseBytes: Int = 1_048_576, retry: RetryPolicy = RetryPolicy(baseDelay: 0.01),
        requestsPerHost: Int = 6, caFile: String? = nil, proxy: ProxySettings = ProxySettings(),
        onExchange: (@Sendable (HTTPExchange) -> Void)? = nil, onBackoff: (@Sendable (HTTPBackoff) -> Void)? = nil
    ) -> HTTPClient {
        HTTPClient(configuration: HTTPClientConfiguration(
            userAgent: "wpnews-tests/1", timeout: timeout, maxResponseBytes: maxResponseBytes, retry: retry,
            requestsPerHost: requestsPerHost, caFile: caFile, proxy: proxy, onExchange: onExchange, onBackoff: onBackoff
        ))
    }

    @Test func getReturnsStatusHeadersAndBodyAndSendsOurHeaders() async throws {
        let server = try TestHTTPServer { request in
            .json("{\"path\":\"\(request.path)\"}", headers: [("X-WP-Total", "42")])
        }
        let response = try await Self.client().send(HTTPRequest(url: server.url("/wp-json/?a=1"), headers: ["Accept": "application/json"]))
        #expect(response.status == 200)
        #expect(response.headers["x-wp-total"] == "42")
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"path\":\"/wp-json/\"}")
        let sent = try #require(server.requests.first)
        #expect(sent.header("User-Agent") == "wpnews-tests/1")
        #expect(sent.header("Accept") == "application/json")
        let encodings = sent.header("Accept-Encoding") ?? ""
        #expect(encodings.contains("gzip") && encodings.contains("br") && encodings.contains("zstd"))
    }

    @Test func gzipBodiesAreDecoded() async throws {
        let compressed: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0xca, 0x48, 0xcd, 0xc9, 0xc9, 0x57, 0xb2, 0x52, 0x4a, 0xce, 0xcf, 0x2d, 0x28, 0x4a, 0x2d, 0x2e, 0x4e, 0x4d, 0x51, 0x28, 0xcf, 0x2f, 0xca, 0x49, 0x51, 0xaa, 0x05, 0x00, 0x86, 0x2f, 0x3b, 0x1a, 0x1c, 0x00, 0x00, 0x00]
        let server = try TestHTTPServer { _ in
            TestResponse(status: 200, headers: [("Content-Encoding", "gzip"), ("Content-Type", "application/json")], body: compressed)
        }
        let response = try await Self.client().send(HTTPRequest(url: server.baseURL))
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"hello\":\"compressed world\"}")
    }

    @Test func headRequestsCarryNoBody() async throws {
        let server = try TestHTTPServer { _ in .html("<html>home</html>", headers: [("Link", "<http://x/wp-json/>; rel=\"https://api.w.org/\"")]) }
        let response = try await Self.client().send(HTTPRequest(url: server.baseURL, method: .head))
        #expect(response.body.isEmpty)
        #expect(response.headers["Link"] != nil)
        #expect(server.requests.first?.method == "HEAD")
    }

    @Test func redirectsAreFollowedAndOnlyTheFinalHeadersKept() async throws {
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/old": TestResponse(status: 301, headers: [("Location", "/middle"), ("X-Hop", "1")])
            case "/middle": TestResponse(status: 302, headers: [("Location", "/new"), ("X-Hop", "2")])
            default: .text("arrived")
            }
        }
        let response = try await Self.client().send(HTTPRequest(url: server.url("/old")))
        #expect(response.status == 200)
        #expect(response.url == server.url("/new"))
        #expect(response.headers["X-Hop"] == nil)
    }

    /// A feed that moved for good is asked at its new address from then on; one temporary
    /// hop on the way means the old address stays the one to ask.
    @Test func aResponseSaysWhetherItsAddressMovedForGood() async throws {
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/301": TestResponse(status: 301, headers: [("Location", "/308")])
            case "/308": TestResponse(status: 308, headers: [("Location", "/new")])
            case "/302": TestResponse(status: 302, headers: [("Location", "/308")])
            case "/continue": TestResponse(status: 307, headers: [("Location", "/new")])
            default: .text("arrived")
            }
        }
        let client = Self.client()
        let permanent = try await client.send(HTTPRequest(url: server.url("/301")))
        #expect(permanent.redirects == [301, 308])
        #expect(permanent.movedPermanently && permanent.url == server.url("/new"))
        let mixed = try await client.send(HTTPRequest(url: server.url("/302")))
        #expect(mixed.redirects == [302, 308])
        #expect(!mixed.movedPermanently)
        #expect(try await !client.send(HTTPRequest(url: server.url("/continue"))).movedPermanently)
        let direct = try await client.send(HTTPRequest(url: server.url("/new")))
        #expect(direct.redirects.isEmpty && !direct.movedPermanently)
    }

    /// A body (a post's password) is for the address it was sent to: libcurl would send it
    /// again to wherever a 307 points, another host included.
    @Test func aRequestWithABodyIsNotRedirectedElsewhere() async throws {
        let elsewhere = try TestHTTPServer { _ in .text("took it") }
        let server = try TestHTTPServer { _ in TestResponse(status: 307, headers: [("Location", elsewhere.url("/taken"))]) }
        var request = HTTPRequest(url: server.url("/wp-json/wp/v2/posts/37"), method: .post, headers: ["Content-Type": "application/x-www-form-urlencoded"])
        request.body = "password=hunter2"
        await #expect(throws: HTTPError.bodyNotRedirected(from: request.url, to: elsewhere.url("/taken"))) { try await Self.client().send(request) }
        #expect(server.requests.first?.bodyText == "password=hunter2")
        #expect(elsewhere.requests.isEmpty, "the body went on to \(elsewhere.baseURL)")
    }

    @Test func moreThanFiveRedirectsIsAnError() async throws {
        let server = try TestHTTPServer { request in
            let hop = Int(request.path.dropFirst()) ?? 0
            return TestResponse(status: 302, headers: [("Location", "/\(hop + 1)")])
        }
        await #expect(throws: HTTPError.tooManyRedirects(url: server.url("/0"), limit: 5)) {
            try await Self.client().send(HTTPRequest(url: server.url("/0")))
        }
        #expect(server.requests.count == 6)
    }

    @Test func retriesTryAgainLaterStatusesAtMostTwice() async throws {
        let server = try TestHTTPServer { _ in .status(503) }
        let response = try await Self.client().send(HTTPRequest(url: server.baseURL))
        #expect(response.status == 503)
        #expect(server.requests.count == 3)
    }

    @Test func retryHonoursRetryAfter() async throws {
        let calls = Mutex(0)
        // The first answer asks for a one-second pause; the policy's own backoff is 10 ms.
        let counting = try TestHTTPServer { _ in
            let call = calls.withLock { count in count += 1; return count }
            return call == 1 ? .status(429, headers: [("Retry-After", "1")]) : .text("ok")
        }
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await Self.client().send(HTTPRequest(url: counting.baseURL))
        let elapsed = clock.now - start
        #expect(response.status == 200)
        #expect(elapsed >= .milliseconds(950))
        #expect(elapsed < .seconds(60))
    }

    @Test func retryAfterIsCapped() async throws {
        let calls = Mutex(0)
        let server = try TestHTTPServer { _ in
            let call = calls.withLock { count in count += 1; return count }
            return call == 1 ? .status(503, headers: [("Retry-After", "3600")]) : .text("ok")
        }
        let clock = ContinuousClock()
        let start = clock.now
        // Past the cap the request is not retried after a shortened wait (the server said
        // when it would answer again): it fails at once, saying how long the server asked for.
        await #expect(throws: HTTPError.serverAskedToWait(host: "127.0.0.1:\(server.port)", seconds: 3600, status: 503)) {
            try await Self.client(retry: RetryPolicy(baseDelay: 0.01, maxDelay: 0.2)).send(HTTPRequest(url: server.baseURL))
        }
        #expect(server.requests.count == 1)
        // Far below the hour asked for. Loose: CPU-bound tests in other suites can hold the
        // test executor's threads for seconds on a 2-core machine.
        #expect(clock.now - start < .seconds(60))
    }

    @Test func clientErrorsAreNotRetried() async throws {
        let server = try TestHTTPServer { _ in .json("{\"code\":\"rest_no_route\"}", status: 404) }
        let response = try await Self.client().send(HTTPRequest(url: server.baseURL))
        #expect(response.status == 404)
        #expect(server.requests.count == 1)
    }

    @Test func aDroppedConnectionIsRetried() async throws {
        let calls = Mutex(0)
        let server = try TestHTTPServer { _ in
            let call = calls.withLock { count in count += 1; return count }
            return call == 1 ? .closeWithoutResponse() : .text("second time lucky")
        }
        let response = try await Self.client().send(HTTPRequest(url: server.baseURL))
        #expect(String(decoding: response.body, as: UTF8.self) == "second time lucky")
        #expect(server.requests.count == 2)
    }

    @Test func aRefusedConnectionIsReportedAfterRetries() async throws {
        let server = try TestHTTPServer { _ in .text("") }
        let url = server.baseURL
        server.stop()
        let attempts = Mutex(0)
        let client = Self.client(onExchange: { _ in attempts.withLock { $0 += 1 } })
        await #expect(throws: HTTPError.couldNotConnect(host: url.replacing("http://", with: ""), detail: "connection refused")) {
            try await client.send(HTTPRequest(url: url))
        }
        #expect(attempts.withLock { $0 } == 3)
    }

    @Test func aSlowServerTimesOutWithoutRetrying() async throws {
        let server = try TestHTTPServer { _ in .stall() }
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: HTTPError.timedOut(url: server.baseURL, seconds: 0.3)) {
            try await Self.client(timeout: 0.3).send(HTTPRequest(url: server.baseURL))
        }
        #expect(clock.now - start < .seconds(60))
        #expect(server.requests.count == 1)
    }

    @Test func aBodyOverTheCapIsDropped() async throws {
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 4_096)
        let server = try TestHTTPServer { request in
            request.path == "/chunked"
                // No Content-Length: only the write callback can notice.
                ? TestResponse(status: 200, headers: [("Transfer-Encoding", "chunked")], body: Array("1000\r\n".utf8) + big + Array("\r\n0\r\n\r\n".utf8))
                : TestResponse(status: 200, body: big)
        }
        let client = Self.client(maxResponseBytes: 1_024)
        for path in ["/announced", "/chunked"] {
            await #expect(throws: HTTPError.responseTooLarge(url: server.url(path), limit: 1_024)) {
                try await client.send(HTTPRequest(url: server.url(path)))
            }
        }
    }

    @Test func cancellingTheTaskRemovesTheTransfer() async throws {
        let server = try TestHTTPServer { _ in .stall() }
        let client = Self.client(timeout: 30)
        let task = Task { try await client.send(HTTPRequest(url: server.baseURL)) }
        #expect(await eventually { server.requests.count == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await eventually { server.hungUpRequests.count == 1 })
    }

    @Test func aTaskCancelledBeforeItStartsNeverConnects() async throws {
        let server = try TestHTTPServer { _ in .text("never") }
        let client = Self.client()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(HTTPRequest(url: server.baseURL))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.requests.isEmpty)
    }

    @Test func requestsRunConcurrentlyOnOneMultiHandle() async throws {
        // Counted at the server, not timed: a loaded machine stretches time, not overlap.
        let load = Mutex((inFlight: 0, peak: 0))
        let server = try TestHTTPServer { _ in
            load.withLock { $0.inFlight += 1; $0.peak = max($0.peak, $0.inFlight) }
            usleep(1_000_000)
            load.withLock { $0.inFlight -= 1 }
            return .text("slow")
        }
        let client = Self.client()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<6 { group.addTask { try await client.send(HTTPRequest(url: server.url("/\(index)"))).status } }
            for try await status in group { #expect(status == 200) }
        }
        #expect(load.withLock { $0.peak } >= 3, "one after another, at most one would be in flight")
    }

    @Test func everyAttemptIsReportedForTheVerboseLog() async throws {
        let calls = Mutex(0)
        let server = try TestHTTPServer { _ in
            let call = calls.withLock { count in count += 1; return count }
            return call == 1 ? .status(502) : .text("12345")
        }
        let log = Mutex<[HTTPExchange]>([])
        _ = try await Self.client(onExchange: { exchange in log.withLock { $0.append(exchange) } }).send(HTTPRequest(url: server.baseURL))
        let exchanges = log.withLock { $0 }
        #expect(exchanges.map(\.status) == [502, 200])
        #expect(exchanges.map(\.attempt) == [1, 2])
        #expect(exchanges.last?.bytes == 5)
        #expect(exchanges.allSatisfy { $0.milliseconds >= 0 && $0.url == server.baseURL })
    }
}


@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxRetries: 2, baseDelay: 0.25, maxDelay: 8)

    @Test func backoffDoublesUpToTheCap() {
        #expect(policy.delay(beforeRetry: 0) == 0.25)
        #expect(policy.delay(beforeRetry: 1) == 0.5)
        #expect(policy.delay(beforeRetry: 10) == 8)
    }

    @Test func retryAfterSecondsAndDatesAreHonouredAndCapped() {
        let now = Date(timeIntervalSince1970: 784_111_777) // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(policy.delay(beforeRetry: 0, retryAfter: "3", now: now) == 3)
        #expect(policy.delay(beforeRetry: 0, retryAfter: "Sun, 06 Nov 1994 08:49:42 GMT", now: now) == 5)
        #expect(policy.delay(beforeRetry: 0, retryAfter: "120", now: now) == 8)
        #expect(policy.delay(beforeRetry: 0, retryAfter: "soon", now: now) == 0.25)
    }
}
