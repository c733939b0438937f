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
    /// An address typed without a scheme, whose https handshake failed without showing that
    /// the port speaks plain http: only the user can say it does.
    case httpsFailed(address: String, detail: String)
    /// The site did not take a user's application password (`/wp/v2/users/me` answered 401 or 403).
    case loginRefused(user: String, site: String, code: String)
    /// The site's feed answered with something that is not a feed wpnews can read.
    case feedUnreadable(url: String, reason: String)
    /// Neither WordPress nor a feed, and the page names no feed wpnews can read.
    case noFeed(address: String)

    /// The REST API is there but turns anonymous visitors away, as security plugins make it:
    /// such a site may still be read through its feed.
    public var closesRESTToVisitors: Bool {
        switch self {
        case .api(401, let code, _, _), .api(403, let code, _, _):
            ["rest_disabled", "rest_cannot_access", "rest_login_required", "rest_not_logged_in", "rest_forbidden"].contains(code)
        case .httpStatus(401, _), .httpStatus(403, _): true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .notWordPress(let site):
            "\(site) does not look like a WordPress site (no REST API found at /wp-json/ or ?rest_route=/, no feed WordPress wrote): check the address"
        case .api(let status, let code, let message, let url):
            // What the site said comes first: a narrow screen cuts the address, not the reason.
            "the site answered HTTP \(status): \(message.isEmpty ? code : message) (\(code)) for \(url)"
        case .httpStatus(let status, let url):
            "the site answered HTTP \(status) for \(url)\(status >= 500 ? ": the server has a problem, try again later" : "")"
        case .httpsFailed(let address, let detail):
            "https to \(address) failed (\(detail)): if the site only speaks plain http, give it as http://\(address)"
        case .loginRefused(let user, let site, let code):
            "\(site) did not accept the application password of \(user) (\(code)): check the user name, or make a new password under Users -> Profile -> Application Passwords"
        case .feedUnreadable(let url, let reason):
            "the site's feed at \(url) cannot be read: \(reason)"
        case .noFeed(let address):
            "\(address) does not look like a WordPress site or a feed (no REST API, no feed WordPress wrote, no <link rel=\"alternate\"> feed wpnews can read on the page): check the address"
        case .malformedResponse(let url, let detail):
            "the site sent an answer wpnews cannot read from \(url) (\(detail)): is it a WordPress site?"
        }
    }
}
