import HTTPClient
import Synchronization

/// The answers one discovery got to its GET requests, by the whole request. Finding what an
/// address is may read the same page more than once: for a WordPress API link in its HTML,
/// as a WordPress site's feed, as a feed of any site; each is downloaded once, and the feed
/// found is handed on as the first answer of the site's feed (`FeedAnswer`). Only a request
/// the same in every part (address, headers, login) is given a kept answer: a server may
/// answer by `Accept`, or turn away a login it would let a visitor past. Made for one
/// discovery and dropped with it, so the bodies it keeps do not outlive it.
final class DiscoveryPages: Sendable {
    private let http: HTTPClient
    private let answers = Mutex<[HTTPRequest: HTTPResponse]>([:])

    init(http: HTTPClient) {
        self.http = http
    }

    /// The request for a page read before it is known what it is (a home page, an article, a
    /// feed): every way of a discovery asks for a page with it, so one download serves them
    /// all; it takes a feed as readily as HTML, as the web feed's discovery must.
    static func page(_ url: String, credential: BasicCredential? = nil) -> HTTPRequest {
        HTTPRequest(url: url, headers: ["Accept": "text/html, " + FeedClient.acceptedTypes], credential: credential)
    }

    /// The answer to `request`, downloaded the first time it is sent.
    func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let kept = answers.withLock({ $0[request] }) { return kept }
        let response = try await http.send(request)
        answers.withLock { $0[request] = response }
        return response
    }
}
