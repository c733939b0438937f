import CommandLineParsing
import NewsCore

struct CacheClearCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "clear",
        abstract: "Forget cached stories and pictures: all, or one site's stories (--site). What you read or hid is kept.",
        options: GlobalOptionsWithoutJSON.descriptions
    )

    let global: GlobalOptionsWithoutJSON

    /// It reads the followed sites and the cache, no setting: a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .sitesOnly }

    init(_ arguments: ParsedArguments) throws {
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        let maintenance = CacheMaintenance(database: context.database())
        try maintenance.verify()
        guard let site = global.site else {
            let lost = try Self.lostForGood(maintenance.itemsOutOfFeeds())
            let count = try maintenance.clear()
            let pictures = context.imageCache.clear()
            return context.output.note("cleared the cache (\(count) site\(count == 1 ? "" : "s"), \(pictures) picture\(pictures == 1 ? "" : "s"))\(lost)")
        }
        let followed = context.sites.sites[site]
        let key = followed.map { $0.root?.description ?? $0.url } ?? site
        let lost = try Self.lostForGood(maintenance.itemsOutOfFeeds(site: key))
        let count = try maintenance.clear(site: key)
        context.output.note(count == 0 ? "nothing cached for \(site)" : "cleared the cache of \(site)\(lost)")
    }

    /// Web feeds' stories that left their feeds are kept only in the cache: clearing it loses them.
    private static func lostForGood(_ count: Int) -> String {
        count == 0 ? "" : "; \(count) stor\(count == 1 ? "y" : "ies") no longer in \(count == 1 ? "its" : "their") web feed\(count == 1 ? " is" : "s are") gone for good"
    }
}
