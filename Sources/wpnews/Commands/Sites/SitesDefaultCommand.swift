import ArgumentParser

struct SitesDefaultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "default", abstract: "Make a configured site the default.")

    @Argument(help: "The site's name.")
    var name: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(options: global)
        var settings = context.settings
        try settings.makeDefault(name: name)
        try settings.save(path: context.paths.configFile)
        Output.note("'\(name)' is the default site")
    }
}
