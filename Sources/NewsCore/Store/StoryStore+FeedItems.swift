import Foundation
import GRDB
import WordPressAPI

/// A web feed's items, stored as a WordPress feed's are: with their content, in one statement
/// (`saveStories` says why one).
extension StoryStore {
    /// Stores stories with their content (a feed's `content:encoded`) and the names they
    /// need, in one transaction. A story already kept keeps its content while its modified
    /// time stays the same and the feed gives none.
    func saveFeedItems(_ page: FetchedPage, site: Int64, at now: Date) throws {
        try saveChanges(page, site: site, at: now, withContent: true)
    }
}
