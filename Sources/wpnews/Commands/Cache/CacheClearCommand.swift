import ArgumentParser
import NewsCore

struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Forget cached stories: all, or one site's (--site).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(options: global)
        let (database, warning) = AppDatabase.openOrRecover(path: context.paths.cacheFile)
        if let warning { Output.note("wpnews: warning: " + warning) }
        let maintenance = CacheMaintenance(database: database)
        guard let site = global.site else {
            let count = try maintenance.clear()
            return Output.note("cleared the cache (\(count) site\(count == 1 ? "" : "s"))")
        }
        let configured = context.settings.sites[site]
        let count = try maintenance.clear(site: configured.map { $0.apiRoot ?? $0.url } ?? site)
        Output.note(count == 0 ? "nothing cached for \(site)" : "cleared the cache of \(site)")
    }
}
