import Foundation
import Testing
import TestHTTPServer
@testable import WordPressAPI

/// What `WPTerm` and `WPUser` were as Codable types, which `JSONDecoder` reads the way it read
/// them: the byte readers must read the same values and fail in the same words.
private struct CodableTerm: Decodable {
    let id: Int
    let name: RenderedText
    let slug: ServerText
    let count: Int?
    let parent: Int?

    var term: WPTerm { WPTerm(id: id, name: name, slug: slug, count: count, parent: parent) }
}

private struct CodableUser: Decodable {
    let id: Int
    let name: RenderedText
    let slug: ServerText

    var user: WPUser { WPUser(id: id, name: name, slug: slug) }
}

private func readTerms(_ body: String) -> Result<[WPTerm], JSONReadError> {
    Result { () throws(JSONReadError) in try NamesJSON.terms(Data(body.utf8)) }
}

private func decodedTerms(_ body: String) -> Result<[WPTerm], JSONReadError> {
    Result { () throws(JSONReadError) -> [CodableTerm] in try ResponseDecoding.codable(Data(body.utf8)) }.map { $0.map(\.term) }
}

private func readUsers(_ body: String) -> Result<[WPUser], JSONReadError> {
    Result { () throws(JSONReadError) in try NamesJSON.users(Data(body.utf8)) }
}

private func decodedUsers(_ body: String) -> Result<[WPUser], JSONReadError> {
    Result { () throws(JSONReadError) -> [CodableUser] in try ResponseDecoding.codable(Data(body.utf8)) }.map { $0.map(\.user) }
}

private let term = #"{"id":7,"name":"Arts","slug":"arts"}"#

/// A list of one term with `fields` given after the ones every term has.
private func list(_ fields: String = "", replacing: (String, String)? = nil) -> String {
    arrayOfOne(term, adding: fields, replacing: replacing)
}

/// Terms and users are read from their bytes (`NamesJSON`), not through Codable: what they
/// read and how they fail must be what Codable's reading gave, in the same words.
@Suite struct NamesJSONTests {
    @Test(arguments: ["tags.json", "categories.json", "tag-featured.json", "users.json"])
    func readsTheRecordedAnswersAsCodableDid(fixture: String) throws {
        let body = try WordPressFixture.text(fixture)
        let terms = try readTerms(body).get()
        #expect(!terms.isEmpty)
        #expect(terms == (try decodedTerms(body).get()))
        let users = try readUsers(body).get()
        #expect(users == (try decodedUsers(body).get()))
        #expect(users.map(\.id) == terms.map(\.id))
    }

    @Test func readsWhatTheRecordedAnswersSay() throws {
        let tags = try NamesJSON.terms(Data(try WordPressFixture.text("tags.json").utf8))
        #expect(tags.first { $0.id == 107 }.map { [$0.name.plain, $0.slug.value] } == ["Cafés", "cafes"])
        #expect(tags.allSatisfy { $0.count == nil && $0.parent == nil })
        let categories = try NamesJSON.terms(Data(try WordPressFixture.text("categories.json").utf8))
        #expect(categories.first.map { [$0.name.plain, $0.slug.value] } == ["Arts & Culture", "arts-culture"])
        #expect(categories.map(\.parent) == [0, 2, 0, 0, 0, 0, 5])
        let featured = try NamesJSON.terms(Data(try WordPressFixture.text("tag-featured.json").utf8))
        #expect(featured == [WPTerm(id: 35, name: RenderedText(html: "Featured"), slug: ServerText("featured"), count: 8, parent: nil)])
        let users = try NamesJSON.users(Data(try WordPressFixture.text("users.json").utf8))
        #expect(users.map(\.name.plain) == ["Jane Okafor", "Mei Lin", "Søren Øvergaard", "Tomás Ruiz"])
    }

    /// Bodies JSONDecoder read, and what both readings give for them.
    static let readable: [String] = [
        list(),
        "\u{FEFF}" + list(),
        " \n[ ]\t",
        list(replacing: (#""Arts""#, #""Arts &amp; Culture &#8220;now&#8221;""#)),
        list(replacing: (#""Arts""#, #""<b>Bold<\/b> &lt;i&gt; \u202Eback""#)),
        list(replacing: (#""Arts""#, #""Caf\u00e9s \ud83d\udc4d \u00E9""#)),
        list(replacing: (#""Arts""#, #"{"rendered":"R &amp; D","raw":"x"}"#)),
        list(replacing: (#""Arts""#, #"{"rendered":"R &amp; D","protected":1}"#)),
        list(replacing: (#""Arts""#, #"{"rendered":"first","rendered":5}"#)),
        list(replacing: (#""arts""#, #""a\u001b[2Jb\n""#)),
        list(replacing: (#""id":7"#, #""id":7,"id":"8""#)),
        list(replacing: (#""name":"Arts""#, #""name":"Arts","name":null"#)),
        list(replacing: (#""id":7"#, #""id":7.0"#)),
        list(replacing: (#""id":7"#, #""id":7e1"#)),
        list(replacing: (#""id":7"#, #""id":-0"#)),
        list(replacing: (#""id":7"#, #""i\u0064":7"#)),
        list(#""count":12,"parent":3"#),
        list(#""count":null,"parent":null"#),
        list(#""count":1e2,"parent":-1"#),
        list(#""count":1,"count":"x","parent":2,"parent":[]"#),
        list(#""description":"x","meta":{"a":[1,2.5e-3,true,false,null,"x",{}],"b":[]},"taxonomy":"post_tag","_links":{"self":[{"href":"x"}]}"#),
        list(#""Name":5,"ID":"x","slug ":null"#),
        "[" + term + "," + term.replacingOccurrences(of: "7", with: "8") + "]",
    ]

    @Test(arguments: readable)
    func readsWhatCodableRead(body: String) throws {
        _ = try readTerms(body).get()
        #expect(readTerms(body) == decodedTerms(body))
        #expect(readUsers(body) == decodedUsers(body))
    }

    @Test func readsEntitiesEscapesAndNumbers() throws {
        func name(_ json: String) throws -> String {
            try #require(try NamesJSON.terms(Data(list(replacing: (#""Arts""#, json)).utf8)).first).name.plain
        }
        #expect(try name(#""Arts &amp; Culture &#8220;now&#8221;""#) == "Arts & Culture \u{201C}now\u{201D}")
        #expect(try name(#""Caf\u00e9s \ud83d\udc4d""#) == "Cafés 👍")
        #expect(try name(#"{"rendered":"R &amp; D"}"#) == "R & D")
        #expect(try name(#""<b>Bold<\/b> \u202Eback""#) == "Bold back")
        let term = try #require(try NamesJSON.terms(Data(list(#""count":1e2,"parent":-1"#, replacing: (#""arts""#, #""a\u001b[2Jb""#)).utf8)).first)
        #expect((term.slug.value, term.count, term.parent) == ("a[2Jb", 100, -1))
        #expect(try NamesJSON.terms(Data(list(replacing: (#""id":7"#, #""id":7,"id":8"#)).utf8)).first?.id == 7, "the first of a key given twice")
    }

    /// Bodies, what Codable's reading said of them as terms, and as users (nil: read).
    static let failures: [(body: String, asTerms: JSONReadError, asUsers: JSONReadError?)] = [
        // Not JSON, wherever it goes wrong, and whatever else is wrong with the document.
        ("", .invalid, .invalid),
        ("[{\"id\":1,", .invalid, .invalid),
        ("[{\"id\":1}] x", .invalid, .invalid),
        ("[{\"slug\":\"a\"}, {\"id\": tru}]", .invalid, .invalid),
        ("<!doctype html><html>maintenance</html>", .invalid, .invalid),
        (list(replacing: (#""arts""#, #""\ud800""#)), .invalid, .invalid),
        (list(replacing: (#""arts""#, "\"a\u{1}b\"")), .invalid, .invalid),
        (list(replacing: (#""id":7"#, #""id":07"#)), .invalid, .invalid),
        // Data JSONDecoder called corrupted.
        (list(replacing: (#""id":7"#, #""id":7.5"#)), .invalid, .invalid),
        (list(replacing: (#""id":7"#, #""id":99999999999999999999"#)), .invalid, .invalid),
        (list(#""count":1.5"#), .invalid, nil),
        // Well-formed, but not terms.
        ("{\"id\":1}", .unexpected(path: ""), .unexpected(path: "")),
        ("null", .unexpected(path: ""), .unexpected(path: "")),
        ("[1]", .unexpected(path: "[0]"), .unexpected(path: "[0]")),
        ("[[]]", .unexpected(path: "[0]"), .unexpected(path: "[0]")),
        ("[" + term + ",null]", .unexpected(path: "[1]"), .unexpected(path: "[1]")),
        (list(replacing: (#""id":7"#, #""id":"7""#)), .unexpected(path: "[0].id"), .unexpected(path: "[0].id")),
        (list(replacing: (#""id":7"#, #""id":null"#)), .unexpected(path: "[0].id"), .unexpected(path: "[0].id")),
        (list(replacing: (#""arts""#, "5")), .unexpected(path: "[0].slug"), .unexpected(path: "[0].slug")),
        (list(replacing: (#""arts""#, "null")), .unexpected(path: "[0].slug"), .unexpected(path: "[0].slug")),
        (list(replacing: (#""Arts""#, "5")), .unexpected(path: "[0].name"), .unexpected(path: "[0].name")),
        (list(replacing: (#""Arts""#, "null")), .unexpected(path: "[0].name"), .unexpected(path: "[0].name")),
        (list(replacing: (#""Arts""#, "[]")), .unexpected(path: "[0].name"), .unexpected(path: "[0].name")),
        (list(replacing: (#""Arts""#, #"{"rendered":5}"#)), .unexpected(path: "[0].name.rendered"), .unexpected(path: "[0].name.rendered")),
        (list(replacing: (#""Arts""#, #"{"rendered":null}"#)), .unexpected(path: "[0].name.rendered"), .unexpected(path: "[0].name.rendered")),
        (list(replacing: (#""Arts""#, #"{"raw":"Arts"}"#)), .missing(field: "rendered"), .missing(field: "rendered")),
        (list(#""count":"3""#), .unexpected(path: "[0].count"), nil),
        (list(#""parent":true"#), .unexpected(path: "[0].parent"), nil),
        (list(replacing: (#""id":7,"#, "")), .missing(field: "id"), .missing(field: "id")),
        (list(replacing: (#","name":"Arts""#, "")), .missing(field: "name"), .missing(field: "name")),
        (list(replacing: (#","slug":"arts""#, "")), .missing(field: "slug"), .missing(field: "slug")),
        // The first field in Codable's order is named, wherever the document puts it.
        (list(#""parent":"x""#, replacing: (#","slug":"arts""#, "")), .missing(field: "slug"), .missing(field: "slug")),
        (list(#""count":1.5"#, replacing: (#""id":7"#, #""id":true"#)), .unexpected(path: "[0].id"), .unexpected(path: "[0].id")),
        (list(#""parent":"x","count":[]"#), .unexpected(path: "[0].count"), nil),
        (#"[{"slug":5,"name":null,"id":"x"}]"#, .unexpected(path: "[0].id"), .unexpected(path: "[0].id")),
        // The first object with a problem is named.
        ("[" + term + "," + term.replacingOccurrences(of: #""name":"Arts","#, with: "") + "," + #"{"id":"x"}"# + "]",
         .missing(field: "name"), .missing(field: "name")),
        ("[" + term + "," + term.replacingOccurrences(of: "7", with: "null") + "]", .unexpected(path: "[1].id"), .unexpected(path: "[1].id")),
    ]

    @Test(arguments: failures)
    func failsAsCodableFailed(body: String, asTerms: JSONReadError, asUsers: JSONReadError?) {
        #expect(decodedTerms(body) == .failure(asTerms), "JSONDecoder")
        #expect(readTerms(body) == .failure(asTerms))
        #expect(readUsers(body) == decodedUsers(body))
        if let asUsers {
            #expect(readUsers(body) == .failure(asUsers))
        } else {
            #expect((try? readUsers(body).get())?.count == 1, "a user has no count or parent: Codable passed them over")
        }
    }

    /// Values not read must be JSON too, which JSONDecoder, checking only what it reads, let by.
    @Test(arguments: [list(#""x":01"#), list(#""x":"\uZZZZ""#), list("\"x\":\"a\u{1}b\""), list(#""x":[1,]"#)])
    func isStricterThanJSONDecoder(body: String) {
        #expect(readTerms(body) == .failure(.invalid))
        #expect(readUsers(body) == .failure(.invalid))
    }

    /// Raw text must be UTF-8, in a field read or passed over; WordPress escapes all but ASCII.
    @Test func textThatIsNotUTF8IsNotJSON() throws {
        func body(_ field: String, _ bytes: [UInt8]) -> Data {
            let split = list(#""\#(field)":"a-b""#).components(separatedBy: "a-b")
            return Data(Array(split[0].utf8) + bytes + Array(split[1].utf8))
        }
        for bytes: [UInt8] in [[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
            #expect(throws: JSONReadError.invalid) { try NamesJSON.terms(body("x", bytes)) }
            #expect(throws: JSONReadError.invalid) { try NamesJSON.users(body("name", bytes)) }
        }
        #expect(try NamesJSON.terms(body("x", Array("é👍".utf8))).count == 1)
    }

    /// Every endpoint of terms or users reads its answer so, and its failure reaches the
    /// client's error in the same words.
    @Test func theClientReadsTermsAndUsersSo() async throws {
        let server = try FakeWordPress.start { route, _ in
            switch route {
            case "/wp/v2/tags": .json(#"[{"id":1,"name":"A","slug":"a","count":3},{"id":2,"slug":"b"}]"#)
            case "/wp/v2/categories": .json(#"[{"id":4,"name":"News &amp; Views","slug":"news","parent":null}]"#)
            case "/wp/v2/users": .json(#"[{"id":"5","name":"Jo","slug":"jo"}]"#)
            default: nil
            }
        }
        let client = WordPressClient(root: APIRoot(base: server.url("/wp-json/"), style: .path), http: testHTTP)
        func failure<Item>(_ endpoint: Endpoint<[Item]>) async -> String? {
            do {
                _ = try await client.page(endpoint)
                return nil
            } catch let WordPressError.malformedResponse(_, detail) {
                return detail
            } catch {
                return "\(error)"
            }
        }
        for endpoint in [Endpoints.tags(ids: [1, 2]), Endpoints.tags(slug: "a"), Endpoints.tags(search: "a"), Endpoints.allTags(page: 1),
                         Endpoints.heaviestTags(page: 1, perPage: 10)] {
            #expect(await failure(endpoint) == "the field 'name' is missing")
        }
        for endpoint in [Endpoints.categories(), Endpoints.categories(ids: [4]), Endpoints.allCategories(page: 1)] {
            #expect(try await client.page(endpoint).items.map { [$0.name.plain, $0.slug.value] } == [["News & Views", "news"]])
        }
        for endpoint in [Endpoints.users(), Endpoints.users(ids: [5]), Endpoints.users(matching: "jo", bySlug: true)] {
            #expect(await failure(endpoint) == "unexpected value at '[0].id'")
        }
    }
}
