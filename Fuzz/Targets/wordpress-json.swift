// WordPress's JSON as wpnews decodes it: any bytes, read as the body of every kind of answer
// (posts, pages, comments, terms, users, media, search hits, ids, a WordPress error), and as
// each kind of field on its own (a date, a rendered title, a plain string). A crash, or
// decoded text that could drive the terminal, fails the run; a decoding error is fine.
// libFuzzer: -max_len=16384
// seeds: Tests/Fixtures/wordpress
import FoundationEssentials
import HTTPClient
import TextSafety
@testable import WordPressAPI

private let url = "https://news.example.org/wp-json/wp/v2/posts"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(UnsafeBufferPointer(start: data, count: size))
    let answer = HTTPResponse(status: 200, headers: HTTPHeaders(), body: body, url: url)

    for post in decode(PostsJSON.posts, answer) ?? [] { check(post) }
    decode(PostsJSON.post, answer).map(check)
    for page in decode([WPPage].self, answer) ?? [] {
        check(page.slug, page.link)
        check(page.title)
    }
    for comment in decode([WPComment].self, answer) ?? [] { check(comment.authorName) }
    for term in decode(NamesJSON.terms, answer) ?? [] {
        check(term.slug)
        check(term.name)
    }
    for user in decode(NamesJSON.users, answer) ?? [] {
        check(user.slug)
        check(user.name)
    }
    for media in decode([WPMedia].self, answer) ?? [] {
        check(media.sourceURL)
        for size in media.renditions { check(size.sourceURL) }
    }
    for hit in decode([WPSearchResult].self, answer) ?? [] {
        check(hit.url, hit.subtype)
        check(hit.title)
    }
    _ = decode([WPID].self, answer)
    _ = decode(GMTDate.self, answer)
    decode(RenderedText.self, answer).map(check)
    decode(ServerText.self, answer).map { check($0) }

    // An error status: WordPress's error body, or anything else.
    for status in [400, 404, 503] {
        let error = ResponseDecoding.error(for: HTTPResponse(status: status, headers: HTTPHeaders(), body: body, url: url), url: url)
        if case .api(_, let code, let message, _) = error {
            checkLines(code, "an error's code")
            checkPlain(message, "an error's message")
        }
        // The code is a server string, which may keep a line end: the output boundary
        // (`Output.note`) makes every error one line.
        checkLines(error.description, "an error's description")
    }
    return 0
}

/// The value, or nil when the body is not one; what a failure says is checked too.
private func decode<Value>(_ read: (Data) throws(JSONReadError) -> Value, _ answer: HTTPResponse) -> Value? {
    do {
        return try ResponseDecoding.decode(answer, url: url, reading: read)
    } catch {
        checkLines(String(describing: error), "the error reading \(Value.self)")
        return nil
    }
}

private func decode<Value: Decodable>(_ type: Value.Type, _ answer: HTTPResponse) -> Value? {
    decode({ body throws(JSONReadError) in try ResponseDecoding.codable(body) }, answer)
}

private func check(_ post: WPPost) {
    check(post.slug, post.link)
    check(post.title)
    post.excerpt.map(check)
}

/// Server strings keep their line ends and nothing else that `SafeText` forbids.
private func check(_ texts: ServerText...) {
    for text in texts { checkLines(text.value, "a server string") }
}

private func checkLines(_ text: String, _ what: String) {
    if let scalar = text.unicodeScalars.first(where: { SafeText.isUnsafe($0) && $0 != "\n" }) {
        fatalError("U+\(String(scalar.value, radix: 16)) in \(what): \(text.debugDescription)")
    }
}

/// Rendered titles and excerpts are one line of plain text.
private func check(_ text: RenderedText) {
    checkPlain(text.plain, "rendered text")
}

private func checkPlain(_ text: String, _ what: String) {
    if let scalar = text.unicodeScalars.first(where: SafeText.isUnsafe) {
        fatalError("U+\(String(scalar.value, radix: 16)) in \(what): \(text.debugDescription)")
    }
}
