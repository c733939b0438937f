/// Which proxy a request goes through, decided by wpnews rather than by libcurl reading the
/// process's environment: the environment a command was given is the one that counts (the
/// tests run commands in-process with environments of their own).
public struct ProxySettings: Sendable, Hashable {
    /// For http:// requests (`http_proxy`, lowercase only, as curl reads it: `HTTP_PROXY`
    /// can be set by a web server from a request's `Proxy:` header).
    public var http: String?
    /// For https:// requests (`https_proxy` or `HTTPS_PROXY`).
    public var https: String?
    /// Hosts reached directly, in curl's `no_proxy` syntax (`localhost,.example.org`, `*`).
    public var noProxy: String?

    public init(http: String? = nil, https: String? = nil, noProxy: String? = nil) {
        self.http = http
        self.https = https
        self.noProxy = noProxy
    }

    /// `configured` (`[network] proxy` in config.toml) serves both schemes and wins over the
    /// environment's `http_proxy`, `https_proxy` and `all_proxy`; `no_proxy` applies to both.
    public init(environment: [String: String], configured: String? = nil) {
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        }
        let all = configured ?? value("all_proxy", "ALL_PROXY")
        self.init(
            http: configured ?? value("http_proxy") ?? all,
            https: configured ?? value("https_proxy", "HTTPS_PROXY") ?? all,
            noProxy: value("no_proxy", "NO_PROXY")
        )
    }

    func proxy(forHTTPS isHTTPS: Bool) -> String? { isHTTPS ? https : http }
}
