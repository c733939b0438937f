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
    private let document: xmlDocPtr

    private init(document: xmlDocPtr, root: xmlNodePtr) {
        self.document = document
        self.root = root
    }

    deinit { xmlFreeDoc(document) }

    /// The encoding is the document's own (its declaration, a byte order mark, else UTF-8).
    static func parse(_ bytes: [UInt8]) throws(Failure) -> StrictXMLDocument {
        // Feeds are read on several threads at once: libxml2's globals must be set up, under
        // its own lock, before a parser runs (as HTMLDocument does).
        xmlInitParser()
        guard let context = xmlNewParserCtxt() else { throw .malformed(line: 0, reason: "out of memory") }
        defer { xmlFreeParserCtxt(context) }
        // An entity declaration stops the parser where it stands (`XML_ERR_USER_STOP`).
        context.pointee.sax.pointee.entityDecl = { parser, _, _, _, _, _ in
            xmlStopParser(parser?.assumingMemoryBound(to: xmlParserCtxt.self))
        }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), nil, nil, options)
            }
        }
        if context.pointee.errNo == Int32(XML_ERR_USER_STOP.rawValue) {
            xmlFreeDoc(document)
            throw .declaresEntities
        }
        guard let document else { throw lastError(of: context) }
        guard let root = xmlDocGetRootElement(document) else {
            xmlFreeDoc(document)
            throw lastError(of: context)
        }
        return StrictXMLDocument(document: document, root: root)
    }

    /// libxml2's last error as one line; its messages end with a line break.
    private static func lastError(of context: xmlParserCtxtPtr) -> Failure {
        guard let error = xmlCtxtGetLastError(context), error.pointee.code != 0 else {
            return .malformed(line: 1, reason: "no root element")
        }
        let message = error.pointee.message.map { String(cString: $0) }.flatMap(XMLText.oneLine) ?? "error \(error.pointee.code)"
        return .malformed(line: Int(error.pointee.line), reason: message)
    }
}

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
