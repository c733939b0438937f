import CommandLineParsing
import HTTPClient
import NewsCore

struct SitesAddCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "add",
        abstract: "Follow a site under a name; the first one added becomes the default.",
        discussion: """
            The site is looked up now: nothing is saved when it cannot be reached or is neither a \
            WordPress site nor a feed. A WordPress site is read through its REST API, or through its \
            feed when the API is closed to visitors (reading: feed). Any other site is followed as a \
            web feed (reading: web-feed): give the feed's own address (RSS, Atom or JSON Feed), or a \
            page that names feeds in <link rel="alternate">, whose first feed that is not a comments \
            feed is read; --feed picks another of them.

            With --user, wpnews signs in with an application password (made in WordPress under \
            Users -> Profile -> Application Passwords), asked for without echo, or read from stdin \
            when it is not a terminal. It is checked now and kept in the keyring (secret-tool), else \
            in ~/.config/wpnews/credentials (mode 0600); never in config.toml or the cache. Private \
            posts then appear in the lists when the user's role may read them.

              wpnews sites add campus https://news.example.org --user editor
              pass show campus | wpnews sites add campus https://news.example.org --user editor
              wpnews sites add campus https://news.example.org --group local --group uni
              wpnews sites add harbour https://harbour.example/
              wpnews sites add harbour https://harbour.example/ --feed https://harbour.example/atom.xml
              wpnews sites add harbour https://harbour.example/ --full-text

            --full-text reads each story from its own web page when it is opened (`read`, the \
            app's reader), for a feed that carries only summaries (`full_text` in sites.toml; \
            change it with `wpnews sites set NAME --full-text on|off`).
            """,
        arguments: [ArgumentDescription("name", help: "A short name for the site (letters, digits, '-', '_')."), ArgumentDescription("url", help: "Any URL of the site, or of its feed.")],
        options: [
            .value("feed", valueName: "url", help: "Read the site through this feed, one of those its page names."),
            .value("user", help: "Sign in as this WordPress user with an application password (https only, or this machine)."),
            .value("group", help: "Put the site in this group (again for more): --sites GROUP reads the group's sites."),
            .flag("full-text", help: "Read each story from its own web page when it is opened (for a feed of summaries)."),
        ] + GlobalOptionsWithoutJSON.descriptions
    )

    let name: String
    let url: String
    let feed: String?
    let user: String?
    let groups: [String]
    let fullText: Bool
    let global: GlobalOptionsWithoutJSON

    init(_ arguments: ParsedArguments) throws {
        name = try arguments.argument(required: "name")
        url = try arguments.argument(required: "url")
        feed = arguments.value("feed")
        user = arguments.value("user")
        groups = arguments.values("group")
        fullText = arguments.flag("full-text")
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
        try SitesSetCommand.validate(groups: groups)
    }

    func run(context: CommandContext) async throws {
        var following = SiteFollowing(name: name, url: url)
        following.feed = feed
        following.groups = groups
        following.fullText = fullText
        try following.check(against: context.sites)
        let credential = try user.map { BasicCredential(user: $0, password: try askPassword(of: $0, context: context)) }
        let followed = try await following.follow(
            in: context.sites, sitesFile: context.paths.sitesFile, credential: credential, discovery: context.siteDiscovery(credential: credential),
            http: context.httpClient(), credentials: context.credentials, notice: context.notice)
        context.output.note(followed.line)
    }

    private func askPassword(of user: String, context: CommandContext) throws -> String {
        let typed = context.output.readSecret(prompt: "application password of \(user) (not shown): ")
        guard let password = typed?.trimmingWhitespace(), !password.isEmpty else { throw SetupError.noPassword(user: user) }
        return password
    }
}
