import CommandLineParsing
import FeedFormats
import Foundation
import NewsCore

struct SitesImportCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "import",
        abstract: "Follow every feed of an OPML file (newsboat, Feedly, Inoreader ...) or a newsboat urls file.",
        discussion: """
            The format is told from the content. Each feed is looked up as `sites add` looks up \
            a URL, several at once: WordPress sites are followed through their REST API, every \
            other feed as a web feed, under names made from the list's titles (else the feeds' \
            own, else their hosts), in ASCII (letters lose their accents, other scripts go). OPML folders \
            and newsboat tags become groups (`--sites GROUP`). Only http and https addresses \
            are followed; newsboat's query:, exec: and filter: lines are never run, only \
            counted. A line for each feed says what became of it, and a summary ends the run. \
            The sites are saved together when all are looked up: Ctrl-C leaves the followed \
            sites as they were. No JSON form.

            Examples:
              newsboat -e > feeds.opml && wpnews sites import feeds.opml
              wpnews sites import ~/.newsboat/urls
              wpnews sites import ~/Downloads/feedly.opml
            """,
        arguments: [ArgumentDescription("file", completion: .files(extensions: []), help: "An OPML file, as feed readers export them, or newsboat's urls file.")],
        options: GlobalOptionsWithoutJSON.descriptions
    )

    let file: String
    let global: GlobalOptionsWithoutJSON

    init(_ arguments: ParsedArguments) throws {
        file = try arguments.argument(required: "file")
        global = try GlobalOptionsWithoutJSON(arguments)
        try global.refuseJSON()
    }

    func run(context: CommandContext) async throws {
        let list: SubscriptionList
        do {
            list = try SubscriptionList.read(readFile())
        } catch let error as SubscriptionListError {
            throw SetupError.notASubscriptionList(file, reason: error)
        }
        let feeds = list.feeds
        let progress = context.progressLine()
        let found = await progress.during("looking up \(feeds.count) feeds") {
            await SiteImport.lookUp(feeds, discovery: context.siteDiscovery(), http: context.httpClient(), notice: context.notice) { done in
                progress.update("looking up feeds: \(done) of \(feeds.count)")
            }
        }
        // Added to the file as it is now: a `watch` may have noted a gone or moved feed in it
        // while the feeds were looked up.
        var outcomes: [SiteImport.Outcome] = []
        var newDefault: String?
        _ = try FollowedSites.edit(path: context.paths.sitesFile, creating: true) { sites in
            let before = sites
            outcomes = try SiteImport.follow(feeds, found: found, in: &sites)
            newDefault = before.defaultName == nil ? sites.defaultName : nil
            return sites != before
        }
        for (feed, outcome) in zip(feeds, outcomes) { context.output.note(Self.line(for: outcome, of: feed)) }
        for skipped in list.skipped {
            context.output.note("skipped line \(skipped.line): \(skipped.kind.rawValue): lines run or search something in newsboat, which an import never does")
        }
        var summary = Self.summary(outcomes, skipped: list.skipped.count)
        if let newDefault { summary += "; '\(newDefault)' is the default site" }
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
        case .followedAsWordPress(let name): "added '\(name)', a WordPress site: \(feedName)"
        case .followedAsFeed(let name): "added '\(name)', a feed: \(feedName)"
        case .alreadyFollowed(let name, let joined) where !joined.isEmpty:
            "followed already, as '\(name)', now also in \(joined.joined(separator: ", ")): \(feedName)"
        case .alreadyFollowed(let name, _): "followed already, as '\(name)': \(feedName)"
        case .notAFeed(let reason): "not a feed: \(feedName): \(reason): follow its page with `wpnews sites add NAME URL`"
        case .unreachable(let reason): "unreachable: \(feedName): \(reason)"
        case .notWeb: "not followed, not an http or https address: \(feedName)"
        }
    }

    /// `12 WordPress sites and 30 feeds added, 1 followed already, 1 unreachable, 2 lines
    /// skipped`: what became of each line of the list.
    static func summary(_ outcomes: [SiteImport.Outcome], skipped: Int) -> String {
        var wordPress = 0, feeds = 0, followed = 0, notFeeds = 0, unreachable = 0, notWeb = 0
        for outcome in outcomes {
            switch outcome {
            case .followedAsWordPress: wordPress += 1
            case .followedAsFeed: feeds += 1
            case .alreadyFollowed: followed += 1
            case .notAFeed: notFeeds += 1
            case .unreachable: unreachable += 1
            case .notWeb: notWeb += 1
            }
        }
        let counted = { (count: Int, one: String, many: String) in "\(count) \(count == 1 ? one : many)" }
        let parts = [
            counted(wordPress, "WordPress site", "WordPress sites") + " and " + counted(feeds, "feed", "feeds") + " added",
            followed > 0 ? "\(followed) followed already" : nil,
            notFeeds > 0 ? counted(notFeeds, "not a feed", "not feeds") : nil,
            unreachable > 0 ? "\(unreachable) unreachable" : nil,
            notWeb > 0 ? "\(notWeb) not http or https" : nil,
            skipped > 0 ? counted(skipped, "query:, exec: or filter: line skipped", "query:, exec: or filter: lines skipped") : nil,
        ]
        return parts.compactMap { $0 }.joined(separator: ", ")
    }
}
