import NewsModels

/// A name in a story's header that opens a list of stories: its author, a category, a tag.
/// They are numbered after the article's own links, so that adding one never moves a number
/// the text gives.
public enum HeaderLink: Sendable, Hashable {
    case author(Author)
    case category(Category)
    case tag(Tag)

    /// The names of the story's header that open a list, in the header's order. A site read
    /// through its feed has no list by author (its feed has none), and its tags are kept as
    /// categories, whose feeds it does have.
    public static func of(_ story: Story, readThroughFeed: Bool) -> [HeaderLink] {
        let author = readThroughFeed ? [] : story.author.map { [HeaderLink.author($0)] } ?? []
        return author + story.categories.map(HeaderLink.category) + story.tags.map(HeaderLink.tag)
    }

    public var name: String {
        switch self {
        case .author(let author): author.name
        case .category(let category): category.name
        case .tag(let tag): tag.displayName
        }
    }

    /// What the link list says it is: "Author: Jane Okafor".
    public var label: String {
        switch self {
        case .author: "Author: " + name
        case .category: "Category: " + name
        case .tag: "Tag: " + name
        }
    }
}
