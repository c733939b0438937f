import CCurl
import Glibc
import Synchronization
import Testing
import TestHTTPServer
@testable import HTTPClient

/// The limits a request for a page from anywhere on the web sets for itself: addresses it may
/// not reach, redirects and size, and every hop shown to the verbose log.
@Suite struct PageRequestLimitTests {
    @Test(arguments: [
        ("127.0.0.1", AddressKind.loopback), ("127.8.9.10", .loopback), ("0.0.0.0", .loopback), ("::1", .loopback), ("::", .loopback),
        ("::ffff:127.0.0.1", .loopback), ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.1.1", .privateNetwork), ("100.64.0.1", .privateNetwork), ("fd00::2", .privateNetwork), ("::ffff:192.168.0.9", .privateNetwork),
        ("169.254.169.254", .linkLocal), ("fe80::1", .linkLocal),
        ("64:ff9b::7f00:1", .loopback), ("::127.0.0.1", .loopback), ("64:ff9b::10.1.2.3", .privateNetwork), ("::10.0.0.1", .privateNetwork),
        ("64:ff9b:1::a00:1", .privateNetwork), ("64:ff9b::169.254.169.254", .linkLocal), ("198.18.0.1", .reserved), ("198.19.255.255", .reserved),
        ("240.0.0.1", .reserved), ("255.255.255.255", .reserved), ("192.0.2.1", .reserved), ("224.0.0.1", .reserved),
        ("::ffff:0:127.0.0.1", .loopback), ("2002:7f00:1::", .loopback), ("2002:c0a8:101::", .privateNetwork), ("fec0::1", .privateNetwork),
        ("100::1", .reserved), ("ff02::1", .reserved),
    ])
    func addressesInsideTheMachineOrItsNetworkAreKnown(address: String, kind: AddressKind) {
        #expect(AddressKind.of(address: address) == kind)
    }

    @Test(arguments: ["93.184.216.34", "172.32.0.1", "100.128.0.1", "2001:db8::1", "example.org", ""])
    func addressesOnTheWebAreNone(address: String) {
        #expect(AddressKind.of(address: address) == nil)
    }

    @Test func aHostIsKnownAsWrittenWithNoLookup() {
        #expect(AddressKind.of(host: "localhost") == .loopback)
        #expect(AddressKind.of(host: "LocalHost") == .loopback)
        #expect(AddressKind.of(host: "[::1]") == .loopback)
        #expect(AddressKind.of(host: "10.0.0.5") == .privateNetwork)
        #expect(AddressKind.of(host: "93.184.216.34") == nil)
        #expect(AddressKind.of(host: "localhost.localdomain") == nil)
    }

    /// The address the connection reached is what counts, so `localhost` is refused as
    /// 127.0.0.1 is, and nothing is sent to either.
    @Test(arguments: ["127.0.0.1", "localhost"])
    func aRefusedAddressIsNeverSentTheRequest(host: String) async throws {
        let server = try TestHTTPServer { _ in .html("<p>inside</p>") }
        var request = HTTPRequest(url: server.url("/page").replacingOccurrences(of: "127.0.0.1", with: host))
        request.refusedAddresses = [.loopback]
        await #expect {
            try await HTTPClientTests.client().send(request)
        } throws: { error in
            guard case HTTPError.refusedAddress(_, _, .loopback) = error else { return false }
            return (error as! HTTPError).description.contains("a loopback address, which a page from the web may not send wpnews to")
        }
        #expect(server.requests.isEmpty)
        var allowed = request
        allowed.refusedAddresses = [.privateNetwork, .linkLocal]
        #expect(try await HTTPClientTests.client().send(allowed).status == 200)
    }

    /// A numeric host says where it leads without a connection: refused before anything is
    /// sent, to it or to a proxy, which would connect there on wpnews's behalf.
    @Test(arguments: [
        ("[::ffff:127.0.0.1]", AddressKind.loopback), ("[::1]", .loopback), ("0.0.0.0", .loopback), ("10.1.2.3", .privateNetwork),
    ] as [(String, AddressKind)], [false, true])
    func aNumericHostOfARefusedKindIsNeverAsked(numericHost: (String, AddressKind), throughProxy: Bool) async throws {
        let (host, kind) = numericHost
        let proxy = try TestHTTPServer { _ in .html("<p>from the proxy</p>") }
        var request = HTTPRequest(url: "http://\(host):8785/page")
        request.refusedAddresses = Set(AddressKind.allCases)
        let client = HTTPClientTests.client(proxy: throughProxy ? ProxySettings(http: proxy.baseURL) : ProxySettings())
        await #expect {
            try await client.send(request)
        } throws: { error in
            guard case HTTPError.refusedAddress(_, _, kind) = error else { return false }
            return true
        }
        #expect(proxy.requests.isEmpty)
    }

    /// Behind a proxy the address is not checked here, so a host `no_proxy` names would be
    /// reached directly, unchecked: a request that refuses addresses always takes the proxy.
    @Test func aRequestThatRefusesAddressesTakesTheProxyWhateverNoProxySays() async throws {
        let server = try TestHTTPServer { _ in .html("<p>inside</p>") }
        let proxy = try TestHTTPServer { _ in .html("<p>from the proxy</p>") }
        // The machine's own name, which leads here on most systems (/etc/hosts).
        var name = [CChar](repeating: 0, count: 256)
        #expect(gethostname(&name, name.count) == 0)
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var request = HTTPRequest(url: "http://\(host):\(server.port)/page")
        request.refusedAddresses = Set(AddressKind.allCases)
        let client = HTTPClientTests.client(proxy: ProxySettings(http: proxy.baseURL, noProxy: "*"))
        #expect(try await String(decoding: client.send(request).body, as: UTF8.self) == "<p>from the proxy</p>")
        #expect(server.requests.isEmpty)
        #expect(proxy.requests.count == 1)
    }

    /// A libcurl older than 7.80 does not take `CURLOPT_PREREQFUNCTION`: such a request is
    /// not sent at all, rather than sent anywhere unchecked.
    @Test func aRequestThatCannotBeCheckedIsNotSent() throws {
        #expect(throws: HTTPError.addressCheckUnavailable(url: "http://192.0.2.2/page")) {
            try CurlTransfer.requireAddressCheck(accepted: CURLE_UNKNOWN_OPTION, url: "http://192.0.2.2/page")
        }
        #expect(HTTPError.addressCheckUnavailable(url: "http://192.0.2.2/page").description.contains("upgrade libcurl"))
        try CurlTransfer.requireAddressCheck(accepted: CURLE_OK, url: "http://192.0.2.2/page")
    }

    @Test func aRequestFollowsNoMoreRedirectsThanItSays() async throws {
        let server = try TestHTTPServer { request in
            guard let hop = Int(request.path.dropFirst(1)), hop > 0 else { return .text("arrived") }
            return TestResponse(status: 302, headers: [("Location", "/\(hop - 1)")])
        }
        var three = HTTPRequest(url: server.url("/3"))
        three.maxRedirects = 3
        #expect(try await HTTPClientTests.client().send(three).redirects == [302, 302, 302])
        var four = HTTPRequest(url: server.url("/4"))
        four.maxRedirects = 3
        await #expect(throws: HTTPError.tooManyRedirects(url: four.url, limit: 3)) { try await HTTPClientTests.client().send(four) }
    }

    @Test func aRequestTakesNoMoreBytesThanItSays() async throws {
        let server = try TestHTTPServer { _ in TestResponse(status: 200, headers: [("Content-Type", "text/html")], body: [UInt8](repeating: 0x20, count: 6 * 1_048_576)) }
        var request = HTTPRequest(url: server.url("/big"))
        request.maxResponseBytes = 5 * 1_048_576
        await #expect(throws: HTTPError.responseTooLarge(url: request.url, limit: 5 * 1_048_576)) {
            try await HTTPClientTests.client(maxResponseBytes: 32 * 1_048_576).send(request)
        }
    }

    @Test func theLogIsToldWhereEachRedirectLed() async throws {
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/a": TestResponse(status: 301, headers: [("Location", "/b?token=1")])
            case "/b": TestResponse(status: 302, headers: [("Location", "/c")])
            default: .text("arrived")
            }
        }
        let seen = Mutex<[HTTPExchange]>([])
        let client = HTTPClientTests.client(onExchange: { exchange in seen.withLock { $0.append(exchange) } })
        _ = try await client.send(HTTPRequest(url: server.url("/a"), secretQueryNames: ["token"]))
        #expect(seen.withLock { $0.map(\.redirectedTo) } == [[server.url("/b?token=***"), server.url("/c")]])
    }
}
