import CommandLineParsing
import Foundation
import NewsCore

struct CachePruneCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "prune",
        abstract: "Drop stories in no cached list and unread for a while (30 days; [cache] prune_after_days), and pictures past [images] cache_mb.",
        discussion: "wpnews also does this by itself, at most once a day.",
        options: GlobalOptionsWithoutJSON.descriptions
    )

    let global: GlobalOptionsWithoutJSON

    var settingsNeed: SettingsNeed { .sections([.cache, .images]) }

    init(_ arguments: ParsedArguments) throws {
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        let maintenance = CacheMaintenance(database: context.database())
        try maintenance.verify()
        let pruned = try maintenance.prune(fetchedBefore: Date().addingTimeInterval(-context.settings.pruneAfter))
        let pictures = context.imageCache.enforceCap()
        let fromFeeds = pruned.ofWebFeeds == 0 ? "" : " (\(pruned.ofWebFeeds) read one\(pruned.ofWebFeeds == 1 ? "" : "s") that had left a web feed)"
        context.output.note("pruned \(pruned.stories) stor\(pruned.stories == 1 ? "y" : "ies")\(fromFeeds), \(pictures) picture\(pictures == 1 ? "" : "s")")
    }
}
