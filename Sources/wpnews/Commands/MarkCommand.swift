import CommandLineParsing
import NewsCore

struct MarkCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "mark",
        abstract: "Mark stories read or unread, by id or all of a site's at once.",
        discussion: """
            The ids are those lists show (a feed story's too), of stories the cache holds: \
            when one of them is not there, nothing is marked. --all marks every story the \
            cache holds for the site (or, with --sites, for each of those sites) read.

            Examples:
              wpnews mark read 1234 1235
              wpnews mark unread 1234 --site campus
              wpnews mark read --all
              wpnews mark read --all --sites all
            """,
        arguments: [ArgumentDescription("mark", completion: .values(Mark.allCases.map(\.rawValue)), help: "read or unread."), ArgumentDescription("ids", repeated: true, help: "The stories' ids.")],
        options: [
            .flag("all", help: "Every story of the site the cache holds (read only)."),
        ] + SitesOptions.descriptions + GlobalOptionsWithoutJSON.descriptions
    )

    enum Mark: String, CaseIterable {
        case read, unread
    }

    let mark: Mark
    let ids: [Int]
    let all: Bool
    let sites: SitesOptions
    let global: GlobalOptionsWithoutJSON

    init(_ arguments: ParsedArguments) throws {
        mark = try arguments.argument(required: "mark", as: Mark.self)
        ids = try arguments.arguments("ids", as: Int.init)
        all = arguments.flag("all")
        sites = SitesOptions(arguments)
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
        try sites.validate(with: global)
        if all {
            guard ids.isEmpty else { throw UsageError("--all marks every story: leave out the ids") }
            guard mark == .read else { throw UsageError("--all marks stories read only: mark unread takes ids") }
        } else {
            guard !ids.isEmpty else { throw UsageError("name the stories by id, or mark read --all") }
            if sites.sites != nil { throw UsageError("--sites goes with --all: ids name stories of one site (--site)") }
        }
    }

    func run(context: CommandContext) async throws {
        guard all else {
            try context.content(mode: .offline).setRead(storyIDs: ids, mark == .read)
            return context.output.note("marked \(ids.count) stor\(ids.count == 1 ? "y" : "ies") \(mark.rawValue)")
        }
        let selections = try sites.sites.map { try SiteSelection.resolveMany($0, sites: context.sites) } ?? [context.siteSelection()]
        for selection in selections {
            let count = try context.content(mode: .offline, selection: selection).markAllRead()
            context.output.note("marked \(count) stor\(count == 1 ? "y" : "ies") of \(selection.label) read")
        }
    }
}
