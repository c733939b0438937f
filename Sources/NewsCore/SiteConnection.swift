import HTTPClient
import WordPressAPI

/// The way to one site's API, discovered once and then shared by every request.
actor SiteConnection {
    private let address: String
    private let http: HTTPClient
    private var discovery: Task<APIRoot, any Error>?

    init(address: String, http: HTTPClient) {
        self.address = address
        self.http = http
    }

    func client() async throws -> WordPressClient {
        let discovery = self.discovery ?? Task { [address, http] in
            try await SiteDiscovery(http: http).discover(address)
        }
        self.discovery = discovery
        return WordPressClient(root: try await discovery.value, http: http)
    }
}
