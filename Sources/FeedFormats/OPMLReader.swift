import CLibXML2

/// Reads the feeds of an OPML subscription list with libxml2's XML parser, strictly
/// (`StrictXMLDocument`: no network, no DTD loaded, entity declarations refused). An outline
/// without `xmlUrl` is a folder: its title is a group of every feed under it, however deep.
/// A feed listed twice, in two folders say, counts once, in the groups of both.
public enum OPMLReader {
    public static func feeds(in bytes: [UInt8]) throws(SubscriptionListError) -> [ListedFeed] {
        guard bytes.count <= SubscriptionList.maximumBytes else { throw .tooLarge(limit: SubscriptionList.maximumBytes) }
        let document: StrictXMLDocument
        do {
            document = try StrictXMLDocument.parse(bytes)
        } catch {
            throw SubscriptionListError(error)
        }
        let rootName = XMLNode.name(document.root)
        guard rootName == "opml" else { throw .notOPML(rootElement: XMLText.oneLine(rootName) ?? "") }
        return withExtendedLifetime(document) { outlines(under: document.root) }
    }

    /// Every outline with a feed address, in document order, at any depth (an explicit stack:
    /// no recursion, however deep the folders), with the folders around it.
    private static func outlines(under root: xmlNodePtr) -> [ListedFeed] {
        var feeds: [ListedFeed] = []
        var index: [String: Int] = [:]
        // The folders around `node`, kept sorted and each once as they are entered, so that
        // the feeds inside share one array.
        var folders: [String] = []
        var resumeAt: [(node: xmlNodePtr, folders: [String])] = []
        var node = root.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = XMLText.string(current.pointee.name)
                let feed = name == "outline" ? feed(from: current, in: folders) : nil
                if let feed {
                    if let earlier = index[feed.feedURL] {
                        feeds[earlier].groups = Array(Set(feeds[earlier].groups).union(feed.groups)).sorted()
                    } else {
                        index[feed.feedURL] = feeds.count
                        feeds.append(feed)
                    }
                }
                // The head holds the list's own title and dates, never feeds.
                if name != "head", let child = current.pointee.children {
                    if let next = current.pointee.next { resumeAt.append((next, folders)) }
                    if name == "outline", feed == nil, let folder = title(of: current), !folders.contains(folder) {
                        folders.insert(folder, at: folders.firstIndex { $0 > folder } ?? folders.endIndex)
                    }
                    node = child
                    continue
                }
            }
            if let next = current.pointee.next {
                node = next
            } else if let (next, outer) = resumeAt.popLast() {
                (node, folders) = (next, outer)
            } else {
                node = nil
            }
        }
        return feeds
    }

    /// The outline's feed, if it names one. Attribute names are matched without regard to
    /// case: some readers write `xmlURL`.
    private static func feed(from outline: xmlNodePtr, in folders: [String]) -> ListedFeed? {
        let value = { (name: String) in XMLNode.attribute(name, of: outline).flatMap(XMLText.oneLine) }
        guard let feedURL = value("xmlurl") else { return nil }
        return ListedFeed(feedURL: feedURL, homeURL: value("htmlurl"), title: title(of: outline), groups: folders)
    }

    private static func title(of outline: xmlNodePtr) -> String? {
        let value = { (name: String) in XMLNode.attribute(name, of: outline).flatMap(XMLText.oneLine) }
        return value("title") ?? value("text")
    }
}

extension SubscriptionListError {
    init(_ failure: StrictXMLDocument.Failure) {
        switch failure {
        case .declaresEntities: self = .declaresEntities
        case .malformed(let line, let reason): self = .malformed(line: line, reason: reason)
        }
    }
}
