import ArgumentParser
import NewsCore
import WordPressAPI

struct SitesAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a site under a name; the first one added becomes the default.",
        discussion: "The site is looked up now: nothing is saved when it cannot be reached or is not WordPress."
    )

    @Argument(help: "A short name for the site (letters, digits, '-', '_').")
    var name: String

    @Argument(help: "Any URL of the site.")
    var url: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(options: global)
        let root = try await SiteDiscovery(http: context.makeHTTPClient()).discover(url)
        var settings = context.settings
        try settings.addSite(name: name, url: url, apiRoot: root)
        try settings.save(path: context.paths.configFile)
        let isDefault = settings.defaultSite == name ? " (the default site)" : ""
        Output.note("added '\(name)': \(root)\(isDefault)")
    }
}
