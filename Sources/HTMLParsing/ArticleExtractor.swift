import CLibXML2
import URLSyntax

/// What extraction found on a web page: the article's own HTML, ready for the article renderer.
public struct ExtractedArticle: Sendable, Equatable {
    /// The article element's HTML (pictures, figures, tables, code, lists kept; chrome dropped).
    public var html: String
    /// A post split into pages: the next page's absolute address, when the page links one.
    public var nextPageURL: String?

    public init(html: String, nextPageURL: String?) {
        self.html = html
        self.nextPageURL = nextPageURL
    }
}

/// The article on a web page, for a feed that carries only a summary: a pure function of
/// the page's bytes, which reads nothing and fetches nothing.
///
/// A site's own selector, when it has one, picks the article's elements. Otherwise a
/// WordPress page says where its post is (`ArticleExtractor.wordPressContent`), and any other
/// page is scored block by block (`ContentScoring`). Either way the page's furniture is left
/// out (`FurnitureRules`), and what is kept is written out with absolute addresses
/// (`ArticleHTMLWriter`).
public enum ArticleExtractor {
    /// `page`: the response body as received (libxml2 reads its charset: `charset` from Content-Type first, then <meta>).
    /// `pageURL`: the page's address (relative links and the next page are resolved against it).
    /// `selector`: a site's `full_text_selector` (CSS-like: `tag`, `.class`, `#id`, `tag.class`, descendant `a b`), overriding the extractor.
    /// `postID`: the WordPress post id when the story has one (`<article id="post-N">`).
    /// nil when nothing article-like is found (or the selector matches nothing, or cannot be read).
    public static func extract(page: [UInt8], charset: String?, pageURL: String, selector: String?, postID: Int?) -> ExtractedArticle? {
        let tree = PageTree(page: page, charset: charset)
        guard !tree.elements.isEmpty else { return nil }
        let roots: [Int]
        var leavesOut: (Int) -> Bool = { tree.elements[$0].isFurniture || isPageLinks(tree.elements[$0]) }
        if let selector {
            guard let selector = try? ElementSelector(parsing: selector), let matched = outermost(of: tree, matching: selector) else { return nil }
            roots = matched
        } else if let content = wordPressContent(in: tree, postID: postID ?? wordPressPostID(in: tree)) {
            roots = [content]
        } else if let scored = ContentScoring(tree: tree).article() {
            roots = scored
            leavesOut = { index in
                let element = tree.elements[index]
                return element.isFurniture || isPageLinks(element) || isLinkList(element)
            }
        } else {
            return nil
        }
        guard roots.contains(where: { tree.elements[$0].textLength > 0 || tree.elements[$0].holdsPicture }) else { return nil }
        let base = baseAddress(of: tree, pageURL: pageURL)
        let html = ArticleHTMLWriter(tree: tree, base: base, leavesOut: leavesOut).html(of: roots)
        return ExtractedArticle(html: html, nextPageURL: nextPage(in: tree, base: base))
    }

    // MARK: - WordPress

    /// The post's content element: inside `<article id="post-N">` when the page has one for
    /// the post, else the content element holding the most text (a page that also lists other
    /// posts' excerpts in the same markup reads right). nil when none holds any text or
    /// picture, as a password form alone does.
    static func wordPressContent(in tree: PageTree, postID: Int?) -> Int? {
        let elements = tree.elements
        var postElement: Int?
        if let postID {
            let id = "post-\(postID)"
            postElement = elements.indices.first { PageTree.attribute("id", of: elements[$0].node) == id }
        }
        var best: Int?
        for index in elements.indices where isContentElement(index, in: tree) {
            let element = elements[index]
            guard element.textLength >= 25 || element.holdsPicture else { continue }
            if let postElement, isInside(index, postElement, in: tree) { return index }
            if best.map({ elements[$0].textLength < element.textLength }) ?? true { best = index }
        }
        return best
    }

    /// The element WordPress themes give a post's content: classic themes' `.entry-content`,
    /// block themes' `.wp-block-post-content`, or `.post-content` inside an `<article>`.
    private static func isContentElement(_ index: Int, in tree: PageTree) -> Bool {
        let element = tree.elements[index]
        guard !element.isFurniture else { return false }
        if element.hints.contains(.postContent) { return true }
        guard element.hints.contains(.postContentInArticle) else { return false }
        var ancestor = element.parent
        while ancestor >= 0 {
            if tree.elements[ancestor].tag == .article { return true }
            ancestor = tree.elements[ancestor].parent
        }
        return false
    }

    private static func isInside(_ index: Int, _ container: Int, in tree: PageTree) -> Bool {
        var ancestor = index
        while ancestor >= 0 {
            if ancestor == container { return true }
            ancestor = tree.elements[ancestor].parent
        }
        return false
    }

    /// The post id a WordPress page names in its body class (`postid-42`, `page-id-7`).
    private static func wordPressPostID(in tree: PageTree) -> Int? {
        guard let body = tree.elements.first(where: { PageTree.name(of: $0.node) == "body" }) else { return nil }
        for word in PageTree.classWords(of: body.node) {
            for prefix in ["postid-", "page-id-"] where word.hasPrefix(prefix) {
                if let id = Int(word.dropFirst(prefix.count)) { return id }
            }
        }
        return nil
    }

    // MARK: - Pages of a post

    /// WordPress's links to the pages of a post split with `<!--nextpage-->`.
    private static func isPageLinks(_ element: PageTree.Element) -> Bool {
        element.hints.contains(.pageLinks)
    }

    /// The page after this one: in the page links, the first link after the current page's
    /// number (a `current` element, or a number outside any link, as older WordPress writes
    /// it), or a link marked `rel="next"`.
    private static func nextPage(in tree: PageTree, base: WebAddress) -> String? {
        guard let links = tree.elements.first(where: isPageLinks) else { return nil }
        var passedCurrent = false
        var node: PageTree.Node? = links.node.pointee.children
        while let current = node {
            var descend = true
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = PageTree.name(of: current)
                let classes = PageTree.classWords(of: current)
                if name == "a", let href = PageTree.attribute("href", of: current) {
                    if passedCurrent || PageTree.attribute("rel", of: current)?.split(separator: " ").contains("next") == true {
                        return base.resolve(href)
                    }
                    descend = false
                } else if classes.contains("current") || PageTree.attribute("aria-current", of: current) != nil {
                    passedCurrent = true
                }
            } else if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content,
                      HTMLDocument.string(content).contains(where: \.isNumber) {
                passedCurrent = true
            }
            node = PageTree.following(current, within: links.node, descending: descend)
        }
        return nil
    }

    // MARK: - The rest

    /// The elements the selector names, leaving out those inside another it names, and
    /// those no article is made of (a selector naming `script` finds nothing).
    private static func outermost(of tree: PageTree, matching selector: ElementSelector) -> [Int]? {
        var covered = [Bool](repeating: false, count: tree.elements.count)
        var matched: [Int] = []
        for index in tree.elements.indices {
            let parent = tree.elements[index].parent
            if parent >= 0, covered[parent] {
                covered[index] = true
            } else if !FurnitureRules.isNeverContent(tree.elements[index].tag), selector.matches(index, in: tree) {
                covered[index] = true
                matched.append(index)
            }
        }
        return matched.isEmpty ? nil : matched
    }

    /// A block that is mostly links (tags, related headlines, "more from" lists) inside what
    /// the scoring chose, unless it holds a picture.
    private static func isLinkList(_ element: PageTree.Element) -> Bool {
        switch element.tag {
        case .div, .section, .ul, .ol, .dl, .table:
            return !element.holdsPicture && element.textLength > 0 && element.linkDensity > 0.5
        default:
            return false
        }
    }

    /// The address links are resolved against: the page's own, or its `<base href>`.
    private static func baseAddress(of tree: PageTree, pageURL: String) -> WebAddress {
        let page = WebAddress(pageURL)
        guard let base = tree.elements.first(where: { $0.tag == .base }), let href = PageTree.attribute("href", of: base.node) else {
            return page
        }
        return WebAddress(page.resolve(href))
    }
}
