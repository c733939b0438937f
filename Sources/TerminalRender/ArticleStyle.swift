import NewsModels

/// The look of an article, in one place. Every style here must also read without colour:
/// structure is carried by the text (rules, bars, markers, numbers), styles only add to it.
enum ArticleStyle {
    static let strong = Style(bold: true)
    /// The byline, the tags, the rules around the article.
    static let meta = Style(dim: true)
    static let link = Style(underline: true, color: .blue)
    static let linkNumber = Style(dim: true)
    static let deletionMark = Style(dim: true)
    static let media = Style(color: .magenta)
    static let code = Style(color: .yellow)
    static let keyboard = Style(bold: true, color: .yellow)
    static let caption = Style(dim: true, italic: true)
    static let citation = Style(italic: true)
    static let quoteBar = Style(dim: true)
    static let marker = Style(dim: true)
    static let rule = Style(dim: true)
    static let tableBorder = Style(dim: true)
    static let summary = Style(bold: true)

    static func heading(level: Int) -> Style {
        switch level {
        case 1: Style(bold: true, underline: true)
        case 2, 3: Style(bold: true)
        case 4: Style(bold: true, italic: true)
        default: Style(italic: true)
        }
    }
}

extension Style {
    /// This style with `other`'s attributes added; `other`'s colour wins.
    func adding(_ other: Style) -> Style {
        Style(
            bold: bold || other.bold, dim: dim || other.dim, italic: italic || other.italic,
            underline: underline || other.underline, inverse: inverse || other.inverse,
            strikethrough: strikethrough || other.strikethrough, color: other.color ?? color
        )
    }
}
