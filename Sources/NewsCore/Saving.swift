import Foundation

/// Saved stories: the user's copies, kept in the state store (`SavedStories`) beside the
/// marks, so they read offline after the cache has lost them.
extension SiteContent {
    /// Saves a story with its article, read as `read` reads it (from the cache while fresh,
    /// else from the site), or as its own web page had it when that was read (`read --full`,
    /// the reader's `F`): the cache keeps that beside the feed's summary, and the summary is
    /// not what was read. `siteName`: how the saved list names its site.
    public func save(_ reference: StoryReference, siteName: String) async throws -> SavedStory {
        let article = try await article(reference)
        return try save(article.story, html: keptFullArticle(of: article.story) ?? article.html, siteName: siteName)
    }

    /// The article read from the story's own page, while the story is unchanged; nil when none was.
    private func keptFullArticle(of story: Story) throws -> String? {
        guard let (siteID, _) = try knownSite() else { return nil }
        return try store.fullArticle(site: siteID, story: story.id, modified: story.modified)
    }

    /// Saves a story whose article is at hand (the app's reader has it).
    public func save(_ story: Story, html: String, siteName: String) throws -> SavedStory {
        // The article was just read, so the cache knows the site's root.
        guard let root = try cachedRoot() else { throw NewsError.cacheLost }
        let saved = SavedStory(siteRoot: root, siteName: siteName, story: story, html: html, savedAt: clock())
        try savedStories.keep(saved)
        return saved
    }

    /// Forgets a saved story of this site, and gives back what was kept (its pictures are
    /// the caller's to forget: `keepPictures` kept them); throws when it was not saved.
    @discardableResult
    public func unsave(storyID: Int) throws -> SavedStory {
        guard let root = try cachedRoot(), let saved = try savedStories.forget(root: root, storyID: storyID) else {
            throw NewsError.notSaved(id: storyID, site: site.label)
        }
        return saved
    }

    /// Keeps the pictures at `addresses` (a saved article's, as its placeholders name them)
    /// whole in `kept`, beside the user's data, where no cap or `cache clear` reaches them:
    /// `pictureFiles` finds them there offline. Each comes from the image cache, else the
    /// site; one that does not come is left out, as a picture always may be. Returns how
    /// many are kept.
    public func keepPictures(_ addresses: [String], in kept: ImageCache, cache: ImageCache, policy: ImageSourcePolicy, maxBytes: Int) async -> Int {
        var count = 0
        for address in Set(addresses) {
            if kept.file(for: address) == nil {
                guard let file = try? await imageFile(address, cache: cache, policy: policy, maxBytes: maxBytes),
                      let bytes = FileManager.default.contents(atPath: file), (try? kept.store(bytes, for: address)) != nil
                else { continue }
            }
            count += 1
        }
        return count
    }

    /// The saved stories of every site, in the state this content's database has attached.
    public var savedStories: SavedStories { SavedStories(database: store.database) }
}
