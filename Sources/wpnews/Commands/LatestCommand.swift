import CommandLineParsing
import NewsCore

struct LatestCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "latest",
        abstract: "The newest stories.",
        discussion: """
            A second run within five minutes answers from the cache, with no network. \
            With --sites, the followed sites' stories in one list by date, each line \
            naming its site.

            Examples:
              wpnews latest --site https://news.example.org
              wpnews latest --site news.example.org --page 2 --per-page 20
              wpnews latest --refresh            # ask the site now
              wpnews latest --offline --unread   # on a train
              wpnews latest --sites all          # every followed site, newest first
              wpnews latest --sites campus,club --page 2
              WPNEWS_SITE=https://news.example.org wpnews latest --json | jq '.[].title'
            """,
        options: ListOptions.descriptions + SitesOptions.descriptions + FetchOptions.descriptions + GlobalOptions.descriptions
    )

    let list: ListOptions
    let sites: SitesOptions
    let fetch: FetchOptions
    let global: GlobalOptions

    init(_ arguments: ParsedArguments) throws {
        list = try ListOptions(arguments)
        sites = SitesOptions(arguments)
        fetch = try FetchOptions(arguments)
        global = try GlobalOptions(arguments)
        try sites.validate(with: global)
        if sites.sites != nil && list.all { throw UsageError("--all reads one site: leave it out with --sites") }
    }

    func run(context: CommandContext) async throws {
        if let names = sites.sites {
            let selections = try SiteSelection.resolveMany(names, sites: context.sites)
            return try await RiverPrinter(context: context, options: list, mode: fetch.mode, sitesOption: names).show(selections)
        }
        let perPage = list.pageSize
        try await StoryListPrinter.run(context, list, fetch, command: "wpnews latest") { _ in
            ListChoice(query: { .latest(page: $0, perPage: perPage) }, emptyPlace: "here")
        }
    }
}
