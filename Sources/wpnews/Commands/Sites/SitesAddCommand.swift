import ArgumentParser
import NewsCore
import WordPressAPI

struct SitesAddCommand: WPNewsCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Follow a site under a name; the first one added becomes the default.",
        discussion: "The site is looked up now: nothing is saved when it cannot be reached or is not WordPress."
    )

    @Argument(help: "A short name for the site (letters, digits, '-', '_').")
    var name: String

    @Argument(help: "Any URL of the site.")
    var url: String

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        var sites = context.sites
        try sites.checkNew(name: name, url: url)
        let discovery = SiteDiscovery(http: context.makeHTTPClient())
        let found = try await discovery.discover(url)
        if let fallback = found.fellBackToHTTP { context.notice(fallback) }
        let root = try await discovery.readable(found.root)
        try sites.add(name: name, url: url, apiRoot: root)
        try sites.save(path: context.paths.sitesFile)
        let isDefault = sites.defaultName == name ? " (the default site)" : ""
        let reading = root.readFeed.map { " (its REST API is closed to visitors: read through its feed, \($0))" } ?? ""
        context.output.note("added '\(name)': \(root)\(reading)\(isDefault)")
    }
}
