import CommandLineParsing

struct SitesDefaultCommand: WPNewsCommand {
    static let description = CommandDescription(name: "default", abstract: "Make a followed site the default.", arguments: [ArgumentDescription("name", help: "The site's name.")], options: GlobalOptionsWithoutJSON.descriptions)

    let name: String
    let global: GlobalOptionsWithoutJSON

    /// It reads the followed sites and the cache, no setting: a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .sitesOnly }

    init(_ arguments: ParsedArguments) throws {
        name = try arguments.argument(required: "name")
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        var sites = context.sites
        try sites.makeDefault(name: name)
        try sites.save(path: context.paths.sitesFile)
        context.output.note("'\(name)' is the default site")
    }
}
