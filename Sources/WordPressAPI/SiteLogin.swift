import HTTPClient

/// How wpnews signs in to a site: a user's application password (Users -> Profile ->
/// Application Passwords), and whether their role may read private posts, so that lists
/// ask for them (`status=publish,private`).
public struct SiteLogin: Sendable, Hashable {
    public let credential: BasicCredential
    public let readsPrivatePosts: Bool

    public init(credential: BasicCredential, readsPrivatePosts: Bool) {
        self.credential = credential
        self.readsPrivatePosts = readsPrivatePosts
    }
}

extension SiteLogin {
    /// Signs in at `root` (`/wp/v2/users/me`): the login, with what the user's role may read,
    /// and who the user is. A refused password is `WordPressError.loginRefused`.
    public static func verify(
        _ credential: BasicCredential, at root: APIRoot, http: HTTPClient
    ) async throws -> (login: SiteLogin, user: WPCurrentUser) {
        let api = WordPressClient(root: root, http: http, login: SiteLogin(credential: credential, readsPrivatePosts: false))
        do {
            let user = try await api.fetch(Endpoints.currentUser)
            return (SiteLogin(credential: credential, readsPrivatePosts: user.readsPrivatePosts), user)
        } catch WordPressError.api(let status, let code, _, _) where status == 401 || status == 403 {
            throw WordPressError.loginRefused(user: credential.user, site: root.home, code: code)
        }
    }
}
