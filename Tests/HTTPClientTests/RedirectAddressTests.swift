import Testing
import TestHTTPServer
@testable import HTTPClient

/// A redirect is a new address a page chose: its host is checked before it is followed, as the
/// request's own is, whether wpnews connects itself or through a proxy (which would connect
/// there on wpnews's behalf, out of reach of the check on the connection).
@Suite struct RedirectAddressTests {
    @Test(arguments: [
        ("http://10.0.0.1/", AddressKind.privateNetwork), ("http://[::1]/", .loopback), ("http://[64:ff9b::a9fe:a9fe]/latest/", .linkLocal),
        ("http://2130706433/", .loopback), ("http://127.1/", .loopback), ("http://0x7f.0.0.1/", .loopback), ("http://017700000001/", .loopback),
        ("http://127.0.0.1./", .loopback), ("http://localhost./", .loopback), ("http://Admin.LocalHost/", .loopback),
    ] as [(String, AddressKind)])
    func aRedirectThroughAProxyToARefusedAddressIsNotFollowed(target: (String, AddressKind)) async throws {
        let (location, kind) = target
        let proxy = try TestHTTPServer { _ in TestResponse(status: 302, headers: [("Location", location)]) }
        var request = HTTPRequest(url: "http://93.184.216.34:8785/page")
        request.refusedAddresses = Set(AddressKind.allCases)
        let client = HTTPClientTests.client(proxy: ProxySettings(http: proxy.baseURL))
        await #expect {
            try await client.send(request)
        } throws: { error in
            guard case HTTPError.refusedAddress(let host, _, kind) = error else { return false }
            return location.contains(host)
        }
        #expect(proxy.requests.map(\.target) == ["http://93.184.216.34:8785/page"], "the proxy was asked for the redirect's target")
    }

    /// Connecting directly, the redirect is refused before any connection is tried: 10.0.0.1
    /// might not answer at all, and the summary would wait out the timeout.
    @Test func aRedirectToARefusedAddressIsNotFollowedWithoutAProxyEither() async throws {
        let server = try TestHTTPServer { _ in TestResponse(status: 301, headers: [("Location", "http://10.0.0.1:9/inside")]) }
        var request = HTTPRequest(url: server.url("/page"))
        request.refusedAddresses = [.privateNetwork, .linkLocal, .reserved]
        await #expect(throws: HTTPError.refusedAddress(host: "10.0.0.1:9", address: "10.0.0.1", kind: .privateNetwork)) {
            try await HTTPClientTests.client(timeout: 30).send(request)
        }
        #expect(server.requests.count == 1)
    }

    @Test func aRedirectToTheWebIsFollowed() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/page" ? TestResponse(status: 302, headers: [("Location", "/moved")]) : .text("arrived")
        }
        var request = HTTPRequest(url: server.url("/page"))
        request.refusedAddresses = [.privateNetwork, .linkLocal, .reserved]
        #expect(try await HTTPClientTests.client().send(request).redirects == [302])
    }
}
