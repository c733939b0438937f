import CLibXML2

/// A document read with libxml2's XML parser the strict way every feed format here is read:
/// no network, no DTD loaded, and a document that declares entities refused as soon as the
/// declaration is read, so nothing is ever expanded (billion laughs, external entities).
/// Owns the tree; nodes handed out live as long as it does.
final class StrictXMLDocument {
    enum Failure: Error, Equatable {
        /// Not well-formed XML (truncated, an encoding it does not have, HTML): libxml2's reason.
        case malformed(line: Int, reason: String)
        case declaresEntities
    }

    /// Without `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD` and `XML_PARSE_HUGE`: entities are not
    /// substituted, no external DTD is read, and libxml2 keeps its limits on depth and text
    /// size. Its errors are read from the context, not printed on the process's stderr.
    /// CDATA sections become plain text nodes.
    private static let options = Int32(bitPattern:
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)

    let root: xmlNodePtr
    /// Set when libxml2 had to recover (`parseRecovering`): the first error it met, past
    /// which the tree holds what recovery made of the rest.
    let failure: Failure?
    let document: xmlDocPtr

    private init(document: xmlDocPtr, root: xmlNodePtr, failure: Failure?) {
        self.document = document
        self.root = root
        self.failure = failure
    }

    deinit { wpnews_xmlFreeDoc(document) }

    /// The encoding is the document's own (its declaration, a byte order mark, else UTF-8).
    static func parse(_ bytes: [UInt8]) throws(Failure) -> StrictXMLDocument {
        try bytes[...].withUnsafeBufferPointer { (buffer) throws(Failure) in try parse(buffer, options: options, recovering: false) }
    }

    /// UTF-8 whatever the document declares (the caller decoded it). A document that is not well-formed keeps what
    /// libxml2's recover mode made of it, every element whose end tag was read marked
    /// (`isClosed`), so that an item cut off by a truncated document can be told apart.
    static func parseRecovering(utf8 bytes: ArraySlice<UInt8>) throws(Failure) -> StrictXMLDocument {
        let recovering = options | Int32(bitPattern: XML_PARSE_RECOVER.rawValue | XML_PARSE_IGNORE_ENC.rawValue)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) in
            try parse(buffer, options: recovering, recovering: true)
        }
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, options: Int32, recovering: Bool
    ) throws(Failure) -> StrictXMLDocument {
        guard let context = wpnews_xmlNewParserCtxt() else { throw .malformed(line: 0, reason: "out of memory") }
        defer { wpnews_xmlFreeParserCtxt(context) }
        // An entity declaration stops the parser where it stands (`XML_ERR_USER_STOP`).
        context.pointee.sax.pointee.entityDecl = { parser, _, _, _, _, _ in
            wpnews_xmlStopParser(parser?.assumingMemoryBound(to: xmlParserCtxt.self))
        }
        if recovering {
            context.pointee.sax.pointee.endElementNs = { parser, name, prefix, uri in
                // Before SAX2 pops it, the element being closed is the parser's current node.
                parser?.assumingMemoryBound(to: xmlParserCtxt.self).pointee.node?.pointee._private = UnsafeMutableRawPointer(bitPattern: closedMarkBits)
                wpnews_xmlSAX2EndElementNs(parser, name, prefix, uri)
            }
        }
        let document = bytes.withMemoryRebound(to: CChar.self) { chars in
            wpnews_xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), nil, recovering ? "UTF-8" : nil, options)
        }
        if context.pointee.errNo == Int32(XML_ERR_USER_STOP.rawValue) {
            wpnews_xmlFreeDoc(document)
            throw .declaresEntities
        }
        guard let document else { throw lastError(of: context) }
        guard let root = wpnews_xmlDocGetRootElement(document) else {
            wpnews_xmlFreeDoc(document)
            throw lastError(of: context)
        }
        let failure = context.pointee.wellFormed == 0 ? lastError(of: context) : nil
        return StrictXMLDocument(document: document, root: root, failure: failure)
    }

    /// Whether the element's end tag was read (in a document read by `parseRecovering`).
    static func isClosed(_ node: xmlNodePtr) -> Bool {
        Int(bitPattern: node.pointee._private) == closedMarkBits
    }

    /// An element and what it holds, written out as markup (Atom's xhtml content).
    func markup(of node: xmlNodePtr) -> String {
        guard let buffer = wpnews_xmlBufferCreate() else { return "" }
        defer { wpnews_xmlBufferFree(buffer) }
        wpnews_xmlNodeDump(buffer, document, node, 0, 0)
        return XMLText.string(wpnews_xmlBufferContent(buffer))
    }

    /// libxml2's last error as one line; its messages end with a line break.
    private static func lastError(of context: xmlParserCtxtPtr) -> Failure {
        guard let error = wpnews_xmlCtxtGetLastError(context), error.pointee.code != 0 else {
            return .malformed(line: 1, reason: "no root element")
        }
        let message = error.pointee.message.map { String(cString: $0) }.flatMap(XMLText.oneLine) ?? "error \(error.pointee.code)"
        return .malformed(line: Int(error.pointee.line), reason: message)
    }
}

/// What `_private`, which libxml2 leaves to applications, holds on an element whose end tag
/// was read: a global, as a C callback captures nothing.
private let closedMarkBits = 1

/// Walking a tree libxml2 built.
enum XMLNode {
    static func name(_ node: xmlNodePtr) -> String { XMLText.string(node.pointee.name) }

    /// The namespace URI of an element, empty when it has none.
    static func namespace(_ node: xmlNodePtr) -> String {
        node.pointee.ns?.pointee.href.map(XMLText.string) ?? ""
    }

    /// The element children, in document order.
    static func elements(under node: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    /// The text directly inside a node or an attribute: its text nodes, in which libxml2 has
    /// already resolved character references and the predefined entities (the only entities
    /// a document that got this far can hold).
    static func text(of first: xmlNodePtr?) -> String {
        var text = ""
        var child = first
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                text += XMLText.string(content)
            }
            child = current.pointee.next
        }
        return text
    }

    static func text(_ node: xmlNodePtr) -> String { text(of: node.pointee.children) }

    /// `xml:base`, which says where the element's relative addresses are relative to.
    static func xmlBase(of node: xmlNodePtr) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if XMLText.string(current.pointee.name) == "base", current.pointee.ns.map({ XMLText.string($0.pointee.href) }) == Namespace.xml {
                return text(of: current.pointee.children)
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// An attribute's value, by its name without regard to case (`xmlURL`, `href`).
    static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if XMLText.string(current.pointee.name).lowercased() == name {
                return text(of: current.pointee.children)
            }
            attribute = current.pointee.next
        }
        return nil
    }
}
