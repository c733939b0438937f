/// What the WordPress layer reports, each case one line for a person.
public enum WordPressError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The address answered, but not as a WordPress site with the REST API.
    case notWordPress(site: String)
    /// WordPress said no, with its own error body `{"code","message","data":{"status"}}`.
    case api(status: Int, code: String, message: String, url: String)
    /// An error status without a WordPress error body (a proxy's 502 page, say).
    case httpStatus(status: Int, url: String)
    /// The body was not the JSON the endpoint promises.
    case malformedResponse(url: String, detail: String)

    public var description: String {
        switch self {
        case .notWordPress(let site):
            "\(site) does not look like a WordPress site (no REST API found at /wp-json/ or ?rest_route=/): check the address"
        case .api(let status, let code, let message, let url):
            "the site answered HTTP \(status) for \(url): \(message.isEmpty ? code : message) (\(code))"
        case .httpStatus(let status, let url):
            "the site answered HTTP \(status) for \(url)\(status >= 500 ? ": the server has a problem, try again later" : "")"
        case .malformedResponse(let url, let detail):
            "the site sent an answer wpnews cannot read from \(url) (\(detail)): is it a WordPress site?"
        }
    }
}
