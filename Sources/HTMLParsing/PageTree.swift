import CLibXML2

/// A whole web page as libxml2's HTML parser builds it, with what the extractor needs to know
/// of each element measured once, in document order: its tag, where it sits, whether it is
/// page furniture to leave out, and how much text and link text it holds.
///
/// The article reader reads HTML as a stream of events (`HTMLDocument`); finding the article
/// needs to look at a block's neighbours and ancestors, so this keeps libxml2's tree. Every
/// walk over it is a loop, never a recursion: ten thousand nested elements cost no stack.
final class PageTree {
    typealias Node = UnsafeMutablePointer<xmlNode>

    /// What the extractor knows of one element.
    struct Element {
        let node: Node
        let tag: HTMLTag
        /// Index of the enclosing element; -1 for the root.
        let parent: Int
        /// What its class and id say.
        let hints: ElementHints
        /// Page furniture (scripts, forms, navigation, share bars, comments, hidden elements):
        /// never part of an article. Its text counts for no ancestor.
        let isFurniture: Bool
        /// Whether an ancestor is furniture, so nothing inside is scored.
        let insideFurniture: Bool
        /// Hidden from readers by an attribute (`hidden`, `aria-hidden`, an inline style).
        let isHidden: Bool
        /// Text characters inside, white-space runs counted once, furniture left out.
        var textLength = 0
        /// Of those, the characters inside links.
        var linkTextLength = 0
        var commas = 0
        /// Whether it holds, at any depth, an element that starts a block (a paragraph, a
        /// list, a table ...): one that does not is itself a paragraph.
        var holdsBlocks = false
        /// Whether it holds a picture.
        var holdsPicture = false

        /// The share of its text that sits in links.
        var linkDensity: Double {
            textLength == 0 ? 0 : Double(linkTextLength) / Double(textLength)
        }
    }

    private let document: xmlDocPtr?
    /// Every element in document order: an element's descendants follow it.
    private(set) var elements: [Element] = []

    /// `charset` names the page's encoding when the HTTP answer did; otherwise libxml2 reads
    /// the page's `<meta charset>` or `http-equiv` (and takes bytes that are not UTF-8 as
    /// Latin-1, as browsers guess windows-1252).
    init(page: [UInt8], charset: String?) {
        document = page.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                wpnews_htmlReadMemory(chars.baseAddress, Int32(clamping: chars.count), nil, Self.knownEncoding(charset), Self.options)
            }
        }
        measure()
    }

    deinit {
        if let document { wpnews_xmlFreeDoc(document) }
    }

    /// As `HTMLDocument`'s, for the same reasons; no network, and a tree this time.
    private static let options = Int32(bitPattern:
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue | HTML_PARSE_COMPACT.rawValue | XML_PARSE_HUGE.rawValue)

    /// A charset libxml2 knows, else nil (the page's own declaration then decides): given a
    /// name it cannot convert from, libxml2 stops reading the page.
    private static func knownEncoding(_ charset: String?) -> String? {
        guard let charset, let handler = wpnews_xmlFindCharEncodingHandler(charset) else { return nil }
        wpnews_xmlCharEncCloseFunc(handler)
        return charset
    }

    // MARK: - Reading nodes

    /// The element's attribute as written (entities decoded); nil when absent.
    static func attribute(_ name: String, of node: Node) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if let attributeName = current.pointee.name, equals(attributeName, name) {
                guard let value = current.pointee.children, let content = value.pointee.content else { return "" }
                return HTMLDocument.string(content)
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// Every attribute, in the order written.
    static func attributes(of node: Node) -> [(name: String, value: String)] {
        var found: [(String, String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            if let name = current.pointee.name {
                let value = current.pointee.children.flatMap { $0.pointee.content }.map { HTMLDocument.string($0) } ?? ""
                found.append((HTMLDocument.string(name), value))
            }
            attribute = current.pointee.next
        }
        return found
    }

    static func classWords(of node: Node) -> [Substring] {
        guard let value = attribute("class", of: node) else { return [] }
        return value.split { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
    }

    static func name(of node: Node) -> String {
        node.pointee.name.map { HTMLDocument.string($0) } ?? ""
    }

    private static func equals(_ name: UnsafePointer<xmlChar>, _ expected: String) -> Bool {
        var index = 0
        for byte in expected.utf8 {
            guard name[index] == byte else { return false }
            index += 1
        }
        return name[index] == 0
    }

    /// The element's index, kept in libxml2's field for the application's own use.
    static func index(of node: Node) -> Int? {
        node.pointee._private.map { Int(bitPattern: $0) - 1 }
    }

    /// The next node after `node` in document order, not going below `node` when
    /// `descending` is false, and never leaving `root`.
    static func following(_ node: Node, within root: Node, descending: Bool = true) -> Node? {
        if descending, let child = node.pointee.children, node.pointee.type == XML_ELEMENT_NODE { return child }
        var current = node
        while current != root {
            if let next = current.pointee.next { return next }
            guard let parent = current.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
            current = parent
        }
        return nil
    }

    var root: Node? {
        document.flatMap { wpnews_xmlDocGetRootElement($0) }
    }

    // MARK: - Measuring

    /// One pass down the tree numbering the elements and marking furniture, then one back up
    /// adding each element's text to its parent's.
    private func measure() {
        guard let root else { return }
        elements.reserveCapacity(1024)
        var node: Node? = root
        // Walks element nodes; text is counted for the element it sits in.
        while let current = node {
            var descend = false
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                let parent = current.pointee.parent.flatMap(Self.index) ?? -1
                let parentElement = parent >= 0 ? elements[parent] : nil
                let tag = current.pointee.name.map(HTMLTag.init(libxml2Name:)) ?? .other
                let (hints, isHidden) = Self.readAttributes(of: current)
                let insideFurniture = parentElement.map { $0.isFurniture || $0.insideFurniture } ?? false
                let element = Element(
                    node: current, tag: tag, parent: parent, hints: hints,
                    isFurniture: FurnitureRules.isFurniture(tag: tag, hints: hints, isHidden: isHidden, node: current),
                    insideFurniture: insideFurniture, isHidden: isHidden)
                current.pointee._private = UnsafeMutableRawPointer(bitPattern: elements.count + 1)
                elements.append(element)
                if tag.startsBlock, parent >= 0 { elements[parent].holdsBlocks = true }
                if tag == .img, parent >= 0 { elements[parent].holdsPicture = true }
                descend = true
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let parent = current.pointee.parent.flatMap(Self.index), let content = current.pointee.content {
                    let (length, commas) = Self.measureText(content)
                    elements[parent].textLength += length
                    elements[parent].commas += commas
                }
            default:
                break
            }
            node = Self.following(current, within: root, descending: descend)
        }
        // Links: the text of an `a` is link text, and so is all it holds.
        for index in elements.indices.reversed() {
            let element = elements[index]
            if element.tag == .a { elements[index].linkTextLength = element.textLength }
            guard element.parent >= 0, !element.isFurniture else { continue }
            elements[element.parent].textLength += elements[index].textLength
            elements[element.parent].linkTextLength += elements[index].linkTextLength
            elements[element.parent].commas += element.commas
            if element.holdsPicture { elements[element.parent].holdsPicture = true }
            if element.holdsBlocks { elements[element.parent].holdsBlocks = true }
        }
    }

    /// Characters (UTF-8 lead bytes), a run of white space counted as one, and commas.
    private static func measureText(_ text: UnsafePointer<xmlChar>) -> (length: Int, commas: Int) {
        var length = 0
        var commas = 0
        var inSpace = true
        var byte = text
        while byte.pointee != 0 {
            let value = byte.pointee
            if value == 0x20 || value == 0x0A || value == 0x09 || value == 0x0D {
                if !inSpace { length += 1 }
                inSpace = true
            } else {
                if value & 0xC0 != 0x80 { length += 1 }
                // "," and the fullwidth comma U+FF0C, whose UTF-8 ends in 0x8C after 0xEF 0xBC.
                if value == 0x2C || value == 0x8C && byte[-1] == 0xBC && byte[-2] == 0xEF { commas += 1 }
                inSpace = false
            }
            byte += 1
        }
        return (length, commas)
    }

    /// The hints of the class and id, and whether the element is hidden from readers
    /// (`hidden`, `aria-hidden="true"`, an inline style of `display: none` or `visibility:
    /// hidden`), in one pass over the attributes, which makes no string but for a style.
    private static func readAttributes(of node: Node) -> (hints: ElementHints, isHidden: Bool) {
        var hints: ElementHints = []
        var isHidden = false
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard let name = current.pointee.name else { continue }
            let value = current.pointee.children.flatMap { $0.pointee.content }.map { UnsafePointer($0) }
            if equals(name, "class") {
                if let value { hints.formUnion(FurnitureRules.hints(of: value, isClass: true)) }
            } else if equals(name, "id") {
                if let value { hints.formUnion(FurnitureRules.hints(of: value, isClass: false)) }
            } else if equals(name, "hidden") {
                isHidden = true
            } else if equals(name, "aria-hidden") {
                isHidden = isHidden || value.map { HTMLDocument.string($0) == "true" } ?? false
            } else if equals(name, "style"), let value {
                let compact = HTMLDocument.string(value).lowercased().filter { !$0.isWhitespace }
                isHidden = isHidden || compact.contains("display:none") || compact.contains("visibility:hidden")
            }
        }
        return (hints, isHidden)
    }
}

extension HTMLTag {
    /// Elements a paragraph of text does not flow through: a `div` holding one of these is a
    /// container, one holding only text and inline elements is itself a paragraph.
    var startsBlock: Bool {
        switch self {
        case .p, .div, .section, .article, .main, .aside, .nav, .header, .footer, .address, .center,
             .h1, .h2, .h3, .h4, .h5, .h6, .pre, .blockquote, .figure, .details,
             .ul, .ol, .menu, .dir, .dl, .table, .hr, .form:
            true
        default:
            false
        }
    }
}
