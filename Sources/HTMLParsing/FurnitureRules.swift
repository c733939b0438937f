import CLibXML2

/// What an element's class and id say to the extractor, read once from their bytes.
///
/// Class and id are read as words (`site-footer` is "site" and "footer"), never as
/// substrings, so `header` holds no "ad" and `shadow` no "ad" either; a few whole class
/// names (`entry-content`, `screen-reader-text`) are read as they are written.
struct ElementHints: OptionSet {
    let rawValue: UInt8

    /// A word that names the article or what holds it (`article`, `content`, `post` ...).
    static let article = ElementHints(rawValue: 1 << 0)
    /// A word that names a part of the page around the article (`footer`, `share` ...).
    static let furniture = ElementHints(rawValue: 1 << 1)
    /// A word that counts against an element without removing it (`meta`, `byline` ...).
    static let doubtful = ElementHints(rawValue: 1 << 2)
    /// A class that hides the element from sight, kept for screen readers.
    static let hiding = ElementHints(rawValue: 1 << 3)
    /// `entry-content` or `wp-block-post-content`: a WordPress theme's post content.
    static let postContent = ElementHints(rawValue: 1 << 4)
    /// `post-content`, which is the post's only inside an `<article>`.
    static let postContentInArticle = ElementHints(rawValue: 1 << 5)
    /// `page-links` or `post-nav-links`: WordPress's links to the pages of a split post.
    static let pageLinks = ElementHints(rawValue: 1 << 6)
}

/// What on a web page is furniture rather than the article, and what class and id words
/// say of an element: the hints the extractor's scoring reads.
enum FurnitureRules {
    /// Words that name a part of the page around the article: an element one of them names
    /// is left out with all it holds, unless a word that names the article names it too (a
    /// `content-with-sidebar` is still the content).
    private static let furnitureWords = [
        "comment", "comments", "commentlist", "respond", "disqus", "replies",
        "sidebar", "widget", "widgets", "footer", "nav", "navbar", "navigation", "menu", "breadcrumb", "breadcrumbs",
        "share", "shares", "sharing", "sharedaddy", "social", "sociallinks",
        "related", "relatedposts", "recommended", "promo", "promotion", "newsletter", "subscribe", "subscription", "signup",
        "ad", "ads", "advert", "adverts", "advertisement", "sponsor", "sponsored", "outbrain", "taboola",
        "cookie", "cookies", "consent", "popup", "modal", "masthead", "skip",
    ]

    /// Words that name the article or what holds it.
    private static let articleWords = ["article", "content", "main", "post", "entry", "hentry", "body", "text", "story", "blog"]

    /// Words that count against an element in the scoring, with the furniture words.
    private static let doubtfulWords = ["meta", "byline", "author", "tags", "tagcloud", "caption", "extra", "more", "pagination", "pager", "links"]

    /// Each word's hints, keyed as `MarkupText` keys element names: no string is made to
    /// look one up.
    private static let wordHints: [MarkupText.Name: ElementHints] = {
        var hints: [MarkupText.Name: ElementHints] = [:]
        for word in articleWords { hints[MarkupText.Name(word.utf8)!, default: []].insert(.article) }
        for word in furnitureWords { hints[MarkupText.Name(word.utf8)!, default: []].formUnion([.furniture, .doubtful]) }
        for word in doubtfulWords { hints[MarkupText.Name(word.utf8)!, default: []].insert(.doubtful) }
        return hints
    }()

    /// Whole class names and what they say.
    private static let classHints: [([UInt8], ElementHints)] = [
        // Classes that hide an element from sight ("Skip to content", "Posted on"): their
        // words (`screen`, `text`) say nothing alone.
        ("hidden", .hiding), ("screen-reader-text", .hiding), ("screen-reader-only", .hiding), ("sr-only", .hiding),
        ("visually-hidden", .hiding), ("visuallyhidden", .hiding),
        ("entry-content", .postContent), ("wp-block-post-content", .postContent), ("post-content", .postContentInArticle),
        ("page-links", .pageLinks), ("post-nav-links", .pageLinks),
    ].map { (Array($0.utf8), $1) }

    /// The hints of a class attribute's value (`isClass`) or an id's.
    static func hints(of value: UnsafePointer<xmlChar>, isClass: Bool) -> ElementHints {
        var hints: ElementHints = []
        var word = MarkupText.Name()
        var tokenStart = value
        var byte = value
        while true {
            let current = byte.pointee
            let isWordByte = current >= 0x80 || (current | 0x20 >= 0x61 && current | 0x20 <= 0x7A) || (current >= 0x30 && current <= 0x39)
            if isWordByte {
                // A longer word than sixteen bytes is on no list: its length alone is kept.
                if word.length < 16 { word.append(current) } else { word.length += 1 }
            } else {
                if word.length > 0, word.length <= 16, let found = wordHints[word] { hints.formUnion(found) }
                word = MarkupText.Name()
                if isClass, current == 0 || current == 0x20 || current == 0x09 || current == 0x0A || current == 0x0D || current == 0x0C {
                    hints.formUnion(classHint(UnsafeBufferPointer(start: tokenStart, count: byte - tokenStart)))
                    tokenStart = byte + 1
                }
            }
            if current == 0 { return hints }
            byte += 1
        }
    }

    private static func classHint(_ token: UnsafeBufferPointer<xmlChar>) -> ElementHints {
        guard token.count >= 6 else { return [] }
        for (name, hint) in classHints where name.count == token.count && name.elementsEqual(token) { return hint }
        return []
    }

    /// Elements that are never part of an article: what no article is made of, and the
    /// page's own navigation, asides, headers and footers; hidden ones; and those whose class
    /// or id names furniture and not the article.
    static func isFurniture(tag: HTMLTag, hints: ElementHints, isHidden: Bool, node: PageTree.Node) -> Bool {
        switch tag {
        case .nav, .aside, .footer, .header:
            return true
        default:
            if isNeverContent(tag) { return true }
        }
        if isHidden || hints.contains(.hiding) { return true }
        guard hints.contains(.furniture), !hints.contains(.article) else { return false }
        // The page's own root elements carry the body class's words (`comments-open`).
        return !(tag == .other && ["html", "body"].contains(PageTree.name(of: node)))
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

    /// Whether an embedded frame (a player, a map) is one to leave a link to: shown, larger
    /// than the pixel a tracker hides in, and not named as an ad or other furniture.
    static func isShownEmbed(_ element: PageTree.Element) -> Bool {
        guard !element.isHidden, !element.hints.contains(.hiding) else { return false }
        if element.hints.contains(.furniture), !element.hints.contains(.article) { return false }
        return !["width", "height"].contains { name in
            PageTree.attribute(name, of: element.node).map { ["0", "1", "0px", "1px"].contains($0.filter { $0 != " " }) } ?? false
        }
    }

    /// +25 for a class or id that names the article, -25 for one that names furniture.
    static func weight(of hints: ElementHints) -> Double {
        var weight = 0.0
        if hints.contains(.article) { weight += 25 }
        if hints.contains(.doubtful) { weight -= 25 }
        return weight
    }
}
