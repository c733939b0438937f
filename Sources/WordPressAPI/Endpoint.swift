import FoundationEssentials
/// A REST route with its query and how its JSON is read: posts by `PostsJSON`, terms and
/// users by `NamesJSON`, the rest through `JSONDecoder`.
public struct Endpoint<Response: Sendable>: Sendable {
    public let route: String
    public let query: [(String, String)]
    /// A list of posts, which shows only published ones unless asked for others (`status`).
    public let listsPosts: Bool
    /// The password of a protected post, which opens its content and comments.
    public let postPassword: String?
    /// The answer's body as the response.
    let read: @Sendable (Data) throws(JSONReadError) -> Response

    init(
        route: String, query: [(String, String)] = [], listsPosts: Bool = false, postPassword: String? = nil,
        read: @escaping @Sendable (Data) throws(JSONReadError) -> Response
    ) {
        self.route = route
        self.query = query
        self.listsPosts = listsPosts
        self.postPassword = postPassword
        self.read = read
    }
}

extension Endpoint where Response: Decodable {
    init(route: String, query: [(String, String)] = [], listsPosts: Bool = false, postPassword: String? = nil) {
        self.init(route: route, query: query, listsPosts: listsPosts, postPassword: postPassword, read: ResponseDecoding.codable)
    }
}

/// One page of a collection with WordPress's totals (`X-WP-Total`, `X-WP-TotalPages`).
public struct APIPage<Item: Sendable>: Sendable {
    public let items: [Item]
    public let total: Int?
    public let totalPages: Int?
    /// The server's clock when it answered (the `Date` header): where to ask "what changed
    /// since" from next, whatever this machine's clock says.
    public let serverDate: Date?

    public init(items: [Item], total: Int?, totalPages: Int?, serverDate: Date? = nil) {
        self.items = items
        self.total = total
        self.totalPages = totalPages
        self.serverDate = serverDate
    }
}
