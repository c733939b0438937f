import Foundation

/// Saved stories: the user's copies, kept in the state store (`SavedStories`) beside the
/// marks, so they read offline after the cache has lost them.
extension SiteContent {
    /// Saves a story with its article, read as `read` reads it (from the cache while fresh,
    /// else from the site). `siteName`: how the saved list names its site.
    public func save(_ reference: StoryReference, siteName: String) async throws -> SavedStory {
        let article = try await article(reference)
        return try save(article.story, html: article.html, siteName: siteName)
    }

    /// Saves a story whose article is at hand (the app's reader has it).
    public func save(_ story: Story, html: String, siteName: String) throws -> SavedStory {
        // The article was just read, so the cache knows the site's root.
        guard let root = try cachedRoot() else { throw NewsError.cacheLost }
        let saved = SavedStory(siteRoot: root, siteName: siteName, story: story, html: html, savedAt: clock())
        try savedStories.keep(saved)
        return saved
    }

    /// Forgets a saved story of this site; throws when it was not saved.
    public func unsave(storyID: Int) throws {
        guard let root = try cachedRoot(), try savedStories.forget(root: root, storyID: storyID) else {
            throw NewsError.notSaved(id: storyID, site: site.label)
        }
    }

    /// The saved stories of every site, in the state this content's database has attached.
    public var savedStories: SavedStories { SavedStories(database: store.database) }
}
