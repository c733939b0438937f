import HTMLParsing
import NewsModels

extension Article {
    /// Parses WordPress's HTML with libxml2, which is why this lives here and not with the
    /// value. `baseURL`, the article's own address, makes relative links absolute.
    public init(html: String, baseURL: String? = nil) {
        var builder = ArticleBuilder(baseURL: baseURL)
        HTMLDocument.visit(html, with: &builder)
        self = builder.finish()
    }
}
