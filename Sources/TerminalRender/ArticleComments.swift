import HTMLParsing
import NewsModels

extension Article {
    /// The article with `comments` under it, in thread order (`TreeOrder`: a reply whose
    /// parent is missing starts a thread of its own). Each comment's HTML is parsed once, on
    /// its own, and its links are numbered on from the article's, so that one list numbers
    /// them all. Comments already under the article are replaced.
    public func addingComments(_ comments: [Comment], baseURL: String?) -> Article {
        var article = self
        article.links = Array(links.prefix(textLinkCount))
        var threaded: [ArticleComment] = []
        for (comment, depth) in TreeOrder(comments, id: \.id, parent: \.parent).rows {
            var builder = ArticleBuilder(baseURL: baseURL, numberingAfter: article.links)
            HTMLDocument.visit(comment.html, with: &builder)
            let parsed = builder.finish()
            article.links = parsed.links
            threaded.append(ArticleComment(author: comment.author, date: comment.date, depth: depth, blocks: parsed.blocks))
        }
        article.comments = threaded
        return article
    }
}
