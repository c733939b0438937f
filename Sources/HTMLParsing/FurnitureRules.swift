import CLibXML2

/// What on a web page is furniture rather than the article, and what its class and id say
/// of an element: the hints the extractor's scoring reads.
///
/// Class and id are read as words (`site-footer` is "site" and "footer"), never as
/// substrings, so `header` holds no "ad" and `shadow` no "ad" either.
enum FurnitureRules {
    /// Words that name a part of the page around the article: an element one of them names
    /// is left out with all it holds, unless a word of `articleWords` names it too (a
    /// `content-with-sidebar` is still the content).
    static let furnitureWords: Set<Substring> = [
        "comment", "comments", "commentlist", "respond", "disqus", "replies",
        "sidebar", "widget", "widgets", "footer", "nav", "navbar", "navigation", "menu", "breadcrumb", "breadcrumbs",
        "share", "shares", "sharing", "sharedaddy", "social", "sociallinks",
        "related", "relatedposts", "recommended", "promo", "promotion", "newsletter", "subscribe", "subscription", "signup",
        "ad", "ads", "advert", "adverts", "advertisement", "sponsor", "sponsored", "outbrain", "taboola",
        "cookie", "cookies", "consent", "popup", "modal", "masthead", "skip",
    ]

    /// Words that name the article or what holds it.
    static let articleWords: Set<Substring> = [
        "article", "content", "main", "post", "entry", "hentry", "body", "text", "story", "blog",
    ]

    /// Words that count against an element in the scoring without removing it.
    static let doubtfulWords: Set<Substring> = furnitureWords.union([
        "meta", "byline", "author", "tags", "tagcloud", "caption", "extra", "more", "pagination", "pager", "links",
    ])

    /// Elements that are never part of an article: what is never shown anyway (scripts,
    /// styles, forms), frames, and the page's own navigation and asides.
    static func isFurniture(tag: HTMLTag, words: [Substring], node: PageTree.Node) -> Bool {
        switch tag {
        case .nav, .aside, .footer, .header:
            return true
        default:
            if isNeverContent(tag) { return true }
        }
        if isHidden(node) { return true }
        guard words.contains(where: furnitureWords.contains) else { return false }
        // The page's own root elements carry the body class's words (`comments-open`).
        return !(tag == .other && ["html", "body"].contains(PageTree.name(of: node)))
            && !words.contains(where: articleWords.contains)
    }

    /// Elements no article is made of, even when a site's selector names them: what is
    /// never shown (scripts, styles, forms) and what would load or run something (frames,
    /// plugins, buttons, dialogs).
    static func isNeverContent(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .iframe, .button, .object, .embed, .dialog: true
        default: tag.isDropped
        }
    }

    /// +25 for a class or id that names the article, -25 for one that names furniture.
    static func weight(of words: [Substring]) -> Double {
        var weight = 0.0
        if words.contains(where: articleWords.contains) { weight += 25 }
        if words.contains(where: doubtfulWords.contains) { weight -= 25 }
        return weight
    }

    /// Classes that hide an element from sight, kept for screen readers ("Skip to content",
    /// "Posted on"): whole class names, as their words (`screen`, `text`) say nothing alone.
    private static let hidingClasses: Set<Substring> = [
        "hidden", "screen-reader-text", "screen-reader-only", "sr-only", "visually-hidden", "visuallyhidden",
    ]

    /// Hidden from readers: `hidden`, `aria-hidden="true"`, a class that hides it, or an
    /// inline style of `display: none` or `visibility: hidden`.
    private static func isHidden(_ node: PageTree.Node) -> Bool {
        guard node.pointee.properties != nil else { return false }
        if PageTree.attribute("hidden", of: node) != nil { return true }
        if PageTree.classWords(of: node).contains(where: hidingClasses.contains) { return true }
        if PageTree.attribute("aria-hidden", of: node) == "true" { return true }
        guard let style = PageTree.attribute("style", of: node) else { return false }
        let compact = style.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }
}
