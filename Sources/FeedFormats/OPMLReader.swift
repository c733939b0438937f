import CLibXML2

/// Reads the feeds of an OPML subscription list with libxml2's XML parser, strictly
/// (`StrictXMLDocument`: no network, no DTD loaded, entity declarations refused). Folders
/// (outlines without `xmlUrl`) are flattened; a feed listed twice, in two folders say,
/// counts once.
public enum OPMLReader {
    /// Thousands of feeds take a few MiB; anything past this is not a subscription list.
    public static let maximumBytes = 16 << 20

    public static func feeds(in bytes: [UInt8]) throws(OPMLError) -> [OPMLFeed] {
        guard bytes.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        let document: StrictXMLDocument
        do {
            document = try StrictXMLDocument.parse(bytes)
        } catch {
            throw OPMLError(error)
        }
        let rootName = XMLNode.name(document.root)
        guard rootName == "opml" else { throw .notOPML(rootElement: XMLText.oneLine(rootName) ?? "") }
        return withExtendedLifetime(document) { outlines(under: document.root) }
    }

    /// Every outline with a feed address, in document order, at any depth (an explicit stack:
    /// no recursion, however deep the folders).
    private static func outlines(under root: xmlNodePtr) -> [OPMLFeed] {
        var feeds: [OPMLFeed] = []
        var seen: Set<String> = []
        var resumeAt: [xmlNodePtr] = []
        var node = root.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = XMLText.string(current.pointee.name)
                if name == "outline", let feed = feed(from: current), seen.insert(feed.feedURL).inserted {
                    feeds.append(feed)
                }
                // The head holds the list's own title and dates, never feeds.
                if name != "head", let child = current.pointee.children {
                    if let next = current.pointee.next { resumeAt.append(next) }
                    node = child
                    continue
                }
            }
            node = current.pointee.next ?? resumeAt.popLast()
        }
        return feeds
    }

    /// The outline's feed, if it names one. Attribute names are matched without regard to
    /// case: some readers write `xmlURL`.
    private static func feed(from outline: xmlNodePtr) -> OPMLFeed? {
        let value = { (name: String) in XMLNode.attribute(name, of: outline).flatMap(XMLText.oneLine) }
        guard let feedURL = value("xmlurl") else { return nil }
        return OPMLFeed(feedURL: feedURL, homeURL: value("htmlurl"), title: value("title") ?? value("text"))
    }
}

extension OPMLError {
    init(_ failure: StrictXMLDocument.Failure) {
        switch failure {
        case .declaresEntities: self = .declaresEntities
        case .malformed(let line, let reason): self = .malformed(line: line, reason: reason)
        }
    }
}
