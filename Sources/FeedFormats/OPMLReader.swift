import CLibXML2

/// Reads the feeds of an OPML subscription list with libxml2's XML parser, strictly: no
/// network, no DTD loaded, and a document that declares entities is refused as soon as the
/// declaration is read, so nothing is ever expanded. Folders (outlines without `xmlUrl`) are
/// flattened; a feed listed twice, in two folders say, counts once.
public enum OPMLReader {
    /// Thousands of feeds take a few MiB; anything past this is not a subscription list.
    public static let maximumBytes = 16 << 20

    /// Without `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD` and `XML_PARSE_HUGE`: entities are not
    /// substituted, no external DTD is read, and libxml2 keeps its limits on depth and text
    /// size. Its errors are read from the context, not printed on the process's stderr.
    private static let options = Int32(bitPattern:
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)

    public static func feeds(in bytes: [UInt8]) throws(OPMLError) -> [OPMLFeed] {
        guard bytes.count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        guard let context = xmlNewParserCtxt() else { throw .malformed(line: 0, reason: "out of memory") }
        defer { xmlFreeParserCtxt(context) }
        // An entity declaration stops the parser where it stands (`XML_ERR_USER_STOP`).
        context.pointee.sax.pointee.entityDecl = { parser, _, _, _, _, _ in
            xmlStopParser(parser?.assumingMemoryBound(to: xmlParserCtxt.self))
        }
        // The encoding is the document's own (its declaration, a byte order mark, else UTF-8).
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), nil, nil, options)
            }
        }
        defer { xmlFreeDoc(document) }
        if context.pointee.errNo == Int32(XML_ERR_USER_STOP.rawValue) { throw .declaresEntities }
        guard let document, let root = xmlDocGetRootElement(document) else { throw lastError(of: context) }
        let rootName = XMLText.string(root.pointee.name)
        guard rootName == "opml" else { throw .notOPML(rootElement: XMLText.oneLine(rootName) ?? "") }
        return outlines(under: root)
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
        var values: [String: String] = [:]
        var attribute = outline.pointee.properties
        while let current = attribute {
            let name = XMLText.string(current.pointee.name).lowercased()
            if ["xmlurl", "htmlurl", "title", "text"].contains(name), values[name] == nil {
                values[name] = XMLText.oneLine(value(of: current))
            }
            attribute = current.pointee.next
        }
        guard let feedURL = values["xmlurl"] else { return nil }
        return OPMLFeed(feedURL: feedURL, homeURL: values["htmlurl"], title: values["title"] ?? values["text"])
    }

    /// An attribute's value: its text nodes, in which libxml2 has already resolved character
    /// references and the predefined entities (the only entities a document that got this
    /// far can hold).
    private static func value(of attribute: xmlAttrPtr) -> String {
        var text = ""
        var child = attribute.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                text += XMLText.string(content)
            }
            child = current.pointee.next
        }
        return text
    }

    /// libxml2's last error as one line; its messages end with a line break.
    private static func lastError(of context: xmlParserCtxtPtr) -> OPMLError {
        guard let error = xmlCtxtGetLastError(context), error.pointee.code != 0 else {
            return .malformed(line: 1, reason: "no root element")
        }
        let message = error.pointee.message.map { String(cString: $0) }.flatMap(XMLText.oneLine) ?? "error \(error.pointee.code)"
        return .malformed(line: Int(error.pointee.line), reason: message)
    }
}
