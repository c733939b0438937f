import CommandLineParsing
import Foundation
import NewsCore

struct SavedCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "saved",
        abstract: "The saved stories of every site, the most recently saved first.",
        discussion: """
            Each is kept with its article and read offline from the app's More tab; `wpnews \
            read ID --site SITE` reads the site's copy. --export writes them all, articles included, \
            as one HTML file to open in a browser: everything from the sites is escaped, and \
            the articles keep only their text, links and pictures (no scripts, styles, frames \
            or event attributes; only http and https addresses). The file is written whole \
            beside its name and synced to the disk before it takes the name (by a rename, so \
            filesystems without hard links such as vfat take it too): an export cut short \
            leaves no half file. A file already there is kept unless --force.

            Examples:
              wpnews saved
              wpnews saved --json | jq -r '.[].link'
              wpnews saved --export saved.html
              wpnews saved --export saved.html --force   # write over the file
            """,
        options: [
            .value("export", valueName: "file.html", completion: .files(extensions: ["html"]), help: "Write the saved stories as one HTML file."),
            .flag("force", help: "With --export: write over the file if it exists."),
        ] + GlobalOptions.descriptions
    )

    let export: String?
    let force: Bool
    let global: GlobalOptions

    /// It reads the user's state alone, no setting: a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .sitesOnly }

    init(_ arguments: ParsedArguments) throws {
        export = arguments.value("export")
        force = arguments.flag("force")
        global = try GlobalOptions(arguments)
        if force && export == nil { throw UsageError("--force goes with --export FILE") }
        if export != nil && global.json { throw UsageError("--export writes HTML: leave out --json") }
        if global.site != nil { throw UsageError("saved lists every site's saved stories: leave out --site") }
    }

    func run(context: CommandContext) async throws {
        let saved = try SavedStories(database: context.database()).all()
        if let export {
            do {
                try NewFile.write(Array(SavedExport.document(saved).utf8), to: export, replacing: force)
            } catch NewFileError.exists(let file) {
                throw SetupError.fileExists(file)
            }
            return context.output.note("wrote \(saved.count) saved stor\(saved.count == 1 ? "y" : "ies") to \(export)")
        }
        if global.json { return try context.printJSON(saved.map(SavedStoryJSON.init)) }
        guard !saved.isEmpty else {
            return context.output.note("No saved stories: save one with `wpnews save ID`, or s in the app.")
        }
        var siteNames: [String] = []
        let entries = saved.map { saved in
            let site = siteNames.firstIndex(of: saved.siteName) ?? {
                siteNames.append(saved.siteName)
                return siteNames.count - 1
            }()
            return (site: site, story: saved.story)
        }
        context.print(context.storyListView().lines(forSites: entries, siteNames: siteNames, firstNumber: 1))
    }
}
