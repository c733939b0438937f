import CLibXML2
import FoundationEssentials

/// Reads RSS 2.0 and Atom 1.0 with libxml2's XML parser, strictly (`StrictXMLDocument`: no
/// network, no DTD loaded, entity declarations refused), into plain items.
public enum FeedReader {
    /// WordPress's feeds are tens of KiB (ten items); past this it is not a feed to read.
    public static let maximumBytes = 16 << 20

    static let atomNamespace = "http://www.w3.org/2005/Atom"
    static let dublinCoreNamespace = "http://purl.org/dc/elements/1.1/"
    static let contentNamespace = "http://purl.org/rss/1.0/modules/content/"

    /// `charset`: the HTTP answer's `Content-Type` charset, when it named one. `address`:
    /// where the feed was fetched from, against which relative links are resolved.
    public static func feed(in bytes: [UInt8], charset: String? = nil, address: String? = nil) throws(FeedError) -> Feed {
        guard bytes.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        let document: StrictXMLDocument
        do {
            document = try StrictXMLDocument.parse(bytes)
        } catch {
            throw FeedError(error)
        }
        return try withExtendedLifetime(document) { () throws(FeedError) -> Feed in
            let root = document.root
            switch (XMLNode.name(root), XMLNode.namespace(root)) {
            case ("rss", _):
                guard let channel = XMLNode.elements(under: root).first(where: { XMLNode.name($0) == "channel" }) else {
                    return Feed(items: [])
                }
                return rss(channel)
            case ("feed", atomNamespace):
                return atom(root)
            case (let name, _):
                throw .notAFeed(rootElement: XMLText.oneLine(name) ?? "")
            }
        }
    }

    // MARK: RSS 2.0

    private static func rss(_ channel: xmlNodePtr) -> Feed {
        var feed = Feed(items: [])
        for element in XMLNode.elements(under: channel) where XMLNode.namespace(element).isEmpty {
            switch XMLNode.name(element) {
            case "title": feed.title = XMLText.oneLine(XMLNode.text(element))
            case "generator": feed.generator = XMLText.oneLine(XMLNode.text(element))
            case "item": feed.items.append(rssItem(element))
            default: break
            }
        }
        return feed
    }

    private static func rssItem(_ node: xmlNodePtr) -> FeedItem {
        var item = FeedItem()
        for element in XMLNode.elements(under: node) {
            let text = XMLNode.text(element)
            switch (XMLNode.namespace(element), XMLNode.name(element)) {
            case ("", "title"): item.title = XMLText.oneLine(text) ?? ""
            case ("", "link"): item.link = XMLText.oneLine(text)
            case ("", "guid"): item.guid = XMLText.oneLine(text)
            case ("", "pubDate"): item.published = FeedDate.rfc822(text)
            case ("", "author"), (dublinCoreNamespace, "creator"): item.author = item.author ?? XMLText.oneLine(text)
            case ("", "category"): XMLText.oneLine(text).map { item.categories.append($0) }
            case ("", "description"): item.summary = text
            case (contentNamespace, "encoded"): item.content = text
            default: break
            }
        }
        item.postID = PostID.in(item.guid) ?? PostID.in(item.link)
        item.key = item.guid ?? item.link ?? item.title
        return item
    }

    // MARK: Atom 1.0

    private static func atom(_ root: xmlNodePtr) -> Feed {
        var feed = Feed(format: .atom, items: [])
        for element in XMLNode.elements(under: root) where XMLNode.namespace(element) == atomNamespace {
            switch XMLNode.name(element) {
            case "title": feed.title = XMLText.oneLine(XMLNode.text(element))
            case "generator":
                let parts = [XMLNode.attribute("uri", of: element), XMLNode.text(element)].compactMap { $0 }
                feed.generator = XMLText.oneLine(parts.joined(separator: " "))
            case "entry": feed.items.append(atomEntry(element))
            default: break
            }
        }
        return feed
    }

    private static func atomEntry(_ node: xmlNodePtr) -> FeedItem {
        var item = FeedItem()
        for element in XMLNode.elements(under: node) where XMLNode.namespace(element) == atomNamespace {
            let text = XMLNode.text(element)
            switch XMLNode.name(element) {
            case "title": item.title = XMLText.oneLine(text) ?? ""
            case "id": item.guid = XMLText.oneLine(text)
            case "link":
                let relation = XMLNode.attribute("rel", of: element) ?? "alternate"
                if relation == "alternate", item.link == nil { item.link = XMLNode.attribute("href", of: element).flatMap(XMLText.oneLine) }
            case "published": item.published = FeedDate.rfc3339(text)
            case "updated": item.updated = FeedDate.rfc3339(text)
            case "author":
                let name = XMLNode.elements(under: element).first { XMLNode.name($0) == "name" }
                item.author = item.author ?? name.flatMap { XMLText.oneLine(XMLNode.text($0)) }
            case "category": XMLNode.attribute("term", of: element).flatMap(XMLText.oneLine).map { item.categories.append($0) }
            case "summary": item.summary = text
            // WordPress sends HTML; `type="xhtml"` content (markup, no text of its own) is left out.
            case "content": item.content = XMLNode.attribute("type", of: element) == "xhtml" ? nil : text
            default: break
            }
        }
        item.published = item.published ?? item.updated
        item.postID = PostID.in(item.guid) ?? PostID.in(item.link)
        item.key = item.guid ?? item.link ?? item.title
        return item
    }
}

/// WordPress's post id in the address it gives a post before its permalink: `?p=123`.
enum PostID {
    static func `in`(_ address: String?) -> Int? {
        guard let address, let query = address.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for parameter in query.prefix(while: { $0 != "#" }).split(separator: "&") where parameter.hasPrefix("p=") {
            if let id = Int(parameter.dropFirst(2)), id > 0 { return id }
        }
        return nil
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
