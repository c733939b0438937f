import CommandLineParsing
import FeedFormats
import NewsCore
import TerminalRender

struct SitesExportCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "export",
        abstract: "Write the followed sites as an OPML 2.0 subscription list on stdout.",
        discussion: """
            Each site is one feed: its RSS feed (xmlUrl) and home page (htmlUrl), under the \
            name it is followed by; a web feed is its own feed. Each group is a folder of its \
            sites (a site in two groups is in both folders); a site in no group is at the top. \
            `wpnews sites import`, newsboat and other feed readers read it back. No JSON form: \
            `wpnews sites list --json` is the JSON.

            Examples:
              wpnews sites export > sites.opml
              wpnews sites export > sites.opml && newsboat -i sites.opml
            """,
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
        let document = OPMLWriter.document(title: "wpnews sites", feeds: context.sites.feeds)
        context.print(document.split(separator: "\n").map { StyledLine([Span(String($0))]) })
    }
}
