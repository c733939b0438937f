import Testing
import URLSyntax

@Suite struct WebAddressTests {
    /// Each part as written, nil where the address has none.
    func parts(_ address: WebAddress) -> [String?] {
        [address.scheme, address.userInfo, address.host, address.port, address.path, address.query, address.fragment]
            .map { $0.map(String.init) }
    }

    @Test func aFullAddressSplitsIntoEveryPart() {
        let address = WebAddress("https://me:secret@News.Example.org:8443/2026/11/a-post/?amp=1&x=2#comments")
        #expect(parts(address) == ["https", "me:secret", "News.Example.org", "8443", "/2026/11/a-post/", "amp=1&x=2", "comments"])
        #expect(address.hostAndPort == "News.Example.org:8443")
        #expect(address.schemeAndAuthority == "https://me:secret@News.Example.org:8443")
    }

    @Test func anIPv6LiteralKeepsItsColonsAndItsPortComesAfterTheBracket() {
        #expect(parts(WebAddress("http://[::1]:8080/x")) == ["http", nil, "[::1]", "8080", "/x", nil, nil])
        #expect(parts(WebAddress("http://[2001:db8::7]/")) == ["http", nil, "[2001:db8::7]", nil, "/", nil, nil])
        #expect(WebAddress("http://[::1]:8080").hostAndPort == "[::1]:8080")
    }

    @Test func theHostComesAfterTheLastAt() {
        let address = WebAddress("https://me@mail.example:p@ss@news.example.org/x")
        #expect(address.userInfo == "me@mail.example:p@ss")
        #expect(address.hostAndPort == "news.example.org")
    }

    @Test func aPortMayBeWrittenEmpty() {
        #expect(WebAddress("http://news.example.org:/x").port == "")
        #expect(WebAddress("http://news.example.org/x").port == nil)
    }

    @Test func onlyTheFirstQuestionMarkAndNumberSignSplit() {
        #expect(parts(WebAddress("https://h/a?q=http://x/?y#f?g#h")) == ["https", nil, "h", nil, "/a", "q=http://x/?y", "f?g#h"])
        #expect(parts(WebAddress("https://h#f?g")) == ["https", nil, "h", nil, "", nil, "f?g"])
        #expect(parts(WebAddress("https://h?")) == ["https", nil, "h", nil, "", "", nil])
    }

    @Test func withoutSchemeOrSlashesAReferenceHasNoHost() {
        #expect(parts(WebAddress("news.example.org/about")) == [nil, nil, "", nil, "news.example.org/about", nil, nil])
        #expect(parts(WebAddress("?page=2")) == [nil, nil, "", nil, "", "page=2", nil])
        #expect(parts(WebAddress("mailto:me@news.example.org")) == ["mailto", nil, "", nil, "me@news.example.org", nil, nil])
        #expect(parts(WebAddress("//cdn.example/x.png")) == [nil, nil, "cdn.example", nil, "/x.png", nil, nil])
        #expect(WebAddress("news.example.org/about").schemeAndAuthority == "")
    }

    @Test func aTypedAddressWithoutSchemeStartsWithItsHost() {
        #expect(parts(WebAddress(typed: "news.example.org/2026/11/a-post/")) == [nil, nil, "news.example.org", nil, "/2026/11/a-post/", nil, nil])
        #expect(parts(WebAddress(typed: "localhost:8080")) == [nil, nil, "localhost", "8080", "", nil, nil])
        #expect(parts(WebAddress(typed: "me@[::1]:8080?x")) == [nil, "me", "[::1]", "8080", "", "x", nil])
        #expect(parts(WebAddress(typed: "HTTP://news.example.org")) == ["HTTP", nil, "news.example.org", nil, "", nil, nil])
    }

    @Test func aSchemeIsALetterThenLettersDigitsPlusMinusOrDot() {
        #expect(WebAddress.scheme(of: "svn+ssh.2-x:rest") == "svn+ssh.2-x")
        for reference in ["1http://x", "a b:c", "/a:b", "?x:y", "#a:b", ":x", "", "no-colon"] {
            #expect(WebAddress.scheme(of: reference) == nil, "\(reference)")
        }
    }

    @Test func schemesCompareWithoutCase() {
        #expect(WebAddress("HTTPS://x").hasScheme("https"))
        #expect(!WebAddress("https://x").hasScheme("http"))
        #expect(!WebAddress("x/y").hasScheme("https"))
    }

    @Test func delimitersAreFoundInTheBytesNotInCharacters() {
        // A combining accent after `/` makes one Character with it; the slash still ends the host.
        let address = WebAddress("https://e\u{301}.example/\u{301}x?\u{301}")
        #expect(address.hostAndPort == "e\u{301}.example")
        #expect(address.path == "/\u{301}x")
        #expect(address.query == "\u{301}")
    }

    @Test(arguments: [
        ("https://cdn.example/x", "https://cdn.example/x"),
        ("mailto:me@news.example", "mailto:me@news.example"),
        ("/about/", "https://me@news.example:8443/about/"),
        ("//cdn.example/x", "https://cdn.example/x"),
        ("?page=2", "https://me@news.example:8443/2024/03/story?page=2"),
        ("next/", "https://me@news.example:8443/2024/03/next/"),
        ("../up", "https://me@news.example:8443/2024/03/../up"),
        ("./same", "https://me@news.example:8443/2024/03/./same"),
        ("#top", "https://me@news.example:8443/2024/03/story?amp=1#top"),
        ("", "https://me@news.example:8443/2024/03/story?amp=1"),
    ])
    func referencesResolveAgainstABase(reference: String, resolved: String) {
        #expect(WebAddress("https://me@news.example:8443/2024/03/story?amp=1#c").resolve(reference) == resolved)
    }

    @Test func aBaseWithoutPathResolvesFromTheRoot() {
        let base = WebAddress("http://[::1]:8080")
        #expect(base.resolve("wp-json/") == "http://[::1]:8080/wp-json/")
        #expect(base.resolve("?rest_route=/") == "http://[::1]:8080?rest_route=/")
        #expect(base.resolve("//cdn.example/x") == "http://cdn.example/x")
    }

    @Test func withoutABaseSchemeReferencesStayRelativeButSlashesMeanHTTPS() {
        for base in ["", "news.example/2024/story/"] {
            #expect(WebAddress(base).resolve("next/") == "next/")
            #expect(WebAddress(base).resolve("/about/") == "/about/")
            #expect(WebAddress(base).resolve("//cdn.example/x") == "https://cdn.example/x")
        }
    }
}
