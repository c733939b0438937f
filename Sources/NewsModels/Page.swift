import FoundationEssentials

public struct Page: Sendable, Hashable, Identifiable {
    public let id: Int
    public let slug: String
    public let title: String
    public let link: String
    /// The parent page's id; nil at the top.
    public let parent: Int?
    /// Where the site's menus put it among its siblings (WordPress's "Order").
    public let menuOrder: Int
    public let modified: Date
    public let html: String?

    public init(id: Int, slug: String, title: String, link: String, parent: Int?, menuOrder: Int, modified: Date, html: String?) {
        self.id = id
        self.slug = slug
        self.title = title
        self.link = link
        self.parent = parent
        self.menuOrder = menuOrder
        self.modified = modified
        self.html = html
    }
}
