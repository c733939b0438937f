import ArgumentParser
import DisplayWidth
import NewsCore
import TerminalRender

struct SitesListCommand: WPNewsCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The followed sites; * marks the default.")

    @OptionGroup var global: GlobalOptions

    /// It reads the followed sites and the cache, no setting: a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .sitesOnly }

    struct Entry: Encodable {
        let name: String
        let url: String
        let apiRoot: String?
        /// `rest`, or `feed` for a site whose REST API is closed to visitors.
        let reading: String
        let isDefault: Bool
        /// The groups it is in, sorted; `[]` for none.
        let groups: [String]

        enum CodingKeys: String, CodingKey {
            case name, url, reading, groups, apiRoot = "api_root", isDefault = "default"
        }
    }

    func run(context: CommandContext) async throws {
        let sites = context.sites
        let entries = sites.names.map { name in
            let site = sites.sites[name]!
            return Entry(
                name: name, url: site.url, apiRoot: site.apiRoot, reading: site.reading, isDefault: name == sites.defaultName,
                groups: site.groups ?? []
            )
        }
        if global.json { return try context.printJSON(entries) }
        guard !entries.isEmpty else {
            context.print([StyledLine([Span("No sites yet: add one with `wpnews sites add NAME URL`.")])])
            return
        }
        let nameWidth = entries.map { DisplayWidth.of($0.name) }.max() ?? 0
        // Groups make a column of their own after the addresses, which line up for it.
        let readingWidth = entries.map(\.reading.count).max() ?? 0
        let urlWidth = entries.map { DisplayWidth.of($0.url) }.max() ?? 0
        context.print(entries.map { entry in
            let padding = String(repeating: " ", count: nameWidth - DisplayWidth.of(entry.name))
            let readingPadding = String(repeating: " ", count: readingWidth - entry.reading.count)
            let urlPadding = String(repeating: " ", count: urlWidth - DisplayWidth.of(entry.url))
            return StyledLine([
                Span(entry.isDefault ? "* " : "  ", Style(bold: true)),
                Span(entry.name, Style(bold: true)), Span(padding + "  "), Span(entry.reading + readingPadding + "  "), Span(entry.url, Style(color: .cyan)),
            ] + (entry.groups.isEmpty ? [] : [Span(urlPadding + "  " + entry.groups.joined(separator: ","))]))
        })
    }
}

