import CLibXML2
import FoundationEssentials
import URLSyntax

/// Reads a feed as servers send them, not as the specifications wish: RSS 0.9x and 2.0,
/// RSS 1.0 (RDF), Atom 1.0 and 0.3 with libxml2's XML parser, and JSON Feed 1.0 and 1.1,
/// told apart by their content. The bytes are decoded and mended first (`FeedBytes`); then
/// the parser reads them strictly in all but one way (`StrictXMLDocument`: no network, no
/// DTD loaded, entity declarations refused) and recovers from the errors that remain, keeping
/// every item whose end tag it read, in the document's order.
public enum FeedReader {
    /// WordPress's feeds are tens of KiB (ten items); past this it is not a feed to read.
    public static let maximumBytes = 16 << 20

    /// `charset`: the HTTP answer's `Content-Type` charset, when it named one (trusted after a
    /// byte order mark, before the XML declaration). `address`: where the feed was fetched
    /// from, against which relative links are resolved.
    public static func feed(in bytes: [UInt8], charset: String? = nil, address: String? = nil) throws(FeedError) -> Feed {
        guard bytes.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        var feed = if FeedBytes.isJSON(bytes) {
            try JSONFeedReader.feed(in: FeedBytes.json(bytes), address: address)
        } else {
            try xmlFeed(FeedBytes.xml(bytes, charset: charset), address: address)
        }
        FeedKeys.assign(to: &feed.items)
        return feed
    }

    private static func xmlFeed(_ text: ArraySlice<UInt8>, address: String?) throws(FeedError) -> Feed {
        let document: StrictXMLDocument
        let (parsed, sections) = CDATASections.extract(text)
        do {
            document = try StrictXMLDocument.parseRecovering(utf8: parsed)
        } catch {
            throw FeedError(error)
        }
        sections.restore(in: document.document)
        return try withExtendedLifetime(document) { () throws(FeedError) -> Feed in
            let root = document.root
            let reader = XMLFeedReader(document: document, address: address)
            let feed: Feed? = switch (XMLNode.name(root), XMLNode.namespace(root)) {
            case ("rss", let namespace): reader.rss(root, namespace: namespace)
            case ("RDF", Namespace.rdf): reader.rdf(root)
            case ("feed", Namespace.atom), ("feed", Namespace.atom03): reader.atom(root)
            default: nil
            }
            // What recovery made of a document that is not a feed, or of one with no whole
            // item left, is not worth more than the reason it is broken.
            if let failure = document.failure, feed?.items.isEmpty ?? true { throw FeedError(failure) }
            guard let feed else { throw .notAFeed(rootElement: XMLText.oneLine(XMLNode.name(root)) ?? "") }
            return feed
        }
    }
}

/// The namespaces of the elements feeds are made of.
enum Namespace {
    static let atom = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let syndication = "http://purl.org/rss/1.0/modules/syndication/"
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    static let media = "http://search.yahoo.com/mrss/"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let xhtml = "http://www.w3.org/1999/xhtml"
}

/// Reading one parsed XML feed; the document outlives it.
struct XMLFeedReader {
    let document: StrictXMLDocument
    /// Where the feed came from: the base of its relative addresses, under any `xml:base`.
    let address: String?

    /// The whole items under an element of the channel (or the feed), the element itself
    /// included, in the document's order. In a well-formed document that is the element if it
    /// is an item. In one libxml2 had to recover, an item is whole only if its end tag was
    /// read (a truncated document cuts the last one off); and an end tag that closed the
    /// wrong element leaves the items after it inside the element before, where they are found.
    private func wholeItems(
        _ element: xmlNodePtr, named name: String, namespace: String, read: (xmlNodePtr) -> FeedItem
    ) -> [FeedItem] {
        let isItem = { (node: xmlNodePtr) in XMLNode.name(node) == name && XMLNode.namespace(node) == namespace }
        guard document.failure != nil else { return isItem(element) ? [read(element)] : [] }
        var items: [FeedItem] = []
        // Depth first, in document order, with a stack of its own.
        var pending = [element]
        while let current = pending.popLast() {
            if isItem(current), StrictXMLDocument.isClosed(current) { items.append(read(current)) }
            pending += XMLNode.elements(under: current).reversed()
        }
        return items
    }

    // MARK: RSS 0.9x and 2.0, RSS 1.0

    /// `namespace`: the root's, which the channel's elements share (none, except in feeds
    /// that give RSS 2.0 one of its own).
    func rss(_ root: xmlNodePtr, namespace: String) -> Feed {
        var feed = Feed(format: .rss, items: [])
        for element in XMLNode.elements(under: root) where XMLNode.namespace(element) == namespace {
            switch XMLNode.name(element) {
            case "channel": channel(element, namespace: namespace, into: &feed)
            // Some feeds put their items after the channel rather than in it.
            default: feed.items += wholeItems(element, named: "item", namespace: namespace) { rssItem($0, namespace: namespace) }
            }
        }
        return feed
    }

    /// RSS 1.0 and 0.90: the channel, and the items beside it, in the RSS 1.0 (or 0.90) namespace.
    func rdf(_ root: xmlNodePtr) -> Feed {
        var feed = Feed(format: .rdf, items: [])
        for element in XMLNode.elements(under: root) {
            let namespace = XMLNode.namespace(element)
            guard namespace == Namespace.rss10 || namespace == Namespace.rss090 else { continue }
            switch XMLNode.name(element) {
            case "channel": channel(element, namespace: namespace, into: &feed)
            default: feed.items += wholeItems(element, named: "item", namespace: namespace) { rssItem($0, namespace: namespace) }
            }
        }
        return feed
    }

    private func channel(_ channel: xmlNodePtr, namespace: String, into feed: inout Feed) {
        var syndication = (period: nil as String?, frequency: nil as String?)
        for element in XMLNode.elements(under: channel) {
            switch (XMLNode.namespace(element), XMLNode.name(element)) {
            case (namespace, "title"): feed.title = XMLText.oneLine(XMLNode.text(element))
            case (namespace, "link"): feed.home = feed.home ?? absolute(XMLNode.text(element), at: element)
            case (namespace, "generator"): feed.generator = XMLText.oneLine(XMLNode.text(element))
            // Minutes, at most a year's: a number past that is no interval a reader can keep.
            case (namespace, "ttl"): feed.pollInterval = Int(XMLNode.text(element).trimmingWhiteSpace).flatMap { (1...525_600).contains($0) ? $0 * 60 : nil }
            case (Namespace.syndication, "updatePeriod"): syndication.period = XMLNode.text(element)
            case (Namespace.syndication, "updateFrequency"): syndication.frequency = XMLNode.text(element)
            default: feed.items += wholeItems(element, named: "item", namespace: namespace) { rssItem($0, namespace: namespace) }
            }
        }
        if feed.pollInterval == nil, let period = syndication.period {
            feed.pollInterval = Self.interval(period: period, frequency: syndication.frequency)
        }
    }

    /// `sy:updatePeriod` (hourly, daily…) divided by `sy:updateFrequency` (1 when absent).
    static func interval(period: String, frequency: String?) -> Int? {
        let seconds = switch period.trimmingWhiteSpace.lowercased() {
        case "hourly": 3600
        case "daily": 86_400
        case "weekly": 604_800
        case "monthly": 2_592_000
        case "yearly": 31_536_000
        default: 0
        }
        let times = frequency.flatMap { Int($0.trimmingWhiteSpace) } ?? 1
        guard seconds > 0, times > 0, seconds / times > 0 else { return nil }
        return seconds / times
    }

    private func rssItem(_ node: xmlNodePtr, namespace: String) -> FeedItem {
        var item = FeedItem()
        var guidIsLink = false
        var podcastSummary: String?
        for element in XMLNode.elements(under: node) {
            switch (XMLNode.namespace(element), XMLNode.name(element)) {
            case (namespace, "title"): item.title = XMLText.oneLine(html(in: element)) ?? ""
            case (namespace, "link"): item.link = item.link ?? absolute(XMLNode.text(element), at: element)
            case (namespace, "guid"):
                item.guid = XMLText.oneLine(XMLNode.text(element))
                guidIsLink = XMLNode.attribute("ispermalink", of: element)?.trimmingWhiteSpace.lowercased() != "false"
            case (namespace, "pubDate"), (Namespace.dublinCore, "date"):
                item.published = item.published ?? FeedDate.read(XMLNode.text(element))
            case (namespace, "author"), (Namespace.dublinCore, "creator"), (Namespace.itunes, "author"):
                item.author = item.author ?? XMLText.oneLine(XMLNode.text(element))
            case (namespace, "category"), (Namespace.dublinCore, "subject"):
                XMLText.oneLine(XMLNode.text(element)).map { item.categories.append($0) }
            case (namespace, "description"): item.summary = html(in: element)
            case (Namespace.itunes, "summary"): podcastSummary = XMLText.html(fromPlain: XMLNode.text(element))
            case (Namespace.content, "encoded"): item.content = html(in: element)
            case (namespace, "enclosure"):
                enclosure(XMLNode.attribute("url", of: element), type: XMLNode.attribute("type", of: element),
                          length: XMLNode.attribute("length", of: element), at: element).map { item.enclosures.append($0) }
            case (Namespace.atom, "link"):
                atomLink(element, into: &item)
            default: break
            }
        }
        // RSS 1.0 names the item by its `rdf:about`; a GUID that is a permalink is its link.
        if item.guid == nil, let about = XMLNode.attribute("about", of: node) { item.guid = XMLText.oneLine(about) }
        if item.link == nil, guidIsLink, let guid = item.guid, WebAddress(guid).hasScheme("http") || WebAddress(guid).hasScheme("https") {
            item.link = guid
        }
        item.summary = item.summary ?? podcastSummary
        item.postID = PostID.in(item.guid) ?? PostID.in(item.link)
        return item
    }

    // MARK: Atom 1.0 and 0.3

    func atom(_ root: xmlNodePtr) -> Feed {
        let namespace = XMLNode.namespace(root)
        var feed = Feed(format: .atom, items: [])
        var feedAuthor: String?
        for element in XMLNode.elements(under: root) where XMLNode.namespace(element) == namespace {
            switch XMLNode.name(element) {
            case "title": feed.title = XMLText.oneLine(XMLNode.text(element))
            case "link" where Self.relation(element) == "alternate":
                feed.home = feed.home ?? XMLNode.attribute("href", of: element).flatMap { absolute($0, at: element) }
            case "generator":
                let parts = [XMLNode.attribute("uri", of: element), XMLNode.text(element)].compactMap { $0 }
                feed.generator = XMLText.oneLine(parts.joined(separator: " "))
            case "author": feedAuthor = authorName(element, namespace: namespace)
            default: feed.items += wholeItems(element, named: "entry", namespace: namespace) { atomEntry($0, namespace: namespace) }
            }
        }
        // An entry with no author of its own is by the feed's.
        for index in feed.items.indices where feed.items[index].author == nil {
            feed.items[index].author = feedAuthor
        }
        return feed
    }

    private func atomEntry(_ node: xmlNodePtr, namespace: String) -> FeedItem {
        var item = FeedItem()
        var mediaDescription: String?
        for element in XMLNode.elements(under: node) {
            guard XMLNode.namespace(element) == namespace else {
                switch (XMLNode.namespace(element), XMLNode.name(element)) {
                case (Namespace.dublinCore, "creator"): item.author = item.author ?? XMLText.oneLine(XMLNode.text(element))
                // YouTube's only words about a video.
                case (Namespace.media, "group"):
                    let description = XMLNode.elements(under: element).first { XMLNode.name($0) == "description" }
                    mediaDescription = description.map { XMLText.html(fromPlain: XMLNode.text($0)) }
                default: break
                }
                continue
            }
            switch XMLNode.name(element) {
            case "title": item.title = XMLText.oneLine(textConstruct(element)) ?? ""
            case "id": item.guid = XMLText.oneLine(XMLNode.text(element))
            case "link": atomLink(element, into: &item)
            case "published", "issued", "created": item.published = item.published ?? FeedDate.read(XMLNode.text(element))
            case "updated", "modified": item.updated = item.updated ?? FeedDate.read(XMLNode.text(element))
            case "author": item.author = item.author ?? authorName(element, namespace: namespace)
            case "category":
                let label = XMLNode.attribute("label", of: element).flatMap(XMLText.oneLine)
                (label ?? XMLNode.attribute("term", of: element).flatMap(XMLText.oneLine)).map { item.categories.append($0) }
            case "summary": item.summary = textConstruct(element)
            // Content elsewhere (`src`) is not content the reader can show.
            case "content" where XMLNode.attribute("src", of: element) == nil: item.content = textConstruct(element)
            default: break
            }
        }
        item.published = item.published ?? item.updated
        item.summary = item.summary ?? mediaDescription
        item.postID = PostID.in(item.guid) ?? PostID.in(item.link)
        return item
    }

    /// An Atom link in an entry (Atom's own, or `atom:link` in RSS): the first alternate is
    /// the item's link, each enclosure one of its files.
    private func atomLink(_ element: xmlNodePtr, into item: inout FeedItem) {
        let href = XMLNode.attribute("href", of: element)
        switch Self.relation(element) {
        case "alternate": item.link = item.link ?? href.flatMap { absolute($0, at: element) }
        case "enclosure":
            enclosure(href, type: XMLNode.attribute("type", of: element), length: XMLNode.attribute("length", of: element), at: element)
                .map { item.enclosures.append($0) }
        default: break
        }
    }

    private static func relation(_ link: xmlNodePtr) -> String {
        XMLNode.attribute("rel", of: link)?.trimmingWhiteSpace.lowercased() ?? "alternate"
    }

    private func authorName(_ author: xmlNodePtr, namespace: String) -> String? {
        XMLNode.elements(under: author).first { XMLNode.name($0) == "name" && XMLNode.namespace($0) == namespace }
            .flatMap { XMLText.oneLine(XMLNode.text($0)) }
    }

    /// An Atom text construct as HTML: `html` as it is, `xhtml` (or any markup inside, as
    /// Atom 0.3's `mode="xml"` has) written out as markup, text escaped.
    private func textConstruct(_ element: xmlNodePtr) -> String {
        let type = XMLNode.attribute("type", of: element)?.trimmingWhiteSpace.lowercased() ?? "text"
        let children = XMLNode.elements(under: element)
        if type.contains("xhtml") || !children.isEmpty {
            // Atom 1.0 wraps xhtml in a div of its own, which is not the content.
            let wrapped = children.count == 1 && XMLNode.name(children[0]) == "div" && XMLNode.namespace(children[0]) == Namespace.xhtml
            return markup(inside: wrapped ? children[0] : element)
        }
        let text = XMLNode.text(element)
        let mode = XMLNode.attribute("mode", of: element)?.lowercased()
        return type.contains("html") || mode == "escaped" && !type.contains("plain") ? text : XMLText.html(fromPlain: text)
    }

    /// An RSS element that holds HTML: its text, which is the HTML escaped or in CDATA; or,
    /// in feeds that put the markup in as it is, that markup written out again.
    private func html(in element: xmlNodePtr) -> String {
        XMLNode.elements(under: element).isEmpty ? XMLNode.text(element) : markup(inside: element)
    }

    private func markup(inside element: xmlNodePtr) -> String {
        var markup = ""
        var child = element.pointee.children
        while let current = child {
            markup += document.markup(of: current)
            child = current.pointee.next
        }
        return markup
    }

    // MARK: Addresses

    /// A link made absolute against the `xml:base` of its element and its ancestors, over
    /// the feed's own address; nil when empty.
    private func absolute(_ reference: String, at element: xmlNodePtr) -> String? {
        guard let link = XMLText.oneLine(reference) else { return nil }
        if WebAddress.scheme(of: link) != nil { return link }
        // The bases are the feed's text too, and the address the caller's: made safe as well.
        return base(of: element).flatMap { XMLText.oneLine(WebAddress($0).resolve(link)) } ?? link
    }

    /// `xml:base` attributes apply from the outside in, each against the one before it.
    private func base(of element: xmlNodePtr) -> String? {
        var bases: [String] = []
        var node: xmlNodePtr? = element
        while let current = node, current.pointee.type == XML_ELEMENT_NODE {
            if let base = XMLNode.xmlBase(of: current) { bases.append(base) }
            node = current.pointee.parent
        }
        return bases.reversed().reduce(address) { base, next in base.map { WebAddress($0).resolve(next) } ?? next }
    }

    /// An enclosure with an absolute http or https address; nil for any other.
    private func enclosure(_ url: String?, type: String?, length: String?, at element: xmlNodePtr) -> FeedEnclosure? {
        guard let url, let address = absolute(url, at: element) else { return nil }
        return FeedEnclosure(web: address, type: type, length: length.flatMap { Int($0.trimmingWhiteSpace) })
    }
}

extension FeedEnclosure {
    /// Nil unless `address` is http or https: an enclosure is handed to an opener.
    init?(web address: String, type: String?, length: Int?) {
        let parts = WebAddress(address)
        guard parts.hasScheme("http") || parts.hasScheme("https"), !parts.host.isEmpty else { return nil }
        self.init(url: address, type: type.flatMap(XMLText.oneLine), length: length.flatMap { $0 > 0 ? $0 : nil })
    }
}

/// WordPress's post id in the address it gives a post before its permalink: `?p=123`.
/// Read in place on the address's bytes, as every item's GUID and link are asked: splitting
/// them into arrays cost a 500-item feed more than its titles' one-line checks.
enum PostID {
    static func `in`(_ address: String?) -> Int? {
        guard var address else { return nil }
        return address.withUTF8 { bytes -> Int? in
            // The query: after the first `?` that has something before it, up to the fragment.
            guard let question = bytes.firstIndex(of: UInt8(ascii: "?")), question > 0 else { return nil }
            let end = bytes[(question + 1)...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            var start = question + 1
            while start < end {
                let next = bytes[start..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
                if next - start >= 2, bytes[start] == UInt8(ascii: "p"), bytes[start + 1] == UInt8(ascii: "=") {
                    let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 2)..<next]), as: UTF8.self)
                    if let id = Int(value), id > 0 { return id }
                }
                start = next + 1
            }
            return nil
        }
    }
}

extension FeedError {
    init(_ failure: StrictXMLDocument.Failure) {
        switch failure {
        case .declaresEntities: self = .declaresEntities
        case .malformed(let line, let reason): self = .malformed(line: line, reason: reason)
        }
    }
}
