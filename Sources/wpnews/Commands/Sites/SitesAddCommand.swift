import ArgumentParser
import HTTPClient
import NewsCore
import WordPressAPI

struct SitesAddCommand: WPNewsCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Follow a site under a name; the first one added becomes the default.",
        discussion: """
            The site is looked up now: nothing is saved when it cannot be reached or is not WordPress.

            With --user, wpnews signs in with an application password (made in WordPress under \
            Users -> Profile -> Application Passwords), asked for without echo, or read from stdin \
            when it is not a terminal. It is checked now and kept in the keyring (secret-tool), else \
            in ~/.config/wpnews/credentials (mode 0600); never in config.toml or the cache. Private \
            posts then appear in the lists when the user's role may read them.

              wpnews sites add campus https://news.example.org --user editor
              pass show campus | wpnews sites add campus https://news.example.org --user editor
              wpnews sites add campus https://news.example.org --group local --group uni
            """
    )

    @Argument(help: "A short name for the site (letters, digits, '-', '_').")
    var name: String

    @Argument(help: "Any URL of the site.")
    var url: String

    @Option(help: "Sign in as this WordPress user with an application password (https only, or this machine).")
    var user: String?

    @Option(name: .customLong("group"), help: ArgumentHelp(
        "Put the site in this group (again for more): --sites GROUP reads the group's sites.", valueName: "group"
    ))
    var groups: [String] = []

    @OptionGroup var global: GlobalOptionsWithoutJSON

    func validate() throws {
        try global.refuseJSON()
        try SitesSetCommand.validate(groups: groups)
    }

    func run(context: CommandContext) async throws {
        var sites = context.sites
        try sites.checkNew(name: name, url: url)
        try sites.checkGroups(groups)
        let credential = try user.map { BasicCredential(user: $0, password: try askPassword(of: $0, context: context)) }
        let http = context.httpClient()
        let discovery = context.siteDiscovery(credential: credential)
        let found = try await discovery.discover(url)
        if let fallback = found.fellBackToHTTP { context.notice(fallback) }
        var signedIn = "", reading = ""
        if let credential {
            let (login, account) = try await SiteLogin.verify(credential, at: found.root, http: http)
            try sites.add(name: name, url: url, apiRoot: found.root, user: credential.user, privatePosts: login.readsPrivatePosts)
            let key = LoginKey(apiRoot: found.root.description, user: credential.user)
            let place = try context.credentials.save(credential.password, for: key, notice: context.notice)
            let kept = switch place {
            case .keyring: "the keyring"
            case .file(let path): path
            }
            let reads = login.readsPrivatePosts ? ", private posts included" : ""
            signedIn = "; signed in as \(credential.user) (\(account.name.plain))\(reads), the password kept in \(kept)"
        } else {
            // A visitor may be turned away from the REST API: then the site is read through its feed.
            let root = try await discovery.readable(found.root)
            try sites.add(name: name, url: url, apiRoot: root)
            reading = root.readFeed.map { " (its REST API is closed to visitors: read through its feed, \($0))" } ?? ""
        }
        try sites.setGroups(groups, of: name)
        try sites.save(path: context.paths.sitesFile)
        let isDefault = sites.defaultName == name ? " (the default site)" : ""
        context.output.note("added '\(name)': \(found.root)\(reading)\(isDefault)\(signedIn)")
    }

    private func askPassword(of user: String, context: CommandContext) throws -> String {
        let typed = context.output.readSecret(prompt: "application password of \(user) (not shown): ")
        guard let password = typed?.trimmingWhitespace(), !password.isEmpty else { throw SetupError.noPassword(user: user) }
        return password
    }
}
