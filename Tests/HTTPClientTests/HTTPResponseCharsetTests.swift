import Foundation
import HTTPClient
import Testing

/// The charset an answer names is what a feed's bytes are decoded by, before its declaration.
struct HTTPResponseCharsetTests {
    static func response(contentType: String?) -> HTTPResponse {
        HTTPResponse(status: 200, headers: HTTPHeaders(contentType.map { [("Content-Type", $0)] } ?? []), body: Data(), url: "http://x.example/")
    }

    @Test func theCharsetParameterIsReadWhateverItsCaseAndQuotes() {
        #expect(Self.response(contentType: "application/rss+xml; Charset=\"KOI8-R\"").charset == "KOI8-R")
        #expect(Self.response(contentType: "text/xml;charset='windows-1252'").charset == "windows-1252")
        #expect(Self.response(contentType: "text/xml; q=1; charset=utf-8").charset == "utf-8")
    }

    @Test func noCharsetIsNil() {
        #expect(Self.response(contentType: "text/xml").charset == nil)
        #expect(Self.response(contentType: "text/xml; charset=").charset == nil)
        #expect(Self.response(contentType: nil).charset == nil)
    }
}
