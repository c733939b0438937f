import CLibXML2
import URLSyntax

/// Writes the elements the extractor chose back out as HTML for the article reader: furniture
/// and whatever else the extractor leaves out skipped with all it holds, comments and event
/// handlers and inline styles dropped, an embedded frame left as a link to its address, and
/// every address made absolute against the page's, so the article reads the same wherever
/// it is shown from.
struct ArticleHTMLWriter {
    let tree: PageTree
    /// The page's address, or its `<base href>`.
    let base: WebAddress
    /// Whether to leave out the element at an index (never asked about a chosen element).
    let leavesOut: (Int) -> Bool

    /// The elements, each whole, one after another.
    func html(of roots: [Int]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(16 * 1024)
        for root in roots { write(tree.elements[root].node, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// One element and what it holds, in a loop: down to the first child, on to the next
    /// sibling, and up, closing each element, when a list of children ends.
    private func write(_ root: PageTree.Node, to output: inout [UInt8]) {
        guard openTag(root, to: &output) else { return }
        var parent = root
        var node = root.pointee.children
        while true {
            if let current = node {
                node = current.pointee.next
                switch current.pointee.type {
                case XML_ELEMENT_NODE:
                    guard let index = PageTree.index(of: current) else { continue }
                    if tree.elements[index].tag == .iframe {
                        writeEmbedLink(tree.elements[index], to: &output)
                        continue
                    }
                    guard !leavesOut(index) else { continue }
                    guard openTag(current, to: &output) else { continue }
                    if let child = current.pointee.children {
                        parent = current
                        node = child
                    } else {
                        closeTag(current, to: &output)
                    }
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = current.pointee.content { escape(content, quotes: false, to: &output) }
                default:
                    break
                }
            } else {
                closeTag(parent, to: &output)
                if parent == root { return }
                node = parent.pointee.next
                guard let up = parent.pointee.parent else { return }
                parent = up
            }
        }
    }

    /// Writes the start tag; false for an element with no content or end tag (`img`, `br`).
    private func openTag(_ node: PageTree.Node, to output: inout [UInt8]) -> Bool {
        let name = PageTree.name(of: node)
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        for (attribute, value) in attributes(of: node, named: name) {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: attribute.utf8)
            output.append(contentsOf: "=\"".utf8)
            escape(value, quotes: true, to: &output)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: ">"))
        return !Self.voidElements.contains(name)
    }

    /// An embedded frame (a video player, a map) is never loaded: a paragraph linking to its
    /// address takes its place, named by its title as the article reader names one
    /// (`[embed: title]`), when it is shown and its address is on the web. A frame loaded
    /// lazily keeps its address where pictures do (`data-src`, `data-lazy-src`).
    private func writeEmbedLink(_ frame: PageTree.Element, to output: inout [UInt8]) {
        guard FurnitureRules.isShownEmbed(frame) else { return }
        let addresses = ["src", "data-src", "data-lazy-src"].lazy.compactMap { PageTree.attribute($0, of: frame.node) }
        guard let address = addresses.map({ base.resolve($0.trimmed) }).first(where: AllowedHTML.isWebAddress) else { return }
        let title = (PageTree.attribute("title", of: frame.node) ?? PageTree.attribute("aria-label", of: frame.node))?
            .split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? ""
        output.append(contentsOf: "<p><a href=\"".utf8)
        escape(address, quotes: true, to: &output)
        output.append(contentsOf: "\">".utf8)
        escape(title.isEmpty ? "[embed]" : "[embed: \(title)]", quotes: false, to: &output)
        output.append(contentsOf: "</a></p>".utf8)
    }

    private func closeTag(_ node: PageTree.Node, to output: inout [UInt8]) {
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: PageTree.name(of: node).utf8)
        output.append(UInt8(ascii: ">"))
    }

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// The attributes the reader may use, addresses made absolute. A picture loaded lazily
    /// keeps its real address in `data-src` (or `data-lazy-src`, `data-original`) and a
    /// placeholder, or nothing, in `src`: the real one is taken.
    private func attributes(of node: PageTree.Node, named name: String) -> [(String, String)] {
        var kept: [(String, String)] = []
        var lazy: [String: String] = [:]
        for (attribute, value) in PageTree.attributes(of: node) {
            let attribute = attribute.lowercased()
            if attribute.hasPrefix("data-") {
                lazy[attribute] = value
                continue
            }
            guard !attribute.hasPrefix("on"), attribute != "style" else { continue }
            kept.append((attribute, value))
        }
        if name == "img" || name == "source" {
            let hasPicture = kept.contains { $0.0 == "src" && !$0.1.hasPrefix("data:") && !$0.1.isEmpty }
            if !hasPicture, let real = lazy["data-src"] ?? lazy["data-lazy-src"] ?? lazy["data-original"] {
                kept.removeAll { $0.0 == "src" }
                kept.append(("src", real))
            }
            if let realSet = lazy["data-srcset"] ?? lazy["data-lazy-srcset"], !hasPicture || !kept.contains(where: { $0.0 == "srcset" }) {
                kept.removeAll { $0.0 == "srcset" }
                kept.append(("srcset", realSet))
            }
        }
        return kept.map { attribute, value in
            switch attribute {
            case "href", "src", "poster", "cite": (attribute, base.resolve(value.trimmed))
            case "srcset": (attribute, absoluteSourceSet(value))
            default: (attribute, value)
            }
        }
    }

    /// `a.jpg 1x, /b.jpg 2x` with each address made absolute and its descriptor kept.
    private func absoluteSourceSet(_ value: String) -> String {
        value.split(separator: ",").map { candidate in
            let parts = candidate.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard let address = parts.first else { return "" }
            return ([base.resolve(String(address))] + parts.dropFirst().map(String.init)).joined(separator: " ")
        }.joined(separator: ", ")
    }

    private func escape(_ text: String, quotes: Bool, to output: inout [UInt8]) {
        text.withCString { text in
            text.withMemoryRebound(to: xmlChar.self, capacity: 1) { escape($0, quotes: quotes, to: &output) }
        }
    }

    /// Text as HTML: `&`, `<` and `>` escaped, and `"` too inside an attribute.
    private func escape(_ text: UnsafePointer<xmlChar>, quotes: Bool, to output: inout [UInt8]) {
        var byte = text
        while byte.pointee != 0 {
            switch byte.pointee {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where quotes: output.append(contentsOf: "&quot;".utf8)
            default: output.append(byte.pointee)
            }
            byte += 1
        }
    }
}

private extension String {
    /// Without the white space HTML allows around an address. Most addresses have none:
    /// one that starts and ends with a character of one byte that is no space is kept as it
    /// is, rather than walked by grapheme from both ends.
    var trimmed: String {
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80, !Self.isSpace(first), !Self.isSpace(last) {
            return self
        }
        return String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0B || byte == 0x0C || byte == 0x0D
    }
}
