/// A user name and password sent with HTTP Basic authentication (WordPress's application
/// passwords). Shown anywhere, it reads `user:***`: the password never reaches a log.
public struct BasicCredential: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    public let user: String
    public let password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public var description: String { user + ":***" }
    public var debugDescription: String { description }
}
