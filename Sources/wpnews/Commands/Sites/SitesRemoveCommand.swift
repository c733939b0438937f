import ArgumentParser
import NewsCore

struct SitesRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Forget a configured site and its cached stories."
    )

    @Argument(help: "The site's name.")
    var name: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(options: global)
        var settings = context.settings
        let site = settings.sites[name]
        try settings.removeSite(name: name)
        try settings.save(path: context.paths.configFile)
        if let site {
            let (database, _) = AppDatabase.openOrRecover(path: context.paths.cacheFile)
            try CacheMaintenance(database: database).clear(site: site.apiRoot ?? site.url)
        }
        Output.note("removed '\(name)'" + (settings.defaultSite.map { "; the default site is now '\($0)'" } ?? ""))
    }
}
