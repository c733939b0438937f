import FoundationEssentials

/// A post's content, parsed once from WordPress's HTML (`content.rendered`) into blocks,
/// ready to be laid out at any width by `ArticleLayout`. TerminalRender parses it
/// (`Article(html:baseURL:)`): libxml2 stays out of the values.
public struct Article: Sendable {
    public let blocks: [Block]
    /// The addresses of the numbered links and images: `links[0]` is `[1]`. The comments'
    /// links follow the text's.
    public package(set) var links: [String]
    /// Words in the text; each CJK character counts as a word.
    public let wordCount: Int
    /// The sizes each picture comes in, by its placeholder's address.
    public let imageSources: [String: ImageSources]
    /// The picture addresses of each gallery of two pictures or more, in order: drawn as
    /// rows of thumbnails.
    public let galleries: [[String]]
    /// The comments under the article, once they are asked for (`addingComments`).
    public package(set) var comments: [ArticleComment]?
    /// How many of `links` the text numbers: the comments' come after them.
    package let textLinkCount: Int

    package init(blocks: [Block], links: [String], wordCount: Int, imageSources: [String: ImageSources], galleries: [[String]]) {
        self.blocks = blocks
        self.links = links
        self.wordCount = wordCount
        self.imageSources = imageSources
        self.galleries = galleries
        textLinkCount = links.count
    }

    /// Minutes to read at 230 words a minute, rounded up; 0 for an empty article.
    public var readingMinutes: Int {
        (wordCount + 229) / 230
    }
}

/// A comment under an article, parsed once as the article is: who wrote it and when, how
/// deep in its thread, and its text as blocks.
public struct ArticleComment: Sendable, Hashable {
    public let author: String
    public let date: Date
    /// 0 for a comment that starts a thread; a reply is one deeper than the comment it answers.
    public let depth: Int
    public let blocks: [Block]

    package init(author: String, date: Date, depth: Int, blocks: [Block]) {
        self.author = author
        self.date = date
        self.depth = depth
        self.blocks = blocks
    }
}
