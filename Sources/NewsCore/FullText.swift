import Foundation
import HTMLParsing
import HTTPClient
import URLSyntax
import WordPressAPI

/// A story's article as its own web page has it (`read --full`, the reader's `F`, a site with
/// `full_text`), or its summary and why it stayed.
public struct FullArticle: Sendable, Hashable {
    /// The article read from the page, or the summary it was asked for in place of.
    public let html: String
    /// Whether `html` came from the page.
    public let isFullText: Bool
    /// Why the summary stayed, or that the site's `full_text_selector` found no article and
    /// where the article stops short of its last page (one line), when any of these happened.
    public let notice: String?
}

/// How much of the web a story's page may take.
enum StoryPageLimits {
    static let redirects = 3
    static let bytes = 5 * 1_048_576
    /// A post split into pages (`<!--nextpage-->`) is followed this far, no further.
    static let pages = 20
    /// All of a story's pages together take no longer than this many timeouts of one.
    static let timeoutsForAllPages = 2.0
}

extension SiteContent {
    /// Whether the site's stories are read from their own web pages whenever they are opened
    /// (`full_text` in its sites.toml entry).
    public var readsFullText: Bool { site.followed?.fullText ?? false }

    /// The story's article read from its own web page, kept in the cache like any article:
    /// later reads (offline ones too) take it from there while the story is unchanged. Only
    /// for a site read through a feed; a REST site's articles are whole already, which is
    /// said when the page was `asked` for (`read --full`, the reader's `F`), not on every
    /// read of a site whose `full_text` default reads pages. Never throws: whatever goes
    /// wrong leaves the summary, with a notice saying what. An article whose later pages
    /// could not be read is shown as far as it was read, with a notice, and not kept: the
    /// next read tries its pages again. So is one the site's selector found on none of its
    /// pages, as the extractor found it: the next read tries the selector (fixed, perhaps) again.
    public func fullArticle(of article: StoryArticle, asked: Bool) async -> FullArticle {
        let summary = { (why: String?) in FullArticle(html: article.html, isFullText: false, notice: why) }
        let story = article.story
        do {
            guard let (siteID, root) = try knownSite() else { return summary("the site is not in the cache yet: read the story once first") }
            guard let feed = root.readFeed else {
                return summary(asked ? "\(site.label) is read through its REST API, whose articles are whole already: there is no more to read on its page" : nil)
            }
            if let kept = try store.fullArticle(site: siteID, story: story.id, modified: story.modified) {
                return FullArticle(html: kept, isFullText: true, notice: nil)
            }
            guard mode != .offline else { return summary("the story's full article is not in the offline copy: showing the summary") }
            guard let pages = try await readPages(from: story.link, postID: story.id > 0 ? story.id : nil, feed: feed) else {
                return summary("no article was found on the story's page: showing the summary")
            }
            // Measured against the feed's own summary, not the article shown in its place,
            // which adds a line saying where the whole story is.
            guard Self.wordCount(HTMLPlainText.of(pages.html)) >= Self.wordCount(story.excerpt) else {
                return summary("the story's page held less text than the summary: showing the summary")
            }
            let selectorMissed = pages.selectorMissed ? site.followed?.fullTextSelector.map(Self.missedSelectorNotice) : nil
            let notices = [selectorMissed, pages.stopsShort].compactMap { $0 }
            if notices.isEmpty {
                try writeToCache(root: root) { store, siteID in
                    try store.saveFullArticle(pages.html, site: siteID, story: story.id, modified: story.modified, at: clock())
                }
            }
            return FullArticle(html: pages.html, isFullText: true, notice: notices.isEmpty ? nil : notices.joined(separator: "; "))
        } catch is CancellationError {
            return summary("the story's page was not read: stopped")
        } catch {
            return summary("the story's page could not be read (\(ErrorMessage.line(for: error))): showing the summary")
        }
    }

    /// The article on the page at `address` and on the pages it continues on (`PageChain`),
    /// all of them read within `StoryPageLimits.timeoutsForAllPages` timeouts; nil when the
    /// first page holds nothing article-like. A first page that fails throws; a later page
    /// that fails, or may not be read, ends the article there, and `stopsShort` says so.
    /// `selectorMissed`: the site's selector found no article on one of the pages read.
    private func readPages(from address: String, postID: Int?, feed: String) async throws -> (html: String, stopsShort: String?, selectorMissed: Bool)? {
        let refused = Self.refusedAddresses(forFeed: feed)
        let selector = site.followed?.fullTextSelector
        let seconds = http.configuration.timeout * StoryPageLimits.timeoutsForAllPages
        let deadline = ContinuousClock.now + .seconds(seconds)
        let read = { (page: String) in
            try await self.readPage(page, refusing: refused, selector: selector, postID: postID, before: deadline, seconds: seconds)
        }
        guard let first = try await read(address) else { return nil }
        var chain = PageChain(asked: address, answered: first.url)
        var parts = [first.article.html]
        var selectorMissed = first.article.selectorMissed
        let end = { (stopsShort: String?) in (html: parts.joined(separator: "\n"), stopsShort: stopsShort, selectorMissed: selectorMissed) }
        let stop = { (why: String) in end("the article stops at page \(parts.count): \(why); the rest is on the story's page") }
        var next = first.article.nextPageURL
        while let page = next {
            switch chain.step(to: page) {
            case .alreadyRead: return end(nil)
            case .refused(let why): return stop("its next page is on \(why)")
            case .read: break
            }
            guard parts.count < StoryPageLimits.pages else { return stop("wpnews reads no more than \(StoryPageLimits.pages) pages of a story") }
            let continued: (url: String, article: ExtractedArticle)?
            do {
                continued = try await read(page)
            } catch is CancellationError {
                throw CancellationError()
            } catch NewsError.storyPagesTookTooLong(let seconds) {
                return stop("its pages took longer than \(seconds) s together")
            } catch {
                return stop("page \(parts.count + 1) could not be read (\(ErrorMessage.line(for: error)))")
            }
            guard let continued else { return stop("page \(parts.count + 1) held no article") }
            switch chain.step(to: continued.url) {
            case .alreadyRead: return end(nil)
            case .refused(let why): return stop("its next page led to \(why)")
            case .read: break
            }
            chain.read(page, continued.url)
            parts.append(continued.article.html)
            selectorMissed = selectorMissed || continued.article.selectorMissed
            next = continued.article.nextPageURL
        }
        return end(nil)
    }

    /// One page of the story and the article on it (nil: none), unless `deadline` comes
    /// first: then its transfer is let go and `NewsError.storyPagesTookTooLong` thrown.
    private func readPage(
        _ url: String, refusing refused: Set<AddressKind>, selector: String?, postID: Int?, before deadline: ContinuousClock.Instant, seconds: Double
    ) async throws -> (url: String, article: ExtractedArticle)? {
        let (request, http) = (try Self.pageRequest(url, refusing: refused), http)
        let response = try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask { try await http.send(request) }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw NewsError.storyPagesTookTooLong(seconds: Int(seconds.rounded(.up)))
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
        guard response.isSuccess else { throw NewsError.storyPageStatus(response.status, url: url) }
        guard let article = ArticleExtractor.extract(
            page: Array(response.body), charset: response.charset, pageURL: response.url, selector: selector, postID: postID
        ) else { return nil }
        return (response.url, article)
    }

    /// A page from anywhere on the web: http or https, no login or `Authorization` (the
    /// site's password is for its API alone), few redirects, a bounded size, and none of the
    /// machine's own or its network's addresses unless the feed is there too.
    static func pageRequest(_ url: String, refusing refused: Set<AddressKind>) throws -> HTTPRequest {
        let address = WebAddress(typed: url)
        guard address.hasScheme("http") || address.hasScheme("https") else { throw HTTPError.unsupportedScheme(url: url) }
        var request = HTTPRequest(url: url, headers: ["Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1"])
        request.maxRedirects = StoryPageLimits.redirects
        request.maxResponseBytes = StoryPageLimits.bytes
        request.refusedAddresses = refused
        return request
    }

    /// A feed whose address is written as this machine or its network may link pages there,
    /// of the same kind of address as its own; a feed from the web may link none of them.
    /// Decided from the address as written, never by looking its name up: the name's DNS
    /// could lead here, or at several kinds at once, or somewhere else by the time a story
    /// is read from the cache.
    static func refusedAddresses(forFeed feed: String) -> Set<AddressKind> {
        var refused = Set(AddressKind.allCases)
        if let kind = AddressKind.of(host: String(WebAddress(typed: feed).host)) { refused.remove(kind) }
        return refused
    }

    /// Why the site's `full_text_selector` had no part in the article: it found nothing (the
    /// site's layout changed), or it is one this wpnews cannot read (written in sites.toml by
    /// hand, or by a version that read more), which the extractor passes over as it does one
    /// that finds nothing.
    private static func missedSelectorNotice(_ selector: String) -> String {
        let why: String
        do throws(ElementSelector.Unreadable) {
            _ = try ElementSelector(parsing: selector)
            why = "found nothing on the story's page"
        } catch {
            why = "cannot be read (\(error.reason))"
        }
        return "the site's full_text_selector '\(selector)' \(why): the article was found without it; check it with `wpnews render --extract`"
    }

    private static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }
}
