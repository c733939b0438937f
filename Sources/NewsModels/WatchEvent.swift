/// Something `wpnews watch` found on a site.
public struct WatchEvent: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// Published after watch started (or `--since`), never delivered before.
        case published
        /// Changed since it was delivered, or since watch started.
        case updated
        /// Delivered once, and no longer on the site (trashed, unpublished, deleted).
        case removed
    }

    public let kind: Kind
    public let storyID: Int
    /// Nil for a removed story the cache no longer held.
    public let story: Story?

    package init(kind: Kind, storyID: Int, story: Story?) {
        self.kind = kind
        self.storyID = storyID
        self.story = story
    }
}
