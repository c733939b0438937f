import HTMLParsing

/// A post's content, parsed once from WordPress's HTML (`content.rendered`) into blocks,
/// ready to be laid out at any width by `ArticleLayout`.
public struct Article: Sendable {
    public let blocks: [Block]
    /// The addresses of the numbered links and images: `links[0]` is `[1]`.
    public let links: [String]
    /// Words in the text; each CJK character counts as a word.
    public let wordCount: Int
    /// The sizes each picture comes in, by its placeholder's address.
    public let imageSources: [String: ImageSources]
    /// The picture addresses of each gallery of two pictures or more, in order: drawn as
    /// rows of thumbnails.
    public let galleries: [[String]]

    /// `baseURL`, the article's own address, makes relative links absolute.
    public init(html: String, baseURL: String? = nil) {
        var builder = ArticleBuilder(baseURL: baseURL)
        HTMLDocument.visit(html, with: &builder)
        self = builder.finish()
    }

    init(blocks: [Block], links: [String], wordCount: Int, imageSources: [String: ImageSources], galleries: [[String]]) {
        self.blocks = blocks
        self.links = links
        self.wordCount = wordCount
        self.imageSources = imageSources
        self.galleries = galleries
    }

    /// Minutes to read at 230 words a minute, rounded up; 0 for an empty article.
    public var readingMinutes: Int {
        (wordCount + 229) / 230
    }
}
