import ArgumentParser
import HTTPClient
import NewsCore

struct SitesSetCommand: WPNewsCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a followed site: the groups it is in.",
        discussion: """
            --groups replaces the site's groups with those given, separated by commas; an empty \
            value takes it out of every group. A group is named as a site is, and not like one. \
            No JSON form.

            Examples:
              wpnews sites set campus --groups local,uni
              wpnews latest --sites local
              wpnews sites set campus --groups ''
            """
    )

    @Argument(help: "The site's name.", completion: Completions.siteNames)
    var name: String

    @Option(help: ArgumentHelp("The groups, separated by commas; '' for none.", valueName: "a,b"))
    var groups: String?

    @OptionGroup var global: GlobalOptionsWithoutJSON

    /// It reads and writes the followed sites only: a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .sitesOnly }

    var groupList: [String] {
        (groups ?? "").split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    func validate() throws {
        try global.refuseJSON()
        guard groups != nil else { throw ValidationError("say what to change: --groups a,b (or '' for none)") }
        try Self.validate(groups: groupList)
    }

    /// A group name that is no name at all is a usage error, found before anything is read.
    static func validate(groups: [String]) throws {
        for group in groups where !FollowedSites.isValidName(group) {
            throw ValidationError(SettingsError.badGroup(group).description)
        }
    }

    func run(context: CommandContext) async throws {
        var sites = context.sites
        try sites.setGroups(groupList, of: name)
        try sites.save(path: context.paths.sitesFile)
        let now = sites.sites[name]?.groups ?? []
        context.output.note(now.isEmpty ? "'\(name)' is in no group" : "'\(name)' is in \(now.joined(separator: ", "))")
    }
}
