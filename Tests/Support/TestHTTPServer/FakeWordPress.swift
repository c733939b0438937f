import Foundation
import Synchronization

/// JSON recorded from the project's seeded WordPress by `scripts/record-fixtures.sh`,
/// in `Tests/Fixtures/wordpress/`.
public enum WordPressFixture {
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/wordpress")

    public static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }
}

/// A stand-in WordPress on loopback: answers REST routes (`/wp-json/<route>`) from a table,
/// with the discovery `Link` header on every other path, and records what it was asked.
public enum FakeWordPress {
    /// `routes` maps a route such as `/wp/v2/posts` to its answer for a request.
    public static func start(
        routes: @escaping @Sendable (_ route: String, _ request: TestRequest) -> TestResponse?
    ) throws -> TestHTTPServer {
        let box = PortBox()
        let server = try TestHTTPServer { request in
            let root = "http://127.0.0.1:\(box.port.withLock { $0 })/wp-json/"
            guard request.path.hasPrefix("/wp-json") else {
                return .html("<html>home</html>", headers: [("Link", "<\(root)>; rel=\"https://api.w.org/\"")])
            }
            let route = String(request.path.dropFirst("/wp-json".count))
            return routes(route, request)
                ?? .json("{\"code\":\"rest_no_route\",\"message\":\"No route was found matching the URL and request method.\",\"data\":{\"status\":404}}", status: 404)
        }
        box.port.withLock { $0 = server.port }
        return server
    }

    /// A collection answer with WordPress's paging headers.
    public static func collection(_ json: String, total: Int, totalPages: Int) -> TestResponse {
        .json(json, headers: [("X-WP-Total", String(total)), ("X-WP-TotalPages", String(totalPages))])
    }
}

/// The server's port is known only after it starts; the handler reads it from here.
private final class PortBox: Sendable {
    let port = Mutex(0)
}
