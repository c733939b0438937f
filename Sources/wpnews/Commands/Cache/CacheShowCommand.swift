import CommandLineParsing
import Foundation
import NewsCore
import TerminalRender

struct CacheShowCommand: WPNewsCommand {
    static let description = CommandDescription(name: "show", abstract: "Where the cache is, its size, what it holds per site.", options: GlobalOptions.descriptions)

    let global: GlobalOptions

    init(_ arguments: ParsedArguments) throws {
        global = try GlobalOptions(arguments)
    }

    /// It reads the followed sites and the cache, no setting: a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .sitesOnly }

    struct Report: Encodable {
        let path: String
        let bytes: Int
        let sites: [CacheMaintenance.SiteSummary]
        let images: Images

        struct Images: Encodable {
            let path: String
            let files: Int
            let bytes: Int
            let capBytes: Int

            enum CodingKeys: String, CodingKey {
                case path, files, bytes, capBytes = "cap_bytes"
            }
        }
    }

    func run(context: CommandContext) async throws {
        let path = context.paths.cacheFile
        let maintenance = CacheMaintenance(database: context.database())
        try maintenance.verify()
        // No log file counts nothing.
        let bytes = ["", "-wal"].compactMap { try? FileManager.default.attributesOfItem(atPath: path + $0)[.size] as? Int }.reduce(0, +)
        let pictures = context.imageCache
        let usage = pictures.usage
        let images = Report.Images(path: pictures.directory, files: usage.files, bytes: usage.bytes, capBytes: pictures.capBytes)
        let report = Report(path: path, bytes: bytes, sites: try maintenance.summary(), images: images)
        if global.json { return try context.printJSON(report) }

        var lines = [StyledLine([Span(path, Style(bold: true)), Span("  \(Self.size(bytes))")])]
        if report.sites.isEmpty { lines.append(StyledLine([Span("empty", Style(dim: true))])) }
        for site in report.sites {
            let fetched = site.lastFetched.map { "last fetched " + context.relativeDates.describe($0) } ?? "no lists"
            lines.append(StyledLine([Span("  " + site.apiRoot, Style(color: .cyan))]))
            lines.append(StyledLine([Span("    \(site.stories) stories (\(site.withContent) with text, \(site.read) read), \(site.lists) lists, \(fetched)")]))
        }
        lines.append(StyledLine([Span(images.path, Style(bold: true)), Span("  \(Self.size(images.bytes)) of \(Self.size(images.capBytes))")]))
        lines.append(StyledLine([Span("  \(images.files) picture\(images.files == 1 ? "" : "s")")]))
        context.print(lines)
    }

    static func size(_ bytes: Int) -> String {
        let tenthsOfMiB = bytes * 10 / 1_048_576
        return bytes < 1_048_576 ? "\((bytes + 512) / 1024) KB" : "\(tenthsOfMiB / 10).\(tenthsOfMiB % 10) MB"
    }
}
