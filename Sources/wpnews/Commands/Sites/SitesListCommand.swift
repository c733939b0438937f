import CommandLineParsing
import DisplayWidth
import Foundation
import NewsCore
import TerminalRender

struct SitesListCommand: WPNewsCommand {
    static let description = CommandDescription(
        name: "list", abstract: "The followed sites; * marks the default.",
        discussion: """
            A line per site: its name, how it is read (rest, feed, web-feed; then "full text" for \
            a site whose stories are read from their web pages, with the selector that finds the \
            article when one is set), how many of the stories the cache holds are unread (neither \
            read nor hidden; no request is made), its address, and for a site read through its \
            feed, the last time the feed could not be fetched and why (HTTP 503, unreachable, \
            unreadable feed, gone), until a fetch succeeds. With --json, unread, last_error and \
            last_error_at (null when none), full_text and full_text_selector (null when none).
            """,
        options: GlobalOptions.descriptions
    )

    let global: GlobalOptions

    init(_ arguments: ParsedArguments) throws {
        global = try GlobalOptions(arguments)
    }

    /// It reads the followed sites and the cache, no setting: a broken config.toml cannot stop it.
    var settingsNeed: SettingsNeed { .sitesOnly }

    struct Entry: Encodable {
        let name: String
        let url: String
        let apiRoot: String?
        /// `rest`; `feed` for a WordPress site whose REST API is closed to visitors; `web-feed`.
        let reading: String
        let isDefault: Bool
        /// The cached stories neither read nor hidden.
        let unread: Int
        /// The groups it is in, sorted; `[]` for none.
        let groups: [String]
        /// Why the site's feed could not be fetched the last time, until a fetch succeeds.
        @NullWhenAbsent var lastError: String?
        @NullWhenAbsent var lastErrorAt: String?
        let failure: FeedFailure?
        /// Its stories are read from their web pages (`full_text`), and where the article is.
        let fullText: Bool
        @NullWhenAbsent var fullTextSelector: String?

        init(name: String, site: FollowedSites.Site, isDefault: Bool, unread: Int, failure: FeedFailure?) {
            (self.name, url, apiRoot, reading, self.isDefault, self.failure) = (name, site.url, site.apiRoot, site.reading, isDefault, failure)
            self.unread = unread
            groups = site.groups ?? []
            fullText = site.fullText ?? false
            fullTextSelector = site.fullTextSelector
            lastError = failure?.problem
            lastErrorAt = failure?.at.formatted(.iso8601)
        }

        enum CodingKeys: String, CodingKey {
            case name, url, reading, unread, groups, apiRoot = "api_root", isDefault = "default", lastError = "last_error", lastErrorAt = "last_error_at"
            case fullText = "full_text", fullTextSelector = "full_text_selector"
        }

        /// How it is read, as the text column says it: the full-text setting goes with it.
        var readingLabel: String {
            guard fullText || fullTextSelector != nil else { return reading }
            let selector = fullTextSelector.map { " in \($0)" } ?? ""
            return reading + (fullText ? ", full text" : ", full text when asked") + selector
        }
    }

    func run(context: CommandContext) async throws {
        let sites = context.sites
        // The list is what this command is for: a cache that cannot be read counts nothing.
        let unread = sites.names.isEmpty ? [:] : (try? UnreadCounts.of(sites, in: context.database())) ?? [:]
        let entries = sites.names.map { name in
            let site = sites.sites[name]!
            return Entry(name: name, site: site, isDefault: name == sites.defaultName, unread: unread[name] ?? 0,
                         failure: Self.lastFailure(of: site, name: name, context: context))
        }
        if global.json { return try context.printJSON(entries) }
        guard !entries.isEmpty else {
            context.print([StyledLine([Span("No sites yet: add one with `wpnews sites add NAME URL`.")])])
            return
        }
        let nameWidth = entries.map { DisplayWidth.of($0.name) }.max() ?? 0
        // Groups and the last failure make columns of their own after the addresses, which
        // line up for them.
        let readingWidth = entries.map { DisplayWidth.of($0.readingLabel) }.max() ?? 0
        let unreadWidth = entries.map { String($0.unread).count }.max() ?? 0
        let urlWidth = entries.map { DisplayWidth.of($0.url) }.max() ?? 0
        // Groups are named in any alphabet (`sites set --groups`): measured in columns, as names are.
        let groupsWidth = entries.map { DisplayWidth.of($0.groups.joined(separator: ",")) }.max() ?? 0
        let dates = context.relativeDates
        context.print(entries.map { entry in
            let padding = String(repeating: " ", count: nameWidth - DisplayWidth.of(entry.name))
            let readingPadding = String(repeating: " ", count: readingWidth - DisplayWidth.of(entry.readingLabel))
            let unread = String(repeating: " ", count: unreadWidth - String(entry.unread).count) + "\(entry.unread) unread"
            let urlPadding = String(repeating: " ", count: urlWidth - DisplayWidth.of(entry.url))
            let groups = entry.groups.joined(separator: ",")
            var line = StyledLine([
                Span(entry.isDefault ? "* " : "  ", Style(bold: true)),
                Span(entry.name, Style(bold: true)), Span(padding + "  "), Span(entry.readingLabel + readingPadding + "  "), Span(unread + "  "), Span(entry.url, Style(color: .cyan)),
            ])
            if !groups.isEmpty || entry.failure != nil { line.spans.append(Span(urlPadding + "  " + groups)) }
            if let failure = entry.failure {
                line.spans.append(Span(String(repeating: " ", count: groupsWidth - DisplayWidth.of(groups) + (groupsWidth > 0 ? 2 : 0))))
                line.spans.append(Span("\(failure.problem), \(dates.describe(failure.at))", Style(color: .red)))
            }
            return line
        })
    }

    /// A feed's last failure: gone for good as sites.toml says, else as the cache remembers
    /// it. Sites read through their REST API have none, and cost no opening of the cache.
    private static func lastFailure(of site: FollowedSites.Site, name: String, context: CommandContext) -> FeedFailure? {
        if let gone = site.goneSince { return FeedFailure(problem: "gone (HTTP 410)", at: gone) }
        guard site.feed != nil else { return nil }
        // The list is what this command is for: a cache that cannot be read leaves the column empty.
        return try? context.content(mode: .offline, selection: SiteSelection.resolve(option: name, environment: nil, sites: context.sites))
            .lastFeedFailure()
    }
}

