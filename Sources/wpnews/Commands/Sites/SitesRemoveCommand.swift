import CommandLineParsing
import NewsCore

struct SitesRemoveCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "remove", abstract: "Stop following a site and forget its cached stories.",
        arguments: [ArgumentDescription("name", help: "The site's name.")],
        options: GlobalOptionsWithoutJSON.descriptions
    )

    let name: String
    let global: GlobalOptionsWithoutJSON

    /// It reads the followed sites and the cache, no setting: a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .sitesOnly }

    init(_ arguments: ParsedArguments) throws {
        name = try arguments.argument(required: "name")
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        var sites = context.sites
        guard let site = sites.sites[name] else { throw SettingsError.unknownSite(name, known: sites.names) }
        // The cache first: if it fails, the site is still followed, as before the command.
        try CacheMaintenance(database: context.database()).clear(site: site.root?.description ?? site.url)
        try sites.remove(name: name)
        try sites.save(path: context.paths.sitesFile)
        // Unfollowed, the site has no use for its password: it goes last, so a failure leaves it usable.
        if let key = site.loginKey, let kept = try context.credentials.remove(key) {
            let clear = kept.clear.map(StoryListPrinter.shellQuoted).joined(separator: " ")
            context.notice("warning: \(kept.reason): the password for \(key.user) on \(key.apiRoot) may still be in it; remove it with `\(clear)`")
        }
        context.output.note("removed '\(name)'" + (sites.defaultName.map { "; the default site is now '\($0)'" } ?? ""))
    }
}
