import Foundation
import HTMLParsing
import HTTPClient
import Testing
import TestHTTPServer
@testable import WordPressAPI

private let post = #"{"id":7,"slug":"a","link":"https://x.test/a/","title":{"rendered":"T"},"date_gmt":"2026-11-20T09:00:00","modified_gmt":"2026-11-20T09:00:00"}"#

private func readPosts(_ json: String) throws(JSONReadError) -> [WPPost] {
    try PostsJSON.posts(Data(json.utf8))
}

/// A page of one post with `fields` given after the ones every post has.
private func page(_ fields: String = "", replacing: (String, String)? = nil) -> String {
    arrayOfOne(post, adding: fields, replacing: replacing)
}

/// Posts are read from their bytes (`PostsJSON`), not through Codable: what they read and
/// how they fail must be what Codable's reading gave, in the same words.
@Suite struct PostsJSONTests {
    @Test func readsTheRecordedPageAsItsJSONSays() throws {
        let body = Data(try WordPressFixture.text("posts-page1.json").utf8)
        let posts = try PostsJSON.posts(body)
        let objects = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
        #expect(posts.count == objects.count)
        for (post, object) in zip(posts, objects) {
            #expect(post.id == object["id"] as? Int)
            #expect(post.slug.value == object["slug"] as? String)
            #expect(post.link.value == object["link"] as? String)
            #expect(post.title.plain == HTMLPlainText.of(try #require((object["title"] as? [String: Any])?["rendered"] as? String)))
            #expect(post.excerpt?.plain == HTMLPlainText.of(try #require((object["excerpt"] as? [String: Any])?["rendered"] as? String)))
            #expect(post.dateGMT.date == GMTDate.parse(try #require(object["date_gmt"] as? String)))
            #expect(post.modifiedGMT.date == GMTDate.parse(try #require(object["modified_gmt"] as? String)))
            #expect(post.author == object["author"] as? Int)
            #expect(post.featuredMedia == object["featured_media"] as? Int)
            #expect(post.sticky == object["sticky"] as? Bool)
            #expect(post.categories == object["categories"] as? [Int])
            #expect(post.tags == object["tags"] as? [Int])
            #expect(post.content == nil)
        }
    }

    @Test func readsOnePostWithItsContent() throws {
        let json = String(post.dropLast()) + #","content":{"rendered":"<p>Body \u00e9 \ud83d\udc4d<\/p>","protected":true},"excerpt":null}"#
        let post = try PostsJSON.post(Data(json.utf8))
        #expect(post.content == RenderedContent(html: "<p>Body é 👍</p>", isProtected: true))
        #expect(post.excerpt == nil)
        #expect((post.author, post.featuredMedia, post.sticky, post.categories, post.tags) == (0, 0, false, [], []), "the defaults of fields left out")
    }

    @Test func serverTextIsMadeSafeAsItIsRead() throws {
        let post = try #require(try readPosts(page(replacing: (#""slug":"a""#, #""slug":"a\u001b[2Jb""#))).first)
        #expect(post.slug.value == "a[2Jb")
        let titled = try #require(try readPosts(page(replacing: (#"{"rendered":"T"}"#, #"{"rendered":"<b>Bold<\/b> &amp; \u202Eplain"}"#))).first)
        #expect(titled.title.plain == "Bold & plain")
    }

    /// What JSONDecoder took and gave, which these readings keep.
    @Test func readsWhatCodableRead() throws {
        #expect(try readPosts("\u{FEFF}" + page()).count == 1, "a byte order mark")
        #expect(try readPosts(" \n[ ]\t").isEmpty)
        #expect(try readPosts(page(replacing: (#""id":7"#, #""id":7,"id":8"#))).first?.id == 7, "a key given twice counts once, the first time")
        #expect(try readPosts(page(replacing: (#""id":7"#, #""id":7.0"#))).first?.id == 7)
        #expect(try readPosts(page(replacing: (#""id":7"#, #""id":7e1"#))).first?.id == 70)
        #expect(try readPosts(page(replacing: (#""id":7"#, #""id":-0"#))).first?.id == 0)
        #expect(try readPosts(page(replacing: (#"{"rendered":"T"}"#, #""Plain \/ string""#))).first?.title.plain == "Plain / string")
        #expect(try readPosts(page(#""author":null,"sticky":null,"tags":null,"excerpt":null"#)).first?.author == 0)
        #expect(try readPosts(page(replacing: (#"{"rendered":"T"}"#, #"{"rendered":"T","protected":"no"}"#))).first?.title.plain == "T",
                "a title's `protected`, which RenderedText never read")
        #expect(try readPosts(page(#""\u0061uthor":5"#)).first?.author == 5, "an escaped key")
        #expect(try readPosts(page(#""meta":{"a":[1,2.5e-3,true,false,null,"x",{}],"b":[]}"#)).count == 1, "unknown fields passed over")
        let deep = String(repeating: "[", count: JSONReader.maximumDepth - 2) + String(repeating: "]", count: JSONReader.maximumDepth - 2)
        #expect(try readPosts(page(#""meta":\#(deep)"#)).count == 1)
    }

    /// Bodies and what Codable's reading said of them.
    static let failures: [(body: String, detail: String)] = [
        // Not JSON, wherever it goes wrong, and whatever else is wrong with the document.
        ("[{\"id\":1,", "not valid JSON"),
        ("", "not valid JSON"),
        ("[{\"id\":1}] x", "not valid JSON"),
        ("[{\"slug\":\"a\"}, {\"id\": tru}]", "not valid JSON"),
        (page(#""x":01"#), "not valid JSON"),
        (page(#""x":+1"#), "not valid JSON"),
        (page(#""x":1."#), "not valid JSON"),
        (page(#""x":NaN"#), "not valid JSON"),
        (page(#""x":"a\qb""#), "not valid JSON"),
        (page(#""x":"\uZZZZ""#), "not valid JSON"),
        (page(replacing: (#""slug":"a""#, #""slug":"\ud800""#)), "not valid JSON"),
        (page("\"x\":\"a\u{1}b\""), "not valid JSON"),
        (page("\"x\":\"a\tb\""), "not valid JSON"),
        (page("\"\u{1}\":1"), "not valid JSON"),
        (page(#""x":\#(String(repeating: "[", count: 600))\#(String(repeating: "]", count: 600))"#), "not valid JSON"),
        // Stricter than JSONDecoder, which lets a trailing comma by.
        ("[" + post + ",]", "not valid JSON"),
        // Data JSONDecoder called corrupted.
        (page(replacing: (#""id":7"#, #""id":7.5"#)), "not valid JSON"),
        (page(replacing: (#""id":7"#, #""id":99999999999999999999"#)), "not valid JSON"),
        (page(replacing: (#""date_gmt":"2026-11-20T09:00:00""#, #""date_gmt":"yesterday""#)), "not valid JSON"),
        ("<!doctype html><html>maintenance</html>", "HTML where JSON was expected"),
        // Well-formed, but not posts.
        ("{\"id\":1}", "not the expected JSON shape"),
        ("[1]", "unexpected value at '[0]'"),
        ("[" + post + ",null]", "unexpected value at '[1]'"),
        (page(replacing: (#""id":7"#, #""id":"7""#)), "unexpected value at '[0].id'"),
        (page(replacing: (#""id":7"#, #""id":null"#)), "unexpected value at '[0].id'"),
        (page(replacing: (#"{"rendered":"T"}"#, #"{"rendered":5}"#)), "unexpected value at '[0].title.rendered'"),
        (page(replacing: (#"{"rendered":"T"}"#, #"{"raw":"T"}"#)), "the field 'rendered' is missing"),
        (page(replacing: (#"{"rendered":"T"}"#, "[]")), "unexpected value at '[0].title'"),
        (page(#""categories":[1,null]"#), "unexpected value at '[0].categories.[1]'"),
        (page(#""tags":[1,"2"]"#), "unexpected value at '[0].tags.[1]'"),
        (page(#""sticky":1"#), "unexpected value at '[0].sticky'"),
        (page(#""content":{"rendered":"x","protected":"no"}"#), "unexpected value at '[0].content.protected'"),
        (page(replacing: (#""slug":"a","#, "")), "the field 'slug' is missing"),
        // The first field in Codable's order is named, wherever the document puts it.
        (page(#""tags":"none""#, replacing: (#""slug":"a","#, "")), "the field 'slug' is missing"),
        (page(#""tags":[1.5]"#, replacing: (#""id":7"#, #""id":true"#)), "unexpected value at '[0].id'"),
        ("[" + post + "," + post.replacingOccurrences(of: #""link":"https://x.test/a/","#, with: "") + "]", "the field 'link' is missing"),
        ]

    @Test(arguments: failures)
    func failsAsCodableFailed(body: String, detail: String) {
        let url = "https://news.example.org/wp-json/wp/v2/posts"
        let answer = HTTPResponse(status: 200, headers: HTTPHeaders(), body: Data(body.utf8), url: url)
        #expect(throws: WordPressError.malformedResponse(url: url, detail: detail)) {
            try ResponseDecoding.decode(answer, url: url, reading: PostsJSON.posts)
        }
    }

    /// The client reads posts this way.
    @Test func theClientReadsPostsSo() async throws {
        let server = try FakeWordPress.start { route, _ in route == "/wp/v2/posts" ? .json(#"[{"id":"one"}]"#) : nil }
        let client = WordPressClient(root: APIRoot(base: server.url("/wp-json/"), style: .path), http: testHTTP)
        await #expect(throws: WordPressError.self) { try await client.page(Endpoints.posts(PostQuery())) }
        do {
            _ = try await client.page(Endpoints.posts(PostQuery()))
        } catch let WordPressError.malformedResponse(_, detail) {
            #expect(detail == "unexpected value at '[0].id'")
        }
        let fine = try FakeWordPress.start(routes: FakeWordPress.seededSiteRoutes)
        let stories = try await WordPressClient(root: APIRoot(base: fine.url("/wp-json/"), style: .path), http: testHTTP).page(Endpoints.posts(PostQuery()))
        #expect(stories.items.count == 10 && stories.total != nil)
    }

    /// Raw text must be UTF-8, in a field read or passed over; WordPress escapes all but ASCII.
    @Test func textThatIsNotUTF8IsNotJSON() throws {
        func body(_ field: String, _ bytes: [UInt8]) -> Data {
            let split = page(#""\#(field)":"a-b""#).components(separatedBy: "a-b")
            return Data(Array(split[0].utf8) + bytes + Array(split[1].utf8))
        }
        for bytes: [UInt8] in [[0xFF], [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(throws: JSONReadError.invalid) { try PostsJSON.posts(body("x", bytes)) }
            #expect(throws: JSONReadError.invalid) { try PostsJSON.posts(body("slug", bytes)) }
        }
        #expect(try PostsJSON.posts(body("x", Array("é👍".utf8))).count == 1)
    }

    @Test func onePostFailsAsCodableFailed() {
        #expect(throws: JSONReadError.unexpected(path: "")) { try PostsJSON.post(Data("[]".utf8)) }
        #expect(throws: JSONReadError.missing(field: "id")) { try PostsJSON.post(Data("{}".utf8)) }
        #expect(throws: JSONReadError.unexpected(path: "title.rendered")) {
            try PostsJSON.post(Data(post.replacingOccurrences(of: #"{"rendered":"T"}"#, with: #"{"rendered":null}"#).utf8))
        }
    }
}
