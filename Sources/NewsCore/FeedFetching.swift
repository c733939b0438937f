import FeedFormats
import Foundation
import HTTPClient
import WordPressAPI

/// Every feed fetch of a site, done politely: the validators of the copy the cache holds go
/// with the request, so an unchanged feed answers 304 with no body and is not parsed; a
/// permanent redirect of the site's feed moves the followed site's address in sites.toml (and
/// a web feed's stories and marks with it); a
/// 410 Gone stops wpnews asking, for good; and the last failure is kept for `sites list`
/// until a fetch succeeds.
extension SiteContent {
    /// The feed of `list`. `copy`: the copy held whose validators go with the request, so a
    /// 304 (`FeedFetch.feed` nil) says that copy is still the feed; nil to ask for the whole
    /// feed. The caller keeps the answer's validators with the copy it stores
    /// (`StoryStore.keepValidators`), once that copy is stored.
    func fetchFeed(_ list: FeedClient.List, page: Int, client: FeedClient, askingAbout copy: FeedCopy?) async throws -> FeedFetch {
        let isMainFeed = list == .latest && page == 1
        // A site whose feed is gone publishes nothing: none of its feeds is asked.
        if site.followed?.goneSince != nil { throw NewsError.feedGone(site: site.label, followed: site.followed?.name) }
        let url = client.url(of: list, page: page)
        let validators = try copy.flatMap { copy in try cachedSiteID().flatMap { try store.feedValidators(site: $0, url: url, copy: copy) } }
        let answer: FeedAnswer
        do {
            if let discovered = await connection.takeDiscoveredFeed(at: url) {
                answer = discovered
            } else {
                answer = try await client.feed(list, page: page, validators: validators)
            }
        } catch let error where !(error is CancellationError) {
            // A term or page the site does not have (404) is the question's fault, not the feed's.
            if isMainFeed || !Self.isNotFound(error) { remember(FeedFailure(problem: Self.problem(error), at: clock()), root: client.root) }
            if isMainFeed, case WordPressError.httpStatus(410, _) = error { throw feedGone() }
            throw error
        }
        let movedTo = isMainFeed ? answer.movedTo : nil
        var root = client.root
        if let movedTo {
            if client.root.isWebFeed {
                root = try await webFeedMoved(from: client.root, to: movedTo)
            } else {
                feedMoved(from: url, to: movedTo)
            }
        }
        try writeToCache(root: root) { store, siteID in try store.forgetFeedError(site: siteID) }
        return FeedFetch(feed: answer.feed, url: movedTo ?? url, root: root, validators: answer.validators, pollInterval: answer.feed?.pollInterval)
    }

    /// The last time the site's feed could not be fetched, as the cache remembers it.
    public func lastFeedFailure() throws -> FeedFailure? {
        try cachedSiteID().flatMap { try store.feedError(site: $0) }
    }

    /// A failure is kept for `sites list`; a cache that cannot take it costs the command nothing.
    private func remember(_ failure: FeedFailure, root: APIRoot) {
        _ = try? writeToCache(root: root) { store, siteID in try store.rememberFeedError(failure, site: siteID) }
    }

    /// The feed answered 410 Gone: a followed site's entry says so from now on, so no run
    /// asks it again.
    private func feedGone() -> NewsError {
        if let followed = site.followed {
            do {
                _ = try FollowedSites.edit(path: followed.file) { $0.markGone(name: followed.name, at: clock()) }
            } catch {
                notice("warning: could not note in \(followed.file) that \(site.label)'s feed is gone (\(ErrorMessage.line(for: error)))")
            }
        }
        return NewsError.feedGone(site: site.label, followed: site.followed?.name)
    }

    /// The site's feed moved for good: a followed site is read at the new address from now on,
    /// said once (the run that finds its entry still at the old address says it).
    private func feedMoved(from old: String, to address: String) {
        guard let followed = site.followed else { return }
        do {
            if try FollowedSites.edit(path: followed.file, { $0.moveFeed(name: followed.name, from: old, to: address) }) {
                notice("\(site.label)'s feed has moved for good to \(address): wpnews reads it there from now on (\(followed.file))")
            }
        } catch {
            notice("warning: \(site.label)'s feed has moved for good to \(address), but \(followed.file) could not be updated (\(ErrorMessage.line(for: error)))")
        }
    }

    /// A followed web feed moved for good. Its address is also what its stories, their ids
    /// and the user's marks are filed under, so they are refiled under the new one before
    /// sites.toml names it (`StoryStore.moveWebFeed` says why in that order), and the rest of
    /// the run reads and writes there. Returns the root the run goes on with: the old one
    /// when the site is not followed (nothing names its address for the next run, which meets
    /// the redirect again) or the state could not be refiled (a later run tries again).
    private func webFeedMoved(from old: APIRoot, to address: String) async throws -> APIRoot {
        guard site.followed != nil else { return old }
        let new = APIRoot.webFeed(address)
        do {
            if try !store.moveWebFeed(from: old, to: new) {
                notice("warning: \(site.label)'s cached stories could not be moved to its feed's new address; they will be fetched again")
            }
        } catch {
            notice("warning: \(site.label)'s feed has moved for good to \(address), but its marks could not be moved there (\(ErrorMessage.line(for: error))); wpnews tries again next time")
            return old
        }
        await switchToMovedWebFeed(new)
        feedMoved(from: old.readFeed ?? old.description, to: address)
        return new
    }

    private static func isNotFound(_ error: any Error) -> Bool {
        switch error {
        case WordPressError.httpStatus(404, _), WordPressError.api(404, _, _, _): true
        default: false
        }
    }

    /// What went wrong, in a few words for a column of `sites list`.
    static func problem(_ error: any Error) -> String {
        switch error {
        case WordPressError.httpStatus(let status, _), WordPressError.api(let status, _, _, _): "HTTP \(status)"
        case WordPressError.feedUnreadable: "unreadable feed"
        case HTTPError.serverAskedToWait(_, _, let status): "HTTP \(status), asked to wait"
        case HTTPError.timedOut: "timed out"
        case is HTTPError: "unreachable"
        default: "failed"
        }
    }
}

/// A feed as one request found it: its new copy (nil when the server said the copy asked
/// about is still the feed, 304), where it lives now, and what identifies that copy.
struct FeedFetch: Sendable {
    let feed: Feed?
    let url: String
    /// The root its items are filed under: a web feed that moved for good has a new one.
    let root: APIRoot
    /// Nil for a 304, whose copy keeps the validators it has.
    let validators: FeedValidators?
    /// How often the feed asks to be read (`Feed.pollInterval`); nil for a 304.
    let pollInterval: Int?
}

/// Which stored copy of a feed its validators describe. Each copy keeps its own, written
/// after the copy itself, so a 304 vouches only for a copy that was stored whole with them:
/// not for a list made from an older copy of the same feed, nor for a watch poll whose lines
/// were never delivered.
enum FeedCopy: Sendable, Hashable {
    /// A list made from the feed (a WordPress site read through its feeds).
    case list(ListKey)
    /// The stories stored from its items: a web feed's kept items, a story `read` looks up.
    case items
    /// What `watch` delivered from it: kept when a poll is committed, after its lines are written.
    case watch

    var stored: String {
        switch self {
        case .list(let key): "list \(key.family) \(key.page) \(key.perPage)"
        case .items: "items"
        case .watch: "watch"
        }
    }
}
