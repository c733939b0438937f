import Foundation
import Synchronization

/// JSON recorded from the project's seeded WordPress by `scripts/record-fixtures.sh`,
/// in `Tests/Fixtures/wordpress/`.
public enum WordPressFixture {
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/wordpress")

    /// The recorded body, with the recording site's address replaced by `site`.
    public static func text(_ name: String, site: String = "http://wordpress.test") throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            .replacingOccurrences(of: "http://wordpress.test", with: site)
    }

    /// The recorded answer: body, status and WordPress's paging headers.
    public static func response(_ name: String, status: Int = 200) throws -> TestResponse {
        let headers = try String(contentsOf: directory.appendingPathComponent(name + ".headers"), encoding: .utf8)
            .split(separator: "\n")
            .map { line -> (String, String) in
                let parts = line.split(separator: ":", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
            }
        return .json(try text(name), status: status, headers: headers)
    }
}

/// A stand-in WordPress on loopback: answers REST routes (`/wp-json/<route>`) from a table,
/// with the discovery `Link` header on every other path, and records what it was asked.
public enum FakeWordPress {
    /// `routes` maps a route such as `/wp/v2/posts` to its answer for a request.
    /// `answersNonHTTPAtOnce`: as `TestHTTPServer`'s, for a port that must be seen to speak HTTP.
    public static func start(
        answersNonHTTPAtOnce: Bool = false,
        routes: @escaping @Sendable (_ route: String, _ request: TestRequest) -> TestResponse?
    ) throws -> TestHTTPServer {
        let box = PortBox()
        let server = try TestHTTPServer(answersNonHTTPAtOnce: answersNonHTTPAtOnce) { request in
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

extension FakeWordPress {
    /// The seeded site's recorded answers (posts, users, categories, media, tags).
    public static let seededSiteRoutes: @Sendable (String, TestRequest) -> TestResponse? = { route, request in
        switch route {
        case "/wp/v2/posts": try? WordPressFixture.response("posts-page1.json")
        case "/wp/v2/users": try? WordPressFixture.response("users.json")
        case "/wp/v2/categories": try? WordPressFixture.response("categories.json")
        case "/wp/v2/media": try? WordPressFixture.response("media.json")
        case "/wp/v2/tags": try? WordPressFixture.response(request.query["slug"] == nil ? "tags.json" : "tag-featured.json")
        default: nil
        }
    }
}

/// The server's port is known only after it starts; the handler reads it from here.
private final class PortBox: Sendable {
    let port = Mutex(0)
}
