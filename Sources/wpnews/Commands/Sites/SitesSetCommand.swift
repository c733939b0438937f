import CommandLineParsing
import HTMLParsing
import HTTPClient
import NewsCore

struct SitesSetCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "set",
        abstract: "Change a followed site: the groups it is in, whether its stories are read from their web pages.",
        discussion: """
            --groups replaces the site's groups with those given, separated by commas; an empty \
            value takes it out of every group. A group is named as a site is, and not like one. \
            --full-text on reads each story from its own web page when it is opened, for a feed \
            that carries only summaries; --full-text-selector says where the article is on the \
            site's pages (CSS-like: tag, .class, #id, tag.class, and "a b" for b inside a), for \
            a layout the extractor reads wrongly ('' to forget it); one the extractor cannot \
            read (">", "[attribute]", ":pseudo") is refused and nothing changes. No JSON form.

            Examples:
              wpnews sites set campus --groups local,uni
              wpnews latest --sites local
              wpnews sites set campus --groups ''
              wpnews sites set harbour --full-text on
              wpnews sites set harbour --full-text-selector 'div.story-body'
            """,
        arguments: [ArgumentDescription("name", completion: .dynamic(Completions.siteNamesKey), help: "The site's name.")],
        options: [
            .value("groups", valueName: "a,b", help: "The groups, separated by commas; '' for none."),
            .value("full-text", valueName: "on|off", completion: .values(Switch.allCases.map(\.rawValue)), help: "Read each story from its own web page when it is opened: on or off."),
            .value("full-text-selector", valueName: "selector", help: "Where the article is on the site's pages; '' for the extractor's choice."),
        ] + GlobalOptionsWithoutJSON.descriptions
    )

    let name: String
    let groups: String?
    let fullText: Switch?
    let fullTextSelector: String?

    enum Switch: String, CaseIterable {
        case on, off
    }

    let global: GlobalOptionsWithoutJSON

    /// It reads and writes the followed sites only: a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .sitesOnly }

    var groupList: [String] {
        (groups ?? "").split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    init(_ arguments: ParsedArguments) throws {
        name = try arguments.argument(required: "name")
        groups = arguments.value("groups")
        fullText = try arguments.value("full-text", as: Switch.self)
        fullTextSelector = arguments.value("full-text-selector")
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
        guard groups != nil || fullText != nil || fullTextSelector != nil else {
            throw UsageError("say what to change: --groups a,b (or '' for none), --full-text on|off, --full-text-selector SELECTOR")
        }
        try Self.validate(groups: groupList)
        // Checked as the extractor reads it: one it cannot read would find no article, silently.
        if let selector = fullTextSelector?.trimmingWhitespace(), !selector.isEmpty {
            do throws(ElementSelector.Unreadable) {
                _ = try ElementSelector(parsing: selector)
            } catch {
                throw UsageError(error.description)
            }
        }
    }

    /// A group name that is no name at all is a usage error, found before anything is read.
    static func validate(groups: [String]) throws {
        for group in groups where !FollowedSites.isValidName(group) {
            throw UsageError(SettingsError.badGroup(group).description)
        }
    }

    func run(context: CommandContext) async throws {
        var sites = context.sites
        if groups != nil { try sites.setGroups(groupList, of: name) }
        if let fullText { try sites.setFullText(fullText == .on, of: name) }
        if let fullTextSelector { try sites.setFullTextSelector(fullTextSelector.trimmingWhitespace(), of: name) }
        try sites.save(path: context.paths.sitesFile)
        let site = sites.sites[name]
        if groups != nil {
            let now = site?.groups ?? []
            context.output.note(now.isEmpty ? "'\(name)' is in no group" : "'\(name)' is in \(now.joined(separator: ", "))")
        }
        if fullText != nil {
            context.output.note(site?.fullText == true
                ? "'\(name)' stories are read from their web pages when opened"
                : "'\(name)' stories are read as its feed gives them; `read --full` still reads a page")
        }
        if fullTextSelector != nil {
            context.output.note(site?.fullTextSelector.map { "'\(name)' articles are found at \($0) on their pages" }
                ?? "'\(name)' articles are found by the extractor")
        }
    }
}
