import CLibXML2
import Synchronization

/// What reads an HTML document, element by element, in document order.
package protocol HTMLVisitor {
    /// An element starts; return false to skip everything inside it (`close` is then not
    /// called for it).
    mutating func open(_ element: HTMLElement) -> Bool
    mutating func close()
    /// Text, as libxml2 decoded it: entities resolved, UTF-8 (repaired by the visitor).
    mutating func text(_ utf8: UnsafeBufferPointer<UInt8>)
}

/// An element as its start tag gives it, valid only while `HTMLVisitor.open` runs.
package struct HTMLElement {
    package let tag: HTMLTag
    /// The element it sits in, after libxml2's repairs (`nil` at the top).
    package let parentTag: HTMLTag?
    /// libxml2's attribute list: name, value, name, value ..., then nil.
    fileprivate let attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    /// The attribute's value as written (entities decoded, not sanitized); nil when absent.
    package func attribute(_ name: StaticString) -> String? {
        guard var pair = attributes else { return nil }
        while let attributeName = pair[0] {
            if Self.name(attributeName, equals: name) {
                return pair[1].map(HTMLDocument.string) ?? ""
            }
            pair += 2
        }
        return nil
    }

    /// A whole-number attribute such as `start` or `colspan`.
    package func integer(_ name: StaticString) -> Int? {
        attribute(name).flatMap { Int($0.trimmingPrefix(" ").prefix { !$0.isWhitespace }) }
    }

    /// Whether `name` is one of the words of the `class` attribute, read in place.
    package func hasClass(_ name: StaticString) -> Bool {
        guard var pair = attributes else { return false }
        while let attributeName = pair[0], !Self.name(attributeName, equals: "class") { pair += 2 }
        guard pair[0] != nil, var word = pair[1] else { return false }
        while word.pointee != 0 {
            if Self.isSpace(word.pointee) {
                word += 1
                continue
            }
            if Self.name(word, equals: name, endingAtSpace: true) { return true }
            while word.pointee != 0, !Self.isSpace(word.pointee) { word += 1 }
        }
        return false
    }

    private static func isSpace(_ byte: xmlChar) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func name(_ name: UnsafePointer<xmlChar>, equals expected: StaticString, endingAtSpace: Bool = false) -> Bool {
        let count = expected.utf8CodeUnitCount
        let bytes = expected.utf8Start
        for offset in 0..<count where name[offset] != bytes[offset] { return false }
        return name[count] == 0 || endingAtSpace && isSpace(name[count])
    }
}

/// libxml2's HTML parser, forgiving and fast, read through its SAX interface: elements
/// and text come as events, in document order, and no tree is built. That is a third
/// faster than building libxml2's tree and walking it, and as the parser never recurses,
/// ten thousand nested elements cost no stack.
package enum HTMLDocument {
    package static func visit<Visitor: HTMLVisitor>(_ html: String, with visitor: inout Visitor) {
        withUnsafeMutablePointer(to: &visitor) { visitor in
            let router = EventRouter(
                open: { visitor.pointee.open($0) },
                close: { visitor.pointee.close() },
                text: { visitor.pointee.text($0) })
            HTMLParseCounter.current?.add(Visitor.self)
            parse(html, into: router)
            router.closeAll()
        }
    }

    /// Without `XML_PARSE_HUGE` libxml2 stops silently at 256 levels of nesting and drops the
    /// rest of the document. (libxml2 2.9 has no `HTML_PARSE_HUGE`; its HTML parser reads the
    /// XML flag.)
    private static let options = Int32(bitPattern:
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue | XML_PARSE_HUGE.rawValue)

    private static func parse(_ html: String, into router: EventRouter) {
        guard let context = wpnews_htmlNewParserCtxt() else { return }
        defer { wpnews_htmlFreeParserCtxt(context) }
        var handler = htmlSAXHandler()
        handler.startElement = { context, name, attributes in
            guard let name else { return }
            EventRouter.from(context).start(name, attributes)
        }
        handler.endElement = { context, _ in EventRouter.from(context).end() }
        handler.characters = { context, text, length in
            guard let text, length > 0 else { return }
            EventRouter.from(context).characters(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        // Without a tree to check against, libxml2 cannot tell significant white space from
        // the rest: all of it comes here, and the visitor collapses it.
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        context.pointee.sax.pointee = handler
        context.pointee._private = Unmanaged.passUnretained(router).toOpaque()
        var html = html
        html.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                // No tree is built, so there is nothing to free but the parser.
                let document = wpnews_htmlCtxtReadMemory(context, chars.baseAddress, Int32(clamping: chars.count), nil, "UTF-8", options)
                if let document { wpnews_xmlFreeDoc(document) }
            }
        }
    }

    /// Text from libxml2, which passes invalid UTF-8 through as it found it: repaired here.
    static func string(_ text: UnsafePointer<xmlChar>) -> String {
        String(cString: text)
    }
}

/// The documents parsed while a test runs with one (`HTMLParseCounter.$current.withValue`),
/// by the kind of reader that asked: how a test sees that an article is parsed once, however
/// often it is laid out, while titles and excerpts (`HTMLPlainText`) are parsed as they come.
/// Child tasks see their parent's counter, so a command run in the test's task is counted too.
final class HTMLParseCounter: Sendable {
    @TaskLocal static var current: HTMLParseCounter?

    private let parses = Mutex<[ObjectIdentifier: Int]>([:])

    /// The documents `Visitor`s read: `ArticleBuilder` for articles and comments.
    func count<Visitor: HTMLVisitor>(by reader: Visitor.Type) -> Int {
        parses.withLock { $0[ObjectIdentifier(reader), default: 0] }
    }

    fileprivate func add<Visitor: HTMLVisitor>(_ reader: Visitor.Type) {
        parses.withLock { $0[ObjectIdentifier(reader), default: 0] += 1 }
    }
}

/// Turns libxml2's callbacks into visitor calls: keeps the stack of open elements, and
/// holds back everything inside an element the visitor skips.
private final class EventRouter {
    private let open: (HTMLElement) -> Bool
    private let close: () -> Void
    private let text: (UnsafeBufferPointer<UInt8>) -> Void
    // Only libxml2's callbacks, one at a time on one thread, touch these: the run-time
    // exclusivity checks of a class's properties would cost more than the routing itself.
    @exclusivity(unchecked) private var openTags: [HTMLTag] = []
    /// How deep the element being skipped is, counted in `openTags`.
    @exclusivity(unchecked) private var skippedDepth: Int?
    /// libxml2 keeps one copy of each element name per document, so a name's address
    /// identifies it: looked up once, then remembered.
    @exclusivity(unchecked) private var tagsByName: [UnsafePointer<xmlChar>: HTMLTag] = [:]

    init(open: @escaping (HTMLElement) -> Bool, close: @escaping () -> Void, text: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.open = open
        self.close = close
        self.text = text
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> EventRouter {
        let parser = context!.assumingMemoryBound(to: xmlParserCtxt.self)
        return Unmanaged<EventRouter>.fromOpaque(parser.pointee._private).takeUnretainedValue()
    }

    func start(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        let tag = tag(named: name)
        let parent = openTags.last
        openTags.append(tag)
        guard skippedDepth == nil else { return }
        if !open(HTMLElement(tag: tag, parentTag: parent, attributes: attributes)) {
            skippedDepth = openTags.count
        }
    }

    func end() {
        guard !openTags.isEmpty else { return }
        defer { openTags.removeLast() }
        if let skippedDepth {
            if skippedDepth == openTags.count { self.skippedDepth = nil }
            return
        }
        close()
    }

    func characters(_ utf8: UnsafeBufferPointer<UInt8>) {
        if skippedDepth == nil { text(utf8) }
    }

    /// libxml2 ends every element it starts; this is for an input it gave up on.
    func closeAll() {
        while !openTags.isEmpty { end() }
    }

    private func tag(named name: UnsafePointer<xmlChar>) -> HTMLTag {
        if let tag = tagsByName[name] { return tag }
        let tag = HTMLTag(name: HTMLDocument.string(name))
        tagsByName[name] = tag
        return tag
    }
}

/// The libxml2 the HTML and feed readers use, opened on their first call
/// (Sources/CLibXML2/shim.h).
public enum LibXML2 {
    /// Its version, `2.9.14`, from the number it keeps (`20914`), for `wpnews -v --version`;
    /// nil when it cannot be loaded.
    public static var version: String? {
        guard wpnews_xml_load() == nil else { return nil }
        let number = Int(String(cString: wpnews_xmlParserVersion())) ?? 0
        return "\(number / 10_000).\(number / 100 % 100).\(number % 100)"
    }

    /// Loads it now: for a caller that must not meet its absence half-way (the app, before it
    /// takes the terminal).
    public static func load() throws(LibXML2Unavailable) {
        if let problem = wpnews_xml_load() { throw LibXML2Unavailable(detail: String(cString: problem)) }
    }
}

/// libxml2 could not be loaded: removed behind the package manager's back.
public struct LibXML2Unavailable: Error, CustomStringConvertible {
    /// The dynamic loader's reason.
    public let detail: String

    public init(detail: String) {
        self.detail = detail
    }

    public var description: String {
        "reading HTML and XML needs libxml2, which could not be loaded (\(detail)): install it with `apt install libxml2`"
    }
}
