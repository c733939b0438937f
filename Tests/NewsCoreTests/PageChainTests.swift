import Testing
@testable import NewsCore

/// The pages of a split post as the chain knows them: one page however its address is
/// written, and only the first page's host, never down from https.
@Suite struct PageChainTests {
    @Test(arguments: [
        ("https://News.Example/story/2/#comments", "https://news.example/story/2/"),
        ("HTTPS://news.example:443/story/./3/../2/", "https://news.example/story/2/"),
        ("http://news.example:80", "http://news.example/"),
        ("http://news.example/story/2/?page=2#top", "http://news.example/story/2/?page=2"),
    ])
    func anAddressWrittenAnotherWayIsTheSamePage(written: String, plain: String) {
        #expect(PageChain.key(written) == PageChain.key(plain))
    }

    @Test func differentPagesAreDifferent() {
        #expect(PageChain.key("https://news.example/story/2/") != PageChain.key("https://news.example/story/3/"))
        #expect(PageChain.key("https://news.example/story/?page=2") != PageChain.key("https://news.example/story/?page=3"))
        #expect(PageChain.key("https://news.example:8443/story/") != PageChain.key("https://news.example/story/"))
    }

    @Test func theChainStaysOnTheFirstPagesHostAndNeverGoesDownToHTTP() {
        var chain = PageChain(asked: "http://news.example/story/", answered: "https://news.example/story/")
        #expect(chain.step(to: "https://news.example/story/2/") == .read)
        #expect(chain.step(to: "https://news.example/story/#top") == .alreadyRead)
        #expect(chain.step(to: "http://news.example/story/2/") == .refused("plain http, where the first page came over https"))
        #expect(chain.step(to: "https://cdn.example/story/2/") == .refused("another host (cdn.example)"))
        chain.read("https://news.example/story/2/")
        #expect(chain.step(to: "https://NEWS.example/story/2/") == .alreadyRead)
    }

    /// Another port is another server, whoever answers on it: the first page's host is its
    /// host and port, a scheme's default port written or not.
    @Test func theChainStaysOnTheFirstPagesPort() {
        let chain = PageChain(asked: "https://news.example/story/", answered: "https://news.example/story/")
        #expect(chain.step(to: "https://news.example:8443/x/2/") == .refused("another host (news.example:8443)"))
        #expect(chain.step(to: "https://news.example:443/story/2/") == .read)
        let onAPort = PageChain(asked: "http://news.example:8080/story/", answered: "http://News.Example:8080/story/")
        #expect(onAPort.step(to: "http://news.example/story/2/") == .refused("another host (news.example)"))
        #expect(onAPort.step(to: "http://news.example:80/story/2/") == .refused("another host (news.example:80)"))
        #expect(onAPort.step(to: "http://news.example:8080/story/2/") == .read)
    }
}
