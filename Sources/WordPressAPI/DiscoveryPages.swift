import HTTPClient
import Synchronization

/// The answers one discovery got to its GET requests, by address. Finding what an address is
/// may read the same page more than once: for a WordPress API link in its HTML, as a
/// WordPress site's feed, as a feed of any site; each is downloaded once, and the feed found
/// is handed on as the first answer of the site's feed (`FeedAnswer`). Made for one
/// discovery and dropped with it, so the bodies it keeps do not outlive it.
final class DiscoveryPages: Sendable {
    private let http: HTTPClient
    private let answers = Mutex<[String: HTTPResponse]>([:])

    init(http: HTTPClient) {
        self.http = http
    }

    /// The answer to a GET of `request.url`, downloaded the first time it is asked for.
    func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let kept = answers.withLock({ $0[request.url] }) { return kept }
        let response = try await http.send(request)
        answers.withLock { $0[request.url] = response }
        return response
    }
}
