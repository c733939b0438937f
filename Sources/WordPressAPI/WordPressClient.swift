import FoundationEssentials
import HTTPClient

/// Talks to one site's REST API: builds URLs from endpoints, decodes answers, and turns
/// WordPress's error bodies into `WordPressError`s.
public struct WordPressClient: Sendable {
    public let root: APIRoot
    private let http: HTTPClient
    private let login: SiteLogin?

    public init(root: APIRoot, http: HTTPClient, login: SiteLogin? = nil) {
        self.root = root
        self.http = http
        self.login = login
    }

    public func fetch<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try await send(endpoint).value
    }

    /// A collection page with its totals.
    public func page<Item>(_ endpoint: Endpoint<[Item]>) async throws -> APIPage<Item> {
        let (items, response) = try await send(endpoint)
        return APIPage(
            items: items,
            total: response.headers["X-WP-Total"].flatMap { Int($0) },
            totalPages: response.headers["X-WP-TotalPages"].flatMap { Int($0) },
            serverDate: response.headers["Date"].flatMap(HTTPDate.parse)
        )
    }

    private func send<Response>(_ endpoint: Endpoint<Response>) async throws -> (value: Response, response: HTTPResponse) {
        var query = endpoint.query
        if endpoint.listsPosts, login?.readsPrivatePosts == true { query.append(("status", "publish,private")) }
        var request = HTTPRequest(url: root.url(route: endpoint.route, query: query), headers: ["Accept": "application/json"],
                                  credential: login?.credential)
        if let password = endpoint.postPassword {
            // Never in the address, which servers, proxies and caches log and keep: in the JSON
            // body of a POST that WordPress reads as the GET it stands for (its REST server
            // honours X-HTTP-Method-Override, and reads a GET's parameters from a JSON body).
            request.method = .post
            request.headers["X-HTTP-Method-Override"] = "GET"
            request.headers["Content-Type"] = "application/json"
            request.body = String(decoding: try JSONEncoder().encode(["password": password]), as: UTF8.self)
        }
        let response = try await http.send(request)
        guard response.isSuccess else { throw ResponseDecoding.error(for: response, url: request.displayURL) }
        return (try ResponseDecoding.decode(response, url: request.displayURL, reading: endpoint.read), response)
    }
}

/// Reading bodies: JSON on success, WordPress's error object otherwise.
enum ResponseDecoding {
    private struct ErrorBody: Decodable {
        let code: ServerText
        let message: RenderedText?
        let data: ErrorData?
        struct ErrorData: Decodable { let status: Int? }
    }

    static func decode<Value>(_ response: HTTPResponse, url: String, reading read: (Data) throws(JSONReadError) -> Value) throws(WordPressError) -> Value {
        do {
            return try read(response.body)
        } catch {
            let isHTML = response.body.first(where: { !$0.isASCIIWhitespace }) == UInt8(ascii: "<")
            throw .malformedResponse(url: url, detail: isHTML ? "HTML where JSON was expected" : error.detail)
        }
    }

    /// A body read through `JSONDecoder`, its failure in `JSONReadError`'s words.
    @Sendable static func codable<Value: Decodable>(_ body: Data) throws(JSONReadError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: body)
        } catch let error as DecodingError {
            throw JSONReadError(error)
        } catch {
            throw .invalid
        }
    }

    static func error(for response: HTTPResponse, url: String) -> WordPressError {
        // A body not in WordPress's error shape (a proxy's page): the status says it all.
        guard let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body) else {
            return .httpStatus(status: response.status, url: url)
        }
        return .api(status: response.status, code: body.code.value, message: body.message?.plain ?? "", url: url)
    }
}

extension UInt8 {
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
