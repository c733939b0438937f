import CLibXML2

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

/// A stand-in with the extractor's API, until the extract branch brings the real one: it
/// knows only WordPress's own content elements (`.entry-content`, `.wp-block-post-content`)
/// and its page links (`.page-links`, `.post-nav-links`).
public enum ArticleExtractor {
    /// `page`: the response body as received (libxml2 reads its charset: `charset` from Content-Type first, then <meta>).
    /// `pageURL`: the page's address (relative links and the next page are resolved against it).
    /// `selector`: a site's `full_text_selector` (CSS-like), overriding the extractor.
    /// `postID`: the WordPress post id when the story has one (`<article id="post-N">`).
    /// nil when nothing article-like is found.
    public static func extract(page: [UInt8], charset: String?, pageURL: String, selector: String?, postID: Int?) -> ExtractedArticle? {
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue)
        xmlInitParser()
        let parsed = page.withUnsafeBufferPointer { bytes in
            bytes.baseAddress?.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                htmlReadMemory($0, Int32(bytes.count), pageURL, charset, options)
            }
        }
        guard let document = parsed ?? nil else { return nil }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return nil }
        let content = firstElement(under: root) { hasClass($0, "entry-content") || hasClass($0, "wp-block-post-content") }
        guard let content else { return nil }
        let links = firstElement(under: root) { hasClass($0, "page-links") || hasClass($0, "post-nav-links") }
        return ExtractedArticle(html: innerHTML(of: content, in: document), nextPageURL: links.flatMap { nextPage(in: $0, pageURL: pageURL) })
    }

    /// Depth first, in document order, without recursion (pages nest deeply).
    private static func firstElement(under root: xmlNodePtr, where matches: (xmlNodePtr) -> Bool) -> xmlNodePtr? {
        var stack: [xmlNodePtr] = [root]
        while let node = stack.popLast() {
            if node.pointee.type == XML_ELEMENT_NODE, matches(node) { return node }
            var children: [xmlNodePtr] = []
            var child = node.pointee.children
            while let current = child {
                children.append(current)
                child = current.pointee.next
            }
            stack.append(contentsOf: children.reversed())
        }
        return nil
    }

    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        // The attribute's own text node, read in place: nothing to free.
        guard let attribute = xmlHasProp(node, name), let text = attribute.pointee.children?.pointee.content else { return nil }
        return String(cString: text)
    }

    private static func hasClass(_ node: xmlNodePtr, _ name: String) -> Bool {
        attribute(node, "class")?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { $0 == name } ?? false
    }

    private static func innerHTML(of node: xmlNodePtr, in document: xmlDocPtr) -> String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        var child = node.pointee.children
        while let current = child {
            htmlNodeDump(buffer, document, current)
            child = current.pointee.next
        }
        return String(cString: xmlBufferContent(buffer))
    }

    /// WordPress marks the page shown with `current` and links the others in order: the next
    /// page is the first link after it.
    private static func nextPage(in links: xmlNodePtr, pageURL: String) -> String? {
        var passedCurrent = false
        var child = links.pointee.children
        while let current = child {
            child = current.pointee.next
            guard current.pointee.type == XML_ELEMENT_NODE else { continue }
            if hasClass(current, "current") {
                passedCurrent = true
            } else if passedCurrent, let href = attribute(current, "href") {
                return resolve(href, against: pageURL)
            }
        }
        return nil
    }

    /// Enough of link resolution for WordPress's page links: absolute, scheme-relative,
    /// host-relative or beside the page.
    private static func resolve(_ href: String, against pageURL: String) -> String {
        if href.contains("://") { return href }
        guard let schemeEnd = pageURL.firstRange(of: "://") else { return href }
        if href.hasPrefix("//") { return pageURL[..<schemeEnd.lowerBound] + ":" + href }
        let afterScheme = pageURL[schemeEnd.upperBound...]
        let origin = pageURL[..<(afterScheme.firstIndex(of: "/") ?? pageURL.endIndex)]
        if href.hasPrefix("/") { return origin + href }
        let path = pageURL[origin.endIndex...].prefix { $0 != "?" && $0 != "#" }
        return origin + (path.lastIndex(of: "/").map { path[...$0] } ?? "/") + href
    }
}
