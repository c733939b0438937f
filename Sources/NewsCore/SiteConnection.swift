import Foundation
import HTTPClient
import WordPressAPI

/// What a request on a site's REST API came to: the API's answer, or, for a site read
/// through its feed (known before, or found when the API turned the request away), the feed
/// to read instead. `SiteContent.run` says `NewsError.notInFeed` for a request only the
/// API can answer.
enum APIAnswer<Value: Sendable>: Sendable {
    case answered(Value, api: WordPressClient)
    case readThroughFeed(FeedClient)
}

/// The way to one site's API, found once and then shared by every request.
///
/// Discovery costs a round trip (the home page, which WordPress renders in full for a
/// HEAD). When the address is a site's bare home URL, the first request goes straight to
/// `/wp-json/`, where nearly every WordPress serves its API, and its answer is the proof;
/// only when it fails in a way that says "no API here" is the root discovered properly.
/// A REST API that turns visitors away sends the site to its feed, when WordPress wrote one.
actor SiteConnection {
    private enum State {
        /// Not discovered yet; discovery starts with the first request.
        case pending
        case guessing(APIRoot)
        case discovering(Task<Discovered, any Error>)
        case known(APIRoot)
    }

    private let address: String
    private let http: HTTPClient
    private let login: SiteLogin?
    private let wordPressCom: WordPressCom
    private let clock: @Sendable () -> Date
    private let notice: @Sendable (String) -> Void
    private var state: State
    /// A web feed's feed as discovery read it, for the next fetch of the feed only, and only
    /// soon after (`discoveredFeedLifetime`): any fetch takes it, and so does a move. Kept
    /// longer, it would be handed on as if fresh over what other fetches stored since.
    private var discoveredFeed: DiscoveredFeed?

    private struct DiscoveredFeed {
        let url: String
        let answer: FeedAnswer
        let readAt: Date
    }

    /// How long after discovery its feed may stand in for a fetch: the operation that
    /// discovered the site fetches the feed straight after, if it fetches it at all.
    static let discoveredFeedLifetime: TimeInterval = 10

    /// `knownRoot`: found by an earlier run, so no discovery at all. `clock`: when discovery's
    /// feed was read, and how long ago. `notice` hears of a fallback to plain http.
    init(
        address: String, knownRoot: APIRoot?, http: HTTPClient, login: SiteLogin?, wordPressCom: WordPressCom,
        clock: @escaping @Sendable () -> Date, notice: @escaping @Sendable (String) -> Void
    ) {
        self.address = address
        self.http = http
        self.login = login
        self.wordPressCom = wordPressCom
        self.clock = clock
        self.notice = notice
        if let root = knownRoot ?? wordPressCom.root(forAddress: address) {
            state = .known(root)
        } else if let guess = SiteAddress.conventionalRoot(for: address) {
            state = .guessing(guess)
        } else {
            state = .pending
        }
    }

    /// Runs the first request of an operation against the API root, confirming a guessed
    /// root when it succeeds and discovering the real one when it says "no API here".
    func run<Value: Sendable>(_ request: @Sendable (WordPressClient) async throws -> Value) async throws -> APIAnswer<Value> {
        if let feedClient { return .readThroughFeed(feedClient) }
        do {
            return try await runOnAPI(request)
        } catch let error as WordPressError where error.closesRESTToVisitors && login == nil {
            // Signed in, a refusal is the login's to explain: the feed would hide private posts.
            guard let feed = await feedInstead(ofClosedAPI: error) else { throw error }
            return .readThroughFeed(feed)
        }
    }

    /// The site's web feed moved for good: it is asked at its new address from now on.
    func moved(to root: APIRoot) {
        state = .known(root)
        discoveredFeed = nil
    }

    /// The feed at `url` as discovery read it, for the fetch of `url` that comes first and soon
    /// after discovery: the answer that showed the address is a feed is the list's too, so a
    /// cold run of a web feed given by its address downloads it once. Every fetch calls it, so
    /// a fetch of any other address drops it.
    func takeDiscoveredFeed(at url: String) -> FeedAnswer? {
        defer { discoveredFeed = nil }
        guard let discovered = discoveredFeed, discovered.url == url,
              clock().timeIntervalSince(discovered.readAt) < Self.discoveredFeedLifetime else { return nil }
        return discovered.answer
    }

    /// The site's feed reader, when the site is read through its feed.
    var feedClient: FeedClient? {
        guard case .known(let root) = state else { return nil }
        return FeedClient(root: root, http: http)
    }

    /// Whether the site is known to be read through its feed.
    private var readsThroughFeed: Bool {
        guard case .known(let root) = state else { return false }
        return root.readFeed != nil
    }

    /// The REST API said no to a visitor: the site is read through its feed from now on.
    /// Nil when WordPress wrote no feed either (or it could not be found): then the API's
    /// refusal is the answer, which the caller throws.
    private func feedInstead(ofClosedAPI error: WordPressError) async -> FeedClient? {
        let root: APIRoot
        switch state {
        case .known(let known), .guessing(let known): root = known
        case .pending, .discovering: return nil
        }
        guard let found = try? await FeedDiscovery(http: http).discover(root) else { return nil }
        // Another request may have found it first, and said so.
        if !readsThroughFeed {
            state = .known(found)
            notice("\(address) closes its REST API to visitors: reading it through its feed, \(found.readFeed ?? "")")
        }
        return feedClient
    }

    private func runOnAPI<Value: Sendable>(_ request: @Sendable (WordPressClient) async throws -> Value) async throws -> APIAnswer<Value> {
        if case .guessing(let root) = state {
            let api = WordPressClient(root: root, http: http, login: login)
            do {
                let value = try await request(api)
                state = .known(root)
                return .answered(value, api: api)
            } catch let error as WordPressError where error.suggestsNoAPI {
                if case .guessing = state { state = .pending }
            }
        }
        let root = try await discoveredRoot()
        // Discovery found no REST API, only the feed.
        if let feed = FeedClient(root: root, http: http) { return .readThroughFeed(feed) }
        let api = WordPressClient(root: root, http: http, login: login)
        return .answered(try await request(api), api: api)
    }

    private func discoveredRoot() async throws -> APIRoot {
        switch state {
        // Never .guessing in fact: a failed guess has moved to .pending before this is called.
        case .known(let root), .guessing(let root):
            return root
        case .pending:
            let task = Self.discover(address, SiteDiscovery(http: http, credential: login?.credential, wordPressCom: wordPressCom), notice)
            state = .discovering(task)
            return settle(try await task.value)
        case .discovering(let task):
            return settle(try await task.value)
        }
    }

    /// Whichever caller comes back from discovery first makes it known, its feed with it,
    /// before any of them can fetch the feed: so the first fetch, whoever makes it, takes
    /// that feed, and none after.
    private func settle(_ found: Discovered) -> APIRoot {
        guard case .discovering = state else { return found.root }
        state = .known(found.root)
        if let answer = found.feed, let url = found.root.readFeed { discoveredFeed = DiscoveredFeed(url: url, answer: answer, readAt: clock()) }
        return found.root
    }

    /// What discovery found: the root, and a web feed's feed as it was read to find it.
    private struct Discovered: Sendable {
        let root: APIRoot
        let feed: FeedAnswer?
    }

    private static func discover(_ address: String, _ discovery: SiteDiscovery, _ notice: @escaping @Sendable (String) -> Void) -> Task<Discovered, any Error> {
        Task {
            let found = try await discovery.discoverAnySite(address)
            if let fallback = found.fellBackToHTTP { notice(fallback) }
            return Discovered(root: found.root, feed: found.feed)
        }
    }
}

private extension WordPressError {
    /// Answers that mean the guessed root is not where this site keeps its API.
    var suggestsNoAPI: Bool {
        switch self {
        case .malformedResponse: true
        case .notWordPress, .noFeed, .httpsFailed, .loginRefused, .feedUnreadable: false
        case .httpStatus(let status, _): status == 404 || status == 403 || status == 401 || status == 410
        case .api(_, let code, _, _): code == "rest_no_route"
        }
    }
}
