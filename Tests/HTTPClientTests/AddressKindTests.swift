import Testing
@testable import HTTPClient

/// Addresses that lead inside although they are not written as the usual private ranges: an
/// IPv4 address inside an IPv6 one (translated by NAT64, or in the old compatible form), and
/// IPv4 ranges set aside and never routed on the web.
@Suite struct AddressKindTests {
    @Test(arguments: [
        "64:ff9b::127.0.0.1", "64:ff9b::7f00:1", "64:ff9b::10.1.2.3", "64:ff9b::c0a8:109", "64:ff9b::169.254.169.254",
        "64:ff9b:1::1", "64:ff9b:1:ffff::a00:1", "::10.0.0.1", "::192.168.0.9", "::127.0.0.1", "::169.254.1.1",
        "198.18.0.1", "198.19.255.255", "240.0.0.1", "250.1.2.3", "255.255.255.255",
        "192.0.0.1", "192.0.0.255", "192.0.2.1", "198.51.100.7", "203.0.113.9", "224.0.0.1", "239.255.255.250",
        "::ffff:0:127.0.0.1", "::ffff:0:10.0.0.1", "2002:7f00:1::", "2002:a00:1::1", "2002:a9fe:a9fe::", "fec0::1", "feff::1",
        "100::1", "100::ffff:ffff:ffff:ffff", "ff02::1", "ff00::",
    ])
    func addressesThatLeadInsideWhateverTheyLookLikeAreRefused(address: String) {
        #expect(AddressKind.of(address: address) != nil)
        var request = HTTPRequest(url: "http://\(address.contains(":") ? "[\(address)]" : address)/page")
        request.refusedAddresses = Set(AddressKind.allCases)
        #expect(request.refusedHost != nil)
    }

    /// A host is read as a resolver or a proxy reads it: every IPv4 spelling `inet_aton` takes
    /// (one to four parts, each decimal, octal or hex), a trailing dot, and any `localhost`.
    @Test(arguments: [
        ("2130706433", AddressKind.loopback), ("127.1", .loopback), ("0x7f.0.0.1", .loopback), ("017700000001", .loopback),
        ("0x7F000001", .loopback), ("127.0.0.1.", .loopback), ("localhost.", .loopback), ("LocalHost.", .loopback),
        ("app.localhost", .loopback), ("A.B.LOCALHOST.", .loopback), ("0", .loopback), ("10.1", .privateNetwork),
        ("0xa.0x10.1", .privateNetwork), ("0300.0250.1.1", .privateNetwork), ("169.254.43518", .linkLocal),
    ] as [(String, AddressKind)])
    func everySpellingOfAnAddressInsideIsKnown(host: String, kind: AddressKind) {
        #expect(AddressKind.of(host: host) == kind)
    }

    @Test(arguments: ["news.example.", "localhost.news.example", "notlocalhost", "1.2.3.4.5", "0x7f.news.example"])
    func aNameThatOnlyLooksLikeOneIsNot(host: String) {
        #expect(AddressKind.of(host: host) == nil)
    }

    /// NAT64 is how an IPv6-only network reaches the IPv4 web: its well-known prefix in front
    /// of a web address is the web, as is 6to4's, and the ranges beside those set aside.
    @Test(arguments: ["64:ff9b::93.184.216.34", "64:ff9b::5db8:d822", "::ffff:93.184.216.34", "198.17.255.255", "198.20.0.1", "223.255.255.255",
                      "192.0.1.255", "192.0.3.0", "198.51.99.1", "203.0.114.1", "::ffff:0:93.184.216.34", "2002:5db8:d822::1", "100:0:0:1::1"])
    func theWebReachedThroughTranslationOrNextToASetAsideRangeIsTheWeb(address: String) {
        #expect(AddressKind.of(address: address) == nil)
    }
}

/// Where a password may travel over plain http: this machine only, by the same definition of
/// "this machine" as the addresses a page may not reach.
@Suite struct CredentialHostTests {
    @Test(arguments: ["http://127.0.0.1:8080/wp-json/", "http://127.1.2.3/", "http://localhost/", "http://LOCALHOST:80/", "http://[::1]:8080/",
                      "http://127.1:8080/", "http://localhost.:8080/",
                      "https://news.example/", "https://10.0.0.5/"])
    func aPasswordMayGoOverHTTPSOrToThisMachine(url: String) {
        #expect(HTTPRequest(url: url).mayCarryCredentials)
    }

    /// `127.news.example` is a name whose DNS leads wherever its owner likes.
    @Test(arguments: ["http://127.news.example/", "http://127.0.0.1.news.example/", "http://localhost.news.example/", "http://10.0.0.5/",
                      "http://192.0.2.1/"])
    func aPasswordNeverGoesOverPlainHTTPToAnyOtherHost(url: String) {
        #expect(!HTTPRequest(url: url).mayCarryCredentials)
    }
}
