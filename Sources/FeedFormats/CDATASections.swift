import CLibXML2
import Glibc

/// CDATA sections taken out of a feed before libxml2 parses it, and put back into its tree as
/// the text nodes its parser would have made of them (`XML_PARSE_NOCDATA`). libxml2 reads a
/// CDATA section a character at a time (`xmlParseCDSect`, `xmlCurrentChar`): for a feed whose
/// articles are in `content:encoded` sections, most of its bytes, that was 76 M of a 500-item
/// feed's 486 M instructions. Here a section is found with `memchr` and copied once.
///
/// Each section becomes a processing instruction, `<?wpnews-cdata N?>` with as many line ends
/// as the section had, so libxml2's line numbers stay those of the document. Only sections
/// where XML reads one are taken: inside an element (an instruction after the root would be
/// well-formed where the section is not), outside comments, processing instructions and
/// tags; a document with a DOCTYPE, one that uses the instruction's name itself, or a section
/// with no end is left whole to libxml2.
struct CDATASections {
    /// The sections' text, in the document's order: the number in each instruction.
    private(set) var texts: [ArraySlice<UInt8>] = []

    /// The instructions' name; a static string, so libxml2 can compare its NUL-terminated bytes.
    static let target: StaticString = "wpnews-cdata"
    /// Past libxml2's limit on a text node without `XML_PARSE_HUGE`, a section is its to refuse.
    private static let largest = 10_000_000
    /// Shorter sections are left to libxml2: an author's name or a category costs its parser
    /// less than an instruction and putting it back do (about 6 K instructions a section, the
    /// cost of some 80 bytes read a character at a time).
    static let shortestTaken = 64

    /// The document with its sections of `shortest` bytes or more taken out, and the sections;
    /// the document as it is, and none, when it has none or must be left whole.
    static func extract(_ document: ArraySlice<UInt8>, shortest: Int = shortestTaken) -> (ArraySlice<UInt8>, CDATASections) {
        var sections = CDATASections()
        let rewritten = document.withUnsafeBufferPointer { buffer in
            sections.rewrite(buffer, offset: document.startIndex, from: document, shortest: shortest)
        }
        guard let rewritten, !sections.texts.isEmpty else { return (document, CDATASections()) }
        return (rewritten[...], sections)
    }

    /// `buffer[i]` is `document[offset + i]`. Nil when the document is to be left whole.
    private mutating func rewrite(_ buffer: UnsafeBufferPointer<UInt8>, offset: Int, from document: ArraySlice<UInt8>, shortest: Int) -> [UInt8]? {
        var output: [UInt8] = []
        var copiedUpTo = 0
        var index = 0
        // Elements open at this point: XML reads a section only inside one.
        var depth = 0
        let count = buffer.count
        while let open = Self.find(UInt8(ascii: "<"), in: buffer, from: index) {
            if Repair.matches(buffer, at: open, "<![CDATA[") {
                let start = open + 9
                guard let end = Self.find("]]>", in: buffer, from: start) else { return texts.isEmpty ? nil : finish(output, buffer, copiedUpTo) }
                index = end + 3
                guard depth > 0, (shortest...Self.largest).contains(end - start) else { continue }
                if output.isEmpty { output.reserveCapacity(count / 4) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copiedUpTo..<open]))
                // Written as bytes: an interpolated string a section cost more than finding them.
                output.append(contentsOf: Self.instructionStart)
                Self.appendDecimal(texts.count, to: &output)
                output.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: Self.lineEnds(in: buffer, start..<end)))
                output.append(contentsOf: "?>".utf8)
                texts.append(document[(offset + start)..<(offset + end)])
                copiedUpTo = index
            } else if Repair.matches(buffer, at: open, "<!--") {
                guard let end = Self.find("-->", in: buffer, from: open + 4) else { break }
                index = end + 3
            } else if Repair.matches(buffer, at: open, "<?") {
                if Self.matchesTarget(buffer, at: open + 2) { return nil }
                guard let end = Self.find("?>", in: buffer, from: open + 2) else { break }
                index = end + 2
            } else if Repair.matches(buffer, at: open, "<!") {
                // A DOCTYPE, whose internal subset may hold any of the above.
                return nil
            } else if !Self.startsATag(buffer, at: open + 1) {
                // A `<` that starts no tag, which libxml2 reports and reads on past.
                index = open + 1
            } else {
                // A tag: its attributes' quoted values may hold anything but their quote.
                var cursor = open + 1
                var quote: UInt8?
                while cursor < count {
                    let byte = buffer[cursor]
                    if let closing = quote {
                        if byte == closing { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: ">") {
                        break
                    }
                    cursor += 1
                }
                index = cursor + 1
                if open + 1 < count, buffer[open + 1] == UInt8(ascii: "/") {
                    depth -= 1
                } else if cursor < count, buffer[cursor - 1] != UInt8(ascii: "/") {
                    depth += 1
                }
            }
        }
        return texts.isEmpty ? nil : finish(output, buffer, copiedUpTo)
    }

    /// Whether the byte after a `<` starts an end tag or an element's name (a letter, `_`,
    /// `:` or any character past ASCII).
    private static func startsATag(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index < buffer.count else { return false }
        let byte = buffer[index]
        return byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
            || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private func finish(_ output: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>, _ copiedUpTo: Int) -> [UInt8] {
        output + UnsafeBufferPointer(rebasing: buffer[copiedUpTo...])
    }

    /// Puts each section back where its instruction stands, as a text node.
    func restore(in document: xmlDocPtr) {
        guard !texts.isEmpty else { return }
        var found: [xmlNodePtr] = []
        // Every node, depth first, with a stack of its own (feeds may nest deep).
        var pending: [xmlNodePtr] = []
        var child = document.pointee.children
        while let current = child {
            pending.append(current)
            child = current.pointee.next
        }
        while let node = pending.popLast() {
            if node.pointee.type == XML_PI_NODE, wpnews_xmlStrEqual(node.pointee.name, Self.target.utf8Start) != 0 { found.append(node) }
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE || current.pointee.type == XML_PI_NODE { pending.append(current) }
                child = current.pointee.next
            }
        }
        for instruction in found {
            guard let content = instruction.pointee.content, let number = Self.leadingNumber(content), texts.indices.contains(number)
            else { continue }
            let text = Self.normalizingLineEnds(texts[number])
            let node = text.withUnsafeBufferPointer { wpnews_xmlNewDocTextLen(document, $0.baseAddress, Int32($0.count)) }
            guard let node else { continue }
            wpnews_xmlReplaceNode(instruction, node)
            wpnews_xmlFreeNode(instruction)
        }
    }

    /// As XML's parser reads every line end: `\r\n` and a lone `\r` are `\n`.
    private static func normalizingLineEnds(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let hasReturn = text.withUnsafeBufferPointer { find(UInt8(ascii: "\r"), in: $0, from: 0) != nil }
        guard hasReturn else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            guard byte == UInt8(ascii: "\r") else {
                output.append(byte)
                continue
            }
            output.append(UInt8(ascii: "\n"))
            if index < text.endIndex, text[index] == UInt8(ascii: "\n") { index += 1 }
        }
        return output[...]
    }

    /// The lines a section spans beyond its first, as libxml2 counts them (`\r\n` is one):
    /// its `\n`s, and its `\r`s with no `\n` after them.
    private static func lineEnds(in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        let section = UnsafeBufferPointer(rebasing: buffer[range])
        var lines = 0
        var index = 0
        while let found = find(UInt8(ascii: "\n"), in: section, from: index) {
            lines += 1
            index = found + 1
        }
        index = 0
        while let found = find(UInt8(ascii: "\r"), in: section, from: index) {
            if found + 1 == section.count || section[found + 1] != UInt8(ascii: "\n") { lines += 1 }
            index = found + 1
        }
        return lines
    }

    private static func find(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        guard index < buffer.count, let base = buffer.baseAddress,
              let found = memchr(base + index, Int32(byte), buffer.count - index) else { return nil }
        return base.distance(to: UnsafePointer(found.assumingMemoryBound(to: UInt8.self)))
    }

    /// Where `text` next starts, from `index` on.
    private static func find(_ text: StaticString, in buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        var index = index
        let first = text.utf8Start.pointee
        while let candidate = find(first, in: buffer, from: index) {
            if Repair.matches(buffer, at: candidate, text) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    private static let targetBytes = Array(UnsafeBufferPointer(start: target.utf8Start, count: target.utf8CodeUnitCount))
    /// What each instruction starts with, before its number.
    private static let instructionStart = Array("<?".utf8) + targetBytes + [UInt8(ascii: " ")]

    private static func appendDecimal(_ number: Int, to output: inout [UInt8]) {
        if number >= 10 { appendDecimal(number / 10, to: &output) }
        output.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// The number an instruction's content starts with, up to its line ends: nil when the
    /// content is not that, as in an instruction the document wrote itself.
    private static func leadingNumber(_ content: UnsafeMutablePointer<xmlChar>) -> Int? {
        var number = 0
        var cursor = content
        while (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(cursor.pointee) {
            guard number < 100_000_000 else { return nil }
            number = number * 10 + Int(cursor.pointee - UInt8(ascii: "0"))
            cursor += 1
        }
        guard cursor != content, cursor.pointee == 0 || cursor.pointee == UInt8(ascii: "\n") else { return nil }
        return number
    }

    private static func matchesTarget(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + targetBytes.count <= buffer.count else { return false }
        return targetBytes.indices.allSatisfy { buffer[index + $0] == targetBytes[$0] }
    }
}
