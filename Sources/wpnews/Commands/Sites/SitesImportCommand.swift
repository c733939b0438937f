import ArgumentParser
import FeedFormats
import Foundation
import NewsCore

struct SitesImportCommand: WPNewsCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Follow the WordPress sites behind the feeds of an OPML file (newsboat, Feedly, Inoreader ...).",
        discussion: """
            Each feed is looked up as `sites add` looks up a URL, several at once. The WordPress \
            sites are followed under names made from the feeds' titles; the others are listed, \
            with a summary at the end. Folders are flattened. The sites are saved together when \
            all are looked up: Ctrl-C leaves the followed sites as they were. No JSON form.

            Examples:
              newsboat -e > feeds.opml && wpnews sites import feeds.opml
              wpnews sites import ~/Downloads/feedly.opml
            """
    )

    @Argument(help: "An OPML file, as feed readers export them.", completion: .file(extensions: ["opml", "xml"]))
    var file: String

    @OptionGroup var global: GlobalOptionsWithoutJSON

    func validate() throws {
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        let feeds: [ListedFeed]
        do {
            feeds = try OPMLReader.feeds(in: readFile())
        } catch let error as SubscriptionListError {
            throw SetupError.notOPML(file, reason: error)
        }
        let progress = context.progressLine()
        let found = await progress.during("looking up \(feeds.count) feeds") {
            await SiteImport.lookUp(feeds, discovery: context.siteDiscovery(), notice: context.notice) { done in
                progress.update("looking up feeds: \(done) of \(feeds.count)")
            }
        }
        var sites = context.sites
        let outcomes = try SiteImport.follow(feeds, found: found, in: &sites)
        if sites != context.sites { try sites.save(path: context.paths.sitesFile) }
        for (feed, outcome) in zip(feeds, outcomes) { context.output.note(Self.line(for: outcome, of: feed)) }
        var summary = Self.summary(outcomes)
        if context.sites.defaultName == nil, let name = sites.defaultName { summary += "; '\(name)' is the default site" }
        context.output.note(summary)
    }

    /// The file, read no further than a subscription list may go.
    private func readFile() throws -> [UInt8] {
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
            defer { try? handle.close() }
            return [UInt8](try handle.read(upToCount: SubscriptionList.maximumBytes + 1) ?? Data())
        } catch {
            throw SetupError.unreadable(file, error: error)
        }
    }

    private static func line(for outcome: SiteImport.Outcome, of feed: ListedFeed) -> String {
        let feedName = feed.title.map { "\($0) (\(feed.feedURL))" } ?? feed.feedURL
        return switch outcome {
        case .added(let name): "added '\(name)': \(feedName)"
        case .alreadyFollowed(let name): "followed already, as '\(name)': \(feedName)"
        case .notWordPress: "not a WordPress site: \(feedName)"
        case .unreachable(let reason): "unreachable: \(feedName): \(reason)"
        }
    }

    /// `12 added, 3 not WordPress sites, 1 unreachable`: what the list came to.
    static func summary(_ outcomes: [SiteImport.Outcome]) -> String {
        var added = 0, followed = 0, notWordPress = 0, unreachable = 0
        for outcome in outcomes {
            switch outcome {
            case .added: added += 1
            case .alreadyFollowed: followed += 1
            case .notWordPress: notWordPress += 1
            case .unreachable: unreachable += 1
            }
        }
        let parts = [
            "\(added) added",
            followed > 0 ? "\(followed) followed already" : nil,
            notWordPress > 0 ? "\(notWordPress) \(notWordPress == 1 ? "not a WordPress site" : "not WordPress sites")" : nil,
            unreachable > 0 ? "\(unreachable) unreachable" : nil,
        ]
        return parts.compactMap { $0 }.joined(separator: ", ")
    }
}
